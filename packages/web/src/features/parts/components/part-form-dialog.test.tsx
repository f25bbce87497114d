import { ACCESSORY_MSG as M, FITTING_ENDPOINTS as FITTING, PATHS } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer } from '../../../test/fake-server';
import { chooseOption, findDialog } from '../../../test/line-terminal-fixtures';
import { recordBodies } from '../../../test/request-bodies';
import { renderPage } from '../../../test/render-page';
import { errorOf, expectError, fileInputOf, fittingOf, partsSession, png } from '../parts-fixtures';

const gateway = fittingOf({ id: 5, partDesc: '网关DTU' });

function partsServer() {
  return installServer(
    answer(FITTING.fittingList, { list: [gateway], total: 1, pageSize: 0, pageNum: 1 }),
    answer(FITTING.fittingAdd, 9),
    answer(FITTING.fittingEdit, null),
  );
}

async function openPanel(user: UserEvent, opener: () => HTMLElement, title: string) {
  await screen.findByRole('article', { name: '网关DTU' });
  await user.click(opener());
  return findDialog(title);
}
const openAdd = (user: UserEvent) => openPanel(user, () => screen.getByRole('button', { name: '新增配件' }), '新增配件');
const openEdit = (user: UserEvent) =>
  openPanel(user, () => within(screen.getByRole('article', { name: '网关DTU' })).getByRole('button', { name: '编辑' }), '编辑配件');

const submit = (user: UserEvent, panel: HTMLElement) => user.click(within(panel).getByRole('button', { name: '确定' }));
/** The multipart body sent to `path`, as fields (the file by its name). */
function multipartOf(bodies: Array<BodyInit | null | undefined>) {
  const form = bodies.find((body): body is FormData => body instanceof FormData)!;
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, value instanceof File ? `file:${value.name}` : value]));
}

// The page's chunk loads once, before the clock of the first test starts.
beforeAll(() => import('../pages/parts-page'), 30_000);
beforeEach(() => useSession.getState().signIn(partsSession()));

describe('新增配件 / 编辑配件 panel', () => {
  it('asks for type, description and picture, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = partsServer();
    await renderPage('/parts');
    const panel = await openAdd(user);

    await submit(user, panel);
    await expectError(panel, '配件类型', M.fittingTypeRequired);
    expect(errorOf(panel, '配件描述')).toBe(M.partDescRequired);
    expect(errorOf(panel, '配件图片')).toBe(M.partImageRequired);
    expect(server.calls(FITTING.fittingAdd)).toHaveLength(0);
  });

  it('checks the description: letters and digits only, at most 100', async () => {
    const user = userEvent.setup();
    partsServer();
    await renderPage('/parts');
    const panel = await openAdd(user);
    const description = within(panel).getByPlaceholderText('请输入配件描述');

    await user.type(description, 'DTU-01');
    await expectError(panel, '配件描述', M.partDescRule);
    await user.clear(description);
    await user.click(description);
    await user.paste('长'.repeat(101));
    await expectError(panel, '配件描述', M.partDescTooLong);
    await user.clear(description);
    await user.type(description, '网关DTU01');
    await expectError(panel, '配件描述', '');
  });

  it('takes one png or jpg under 500KB, refuses a second, and forgets it when removed', async () => {
    const user = userEvent.setup({ applyAccept: false });
    partsServer();
    await renderPage('/parts');
    const panel = await openAdd(user);

    await user.upload(fileInputOf(panel, '配件图片'), new File(['GIF89a'], 'part.gif', { type: 'image/gif' }));
    expect(await screen.findByText(M.imageType)).toBeTruthy();
    await user.upload(fileInputOf(panel, '配件图片'), png('big.png', 500 * 1024));
    expect(await screen.findByText(M.partImageTooLarge)).toBeTruthy();
    expect(panel.querySelectorAll('.ant-upload-list-item')).toHaveLength(0);

    await user.upload(fileInputOf(panel, '配件图片'), png('part.png'));
    await waitFor(() => expect(panel.querySelectorAll('.ant-upload-list-item')).toHaveLength(1));
    await user.upload(fileInputOf(panel, '配件图片'), png('second.png'));
    expect(await screen.findByText(M.imageOnlyOne)).toBeTruthy();
    expect(panel.querySelectorAll('.ant-upload-list-item')).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: /删除|delete/i }));
    await waitFor(() => expect(panel.querySelectorAll('.ant-upload-list-item')).toHaveLength(0));
    await submit(user, panel);
    await expectError(panel, '配件图片', M.partImageRequired);
  });

  it('adds a part as multipart (fittingType, partDesc, image) and says so', async () => {
    const user = userEvent.setup();
    const server = partsServer();
    await renderPage('/parts');
    const panel = await openAdd(user);
    const bodies = recordBodies();

    await user.click(within(panel).getByRole('combobox'));
    await chooseOption(user, 'DTU');
    await user.type(within(panel).getByPlaceholderText('请输入配件描述'), ' 网关DTU二代 ');
    await user.upload(fileInputOf(panel, '配件图片'), png('gw2.png'));
    await submit(user, panel);

    expect(await screen.findByText(M.partAdded)).toBeTruthy();
    expect(server.calls(FITTING.fittingAdd)).toHaveLength(1);
    expect(multipartOf(bodies)).toEqual({ fittingType: '1', partDesc: '网关DTU二代', image: 'file:gw2.png' });
    await waitFor(() => expect(server.calls(FITTING.fittingList).length).toBeGreaterThan(1));
  });

  it('edits a part from its current values, keeping the picture unless another is chosen', async () => {
    const user = userEvent.setup();
    const server = partsServer();
    await renderPage('/parts');
    const panel = await openEdit(user);
    const bodies = recordBodies();

    expect((within(panel).getByPlaceholderText('请输入配件描述') as HTMLTextAreaElement).value).toBe('网关DTU');
    expect(within(panel).getByRole('img', { name: '配件图片' }).getAttribute('src')).toBe(`${PATHS.file}/part5`);
    await user.type(within(panel).getByPlaceholderText('请输入配件描述'), '二代');
    await submit(user, panel);

    expect(await screen.findByText(M.partEdited)).toBeTruthy();
    expect(server.calls(FITTING.fittingEdit)).toHaveLength(1);
    expect(multipartOf(bodies)).toEqual({ id: '5', fittingType: '1', partDesc: '网关DTU二代' });
  });

  it('starts empty again after a cancelled edit', async () => {
    const user = userEvent.setup();
    partsServer();
    await renderPage('/parts');
    const edit = await openEdit(user);
    await user.type(within(edit).getByPlaceholderText('请输入配件描述'), '改了');
    await user.click(within(edit).getByRole('button', { name: '取消' }));

    const add = await openAdd(user);
    expect((within(add).getByPlaceholderText('请输入配件描述') as HTMLTextAreaElement).value).toBe('');
    expect(add.querySelectorAll('.ant-upload-list-item')).toHaveLength(0);
  });
});
