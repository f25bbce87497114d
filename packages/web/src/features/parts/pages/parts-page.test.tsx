import { ACCESSORY_MSG as M, FITTING_ENDPOINTS as FITTING, type Fitting, PATHS } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRoute, installServer, refuse } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { chooseOption } from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';
import { findPrompt, fittingOf, partsSession } from '../parts-fixtures';

const gateway = fittingOf({ id: 5, partDesc: '网关DTU', dtuCount: 2 });
const sensor = fittingOf({ id: 6, partDesc: '传感器DTU模组', partImageUrl: '' });

function partsServer(parts: Fitting[] = [gateway, sensor], ...more: FakeRoute[]) {
  return installServer(
    answer(FITTING.fittingList, { list: parts, total: parts.length, pageSize: 0, pageNum: 1 }),
    answer(FITTING.fittingDelete, null),
    ...more,
  );
}

const cardOf = (name: string) => screen.getByRole('article', { name });

// The page's chunk loads once, before the clock of the first test starts.
beforeAll(() => import('./parts-page'), 30_000);
beforeEach(() => useSession.getState().signIn(partsSession()));

describe('配件管理 page', () => {
  it('shows every part as a card with picture, description and type, and the total', async () => {
    const server = partsServer();
    await renderPage('/parts');
    await screen.findByRole('article', { name: '网关DTU' });

    expect(screen.getByRole('heading', { name: '配件管理' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件管理');
    expect(screen.getByLabelText('配件总数').textContent).toBe('共 2 个配件');
    expect(server.calls(FITTING.fittingList)[0]?.query).toEqual({ page: '1', pageSize: '0' });

    const card = within(cardOf('网关DTU'));
    expect(card.getByRole('img', { name: '网关DTU' }).getAttribute('src')).toBe(`${PATHS.file}/part5`);
    expect(card.getByRole('heading', { name: '网关DTU' })).toBeTruthy();
    expect(card.getByText('DTU')).toBeTruthy();
    expect(card.getByText('2 个DTU型号')).toBeTruthy();
    // a part without a picture shows the placeholder
    expect(within(cardOf('传感器DTU模组')).getByLabelText('暂无图片')).toBeTruthy();
  });

  it('filters by part type (only DTU)', async () => {
    const user = userEvent.setup();
    const server = partsServer();
    await renderPage('/parts');
    await screen.findByRole('article', { name: '网关DTU' });

    await user.click(screen.getByRole('combobox', { name: '配件类型' }));
    await chooseOption(user, 'DTU');
    expect(document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')).toHaveLength(1);
    await waitFor(() => expect(server.calls(FITTING.fittingList).at(-1)?.query).toEqual({ fittingType: '1', page: '1', pageSize: '0' }));
  });

  it('offers 新增配件 and 详情, 编辑, 删除 on each card to a role holding them', async () => {
    partsServer();
    const { router } = await renderPage('/parts');
    await screen.findByRole('article', { name: '网关DTU' });

    expect(screen.getByRole('button', { name: '新增配件' })).toBeTruthy();
    const card = within(cardOf('网关DTU'));
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual(['详情', '编辑', '删除']);

    await userEvent.setup().click(card.getByRole('button', { name: '详情' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/partsDetail?partsId=5&partsType=1'));
  });

  it.each([
    [['detail'], ['详情']],
    [['edit', 'delete'], ['编辑', '删除']],
    [[], []],
  ])('with the buttons %j shows only %j and no add card without 新增', async (buttons, shown) => {
    useSession.getState().signIn(partsSession(buttons));
    partsServer();
    await renderPage('/parts');
    await screen.findByRole('article', { name: '网关DTU' });

    expect(screen.queryByRole('button', { name: '新增配件' })).toBeNull();
    expect(within(cardOf('网关DTU')).queryAllByRole('button').map((button) => button.textContent)).toEqual(shown);
  });

  it('deletes a part after 提示 / 是否删除该配件? and reads the list again', async () => {
    const user = userEvent.setup();
    const server = partsServer();
    await renderPage('/parts');
    await screen.findByRole('article', { name: '网关DTU' });

    await user.click(within(cardOf('网关DTU')).getByRole('button', { name: '删除' }));
    await user.click(within(await findPrompt(M.partDeleteConfirm)).getByRole('button', { name: '确定' }));

    expect(await screen.findByText(M.partDeleted)).toBeTruthy();
    const call = server.calls(FITTING.fittingDelete)[0]!;
    expect(call.method).toBe('POST');
    expect(formFields(call)).toEqual({ id: '5' });
    await waitFor(() => expect(server.calls(FITTING.fittingList).length).toBeGreaterThan(1));
  });

  it('sends nothing when the deletion is cancelled', async () => {
    const user = userEvent.setup();
    const server = partsServer();
    await renderPage('/parts');
    await screen.findByRole('article', { name: '网关DTU' });

    await user.click(within(cardOf('网关DTU')).getByRole('button', { name: '删除' }));
    await user.click(within(await findPrompt(M.partDeleteConfirm)).getByRole('button', { name: '取消' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.calls(FITTING.fittingDelete)).toHaveLength(0);
  });

  it('shows the server’s reason when a part with DTUs is refused (409)', async () => {
    const user = userEvent.setup();
    partsServer(undefined, refuse(FITTING.fittingDelete, M.partHasDtus, 409));
    await renderPage('/parts');
    await screen.findByRole('article', { name: '网关DTU' });

    await user.click(within(cardOf('网关DTU')).getByRole('button', { name: '删除' }));
    await user.click(within(await findPrompt(M.partDeleteConfirm)).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(M.partHasDtus)).toBeTruthy();
    expect(screen.queryByText(M.partDeleted)).toBeNull();
  });

  it('says 暂无配件 when there is none, with the add card for a role that may add', async () => {
    partsServer([]);
    await renderPage('/parts');
    expect(await screen.findByText('暂无配件，点击“新增配件”添加')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增配件' })).toBeTruthy();
    expect(screen.getByLabelText('配件总数').textContent).toBe('共 0 个配件');
  });

  it('says the list failed, with the server’s message and 重试', async () => {
    const user = userEvent.setup();
    const server = installServer(refuse(FITTING.fittingList, '配件列表暂不可用'));
    await renderPage('/parts');
    expect(await screen.findByText('配件加载失败')).toBeTruthy();
    expect(await screen.findByText('配件列表暂不可用')).toBeTruthy();

    server.put(answer(FITTING.fittingList, { list: [gateway], total: 1, pageSize: 0, pageNum: 1 }));
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '网关DTU' })).toBeTruthy();
  });
});
