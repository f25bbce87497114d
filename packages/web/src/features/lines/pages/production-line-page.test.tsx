import { LINE_ENDPOINTS as LINE, MSG, type ProductionLine } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRoute, installServer, refuse } from '../../../test/fake-server';
import { chooseOption, fieldErrorOf, findDialog, productionLine, sessionWithButtons } from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';

// The page and its antd parts load lazily; on a busy machine that takes longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

const ALL_BUTTONS = ['add', 'edit', 'stop', 'start', 'delete'];

const stoppedLine = productionLine({ id: 11, lineName: '总装一线', lineNum: 'ZZ_01', status: 0 });
const runningLine = productionLine({ id: 12, lineName: '总装二线', lineNum: 'ZZ_02', status: 1 });

/** A server with one factory and the given lines, answering the line changes with success unless `more` says otherwise. */
function lineServer(lines: ProductionLine[] = [stoppedLine, runningLine], ...more: FakeRoute[]) {
  return installServer(
    answer(LINE.factoryList, { list: [{ id: 1, factoryName: '默认工厂', lineList: [] }], total: 1, pageSize: 0, pageNum: 1 }),
    answer(LINE.lineList, { list: lines, total: lines.length, pageSize: 10, pageNum: 1 }),
    answer(LINE.lineAdd, 5),
    answer(LINE.lineEdit, null),
    answer(LINE.lineChangeStatus, null),
    ...more,
  );
}
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

beforeEach(() => useSession.getState().signIn(sessionWithButtons('/productionLine', '产线管理', ALL_BUTTONS)));

describe('产线管理 page', () => {
  it('lists the first factory’s lines with index, name, code and status', async () => {
    const server = lineServer();
    await renderPage('/productionLine');

    expect(await screen.findByText('总装一线')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '产线管理' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('平台管理/产线管理');
    expect(within(row('总装一线')).getByText('停用')).toBeTruthy();
    expect(within(row('总装二线')).getByText('启用')).toBeTruthy();
    expect(within(row('总装二线')).getByText('ZZ_02')).toBeTruthy();
    expect(server.calls(LINE.lineList)[0]?.query).toEqual({ factoryId: '1', page: '1', pageSize: '10' });
    // One factory: no factory select.
    expect(screen.queryByRole('combobox', { name: '工厂' })).toBeNull();
  });

  it('searches on Enter and filters by status', async () => {
    const user = userEvent.setup();
    const server = lineServer();
    await renderPage('/productionLine');
    await screen.findByText('总装一线');

    const search = screen.getByRole('textbox', { name: '产线名称或编号' });
    expect(search.getAttribute('maxlength')).toBe('12');
    await user.type(search, ' ZZ ');
    expect(server.calls(LINE.lineList)).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.calls(LINE.lineList).at(-1)?.query).toMatchObject({ searchContext: 'ZZ', page: '1' }));

    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await chooseOption(user, '停用');
    await waitFor(() => expect(server.calls(LINE.lineList).at(-1)?.query).toMatchObject({ searchContext: 'ZZ', status: '0' }));
  });

  it('shows 暂无产线 when the factory has no line', async () => {
    lineServer([]);
    await renderPage('/productionLine');
    expect(await screen.findByText('暂无产线')).toBeTruthy();
  });

  it('offers 编辑 and 启用 on a stopped line and only 停用 on an enabled one', async () => {
    lineServer();
    await renderPage('/productionLine');
    await screen.findByText('总装一线');

    const stopped = within(row('总装一线'));
    expect(stopped.getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(stopped.getByRole('button', { name: '启用' })).toBeTruthy();
    expect(stopped.queryByRole('button', { name: '停用' })).toBeNull();

    const running = within(row('总装二线'));
    expect(running.getByRole('button', { name: '停用' })).toBeTruthy();
    expect(running.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(running.queryByRole('button', { name: '启用' })).toBeNull();
    // seed 000 §4: no delete button although the call exists.
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('enables and stops a line through the query string and says so', async () => {
    const user = userEvent.setup();
    const server = lineServer();
    await renderPage('/productionLine');
    await screen.findByText('总装一线');

    await user.click(within(row('总装一线')).getByRole('button', { name: '启用' }));
    expect(await screen.findByText(MSG.lineEnabled)).toBeTruthy();
    const enable = server.calls(LINE.lineChangeStatus)[0];
    expect(enable?.method).toBe('POST');
    expect(enable?.query).toEqual({ id: '11', status: '1' });

    await user.click(within(row('总装二线')).getByRole('button', { name: '停用' }));
    expect(await screen.findByText(MSG.lineDisabled)).toBeTruthy();
    expect(server.calls(LINE.lineChangeStatus).at(-1)?.query).toEqual({ id: '12', status: '0' });
  });

  it('shows only the buttons the role holds', async () => {
    useSession.getState().signIn(sessionWithButtons('/productionLine', '产线管理', ['stop']));
    lineServer();
    await renderPage('/productionLine');
    await screen.findByText('总装一线');

    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '启用' })).toBeNull();
    expect(within(row('总装二线')).getByRole('button', { name: '停用' })).toBeTruthy();
  });

  it('hides every action without any button of the page', async () => {
    useSession.getState().signIn(sessionWithButtons('/productionLine', '产线管理'));
    lineServer();
    await renderPage('/productionLine');
    await screen.findByText('总装一线');
    for (const name of ['新增', '编辑', '启用', '停用']) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

describe('新增产线 / 编辑产线 dialog', () => {
  const openAdd = async () => {
    const user = userEvent.setup();
    // 新增 waits for the factory the line will belong to.
    await screen.findByText('总装一线');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = within(await findDialog('新增产线'));
    return { user, dialog };
  };

  it('asks for name and code when both are empty, and sends nothing', async () => {
    const server = lineServer();
    await renderPage('/productionLine');
    const { user, dialog } = await openAdd();

    await user.click(dialog.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(screen.getByLabelText('产线名称'))).toBe(MSG.lineNameRequired));
    expect(fieldErrorOf(screen.getByLabelText('产线编号'))).toBe(MSG.lineNumRequired);
    expect(server.calls(LINE.lineAdd)).toHaveLength(0);
  });

  it.each([
    ['A', 'A1', MSG.lineNameRule, MSG.lineNumRule],
    ['总装-一线', '总装', MSG.lineNameRule, MSG.lineNumRule],
    ['总装#1', 'ZZ#1', MSG.lineNameRule, MSG.lineNumRule],
  ])('rejects name %s and code %s with the shared rules', async (name, code, nameMessage, codeMessage) => {
    lineServer();
    await renderPage('/productionLine');
    const { user, dialog } = await openAdd();

    await user.type(screen.getByLabelText('产线名称'), name);
    await user.type(screen.getByLabelText('产线编号'), code);
    await user.click(dialog.getByRole('button', { name: '确定' }));

    await waitFor(() => expect(fieldErrorOf(screen.getByLabelText('产线名称'))).toBe(nameMessage));
    expect(fieldErrorOf(screen.getByLabelText('产线编号'))).toBe(code === 'A1' ? '' : codeMessage);
  });

  it('limits both inputs to 12 characters', async () => {
    lineServer();
    await renderPage('/productionLine');
    await openAdd();
    expect(screen.getByLabelText('产线名称').getAttribute('maxlength')).toBe('12');
    expect(screen.getByLabelText('产线编号').getAttribute('maxlength')).toBe('12');
  });

  it('adds a line to the factory as JSON and says 新增产线成功', async () => {
    const server = lineServer();
    await renderPage('/productionLine');
    const { user, dialog } = await openAdd();

    await user.type(screen.getByLabelText('产线名称'), '包装_一线');
    await user.type(screen.getByLabelText('产线编号'), 'BZ_01');
    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.lineAdded)).toBeTruthy();
    const add = server.calls(LINE.lineAdd)[0];
    expect(add?.headers['Content-Type']).toBe('application/json');
    expect(add?.json).toEqual({ factoryId: 1, lineName: '包装_一线', lineNum: 'BZ_01' });
    // The list is read again after the change.
    await waitFor(() => expect(server.calls(LINE.lineList).length).toBeGreaterThan(1));
  });

  it('edits a stopped line with its values filled in and says 编辑产线成功', async () => {
    const user = userEvent.setup();
    const server = lineServer();
    await renderPage('/productionLine');
    await screen.findByText('总装一线');

    await user.click(within(row('总装一线')).getByRole('button', { name: '编辑' }));
    const dialog = within(await findDialog('编辑产线'));
    const name = screen.getByLabelText('产线名称');
    expect((name as HTMLInputElement).value).toBe('总装一线');
    await user.clear(name);
    await user.type(name, '总装三线');
    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.lineEdited)).toBeTruthy();
    expect(server.calls(LINE.lineEdit)[0]?.json).toEqual({ id: 11, factoryId: 1, lineName: '总装三线', lineNum: 'ZZ_01' });
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    lineServer(undefined, refuse(LINE.lineAdd, MSG.lineNumTaken, 409));
    await renderPage('/productionLine');
    const { user, dialog } = await openAdd();

    await user.type(screen.getByLabelText('产线名称'), '包装一线');
    await user.type(screen.getByLabelText('产线编号'), 'ZZ_01');
    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.lineNumTaken)).toBeTruthy();
    expect(await findDialog('新增产线')).toBeTruthy();
  });
});
