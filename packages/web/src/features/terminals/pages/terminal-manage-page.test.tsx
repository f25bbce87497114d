import { LINE_ENDPOINTS as LINE, MENUS, MSG, TERMINAL_ENDPOINTS as TERMINAL, type TerminalList } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, installServer } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import {
  chooseOption,
  fieldErrorOf,
  findDialog,
  productionLine,
  sessionWithButtons,
  terminalList,
  terminalPad,
} from '../../../test/line-terminal-fixtures';
import { renderPage } from '../../../test/render-page';

configure({ asyncUtilTimeout: 5000 });

const freePad = terminalPad({ padId: 1, padName: '备用平板', padCode: 'PAD001', category: '15寸平板' });
const checkingPad = terminalPad({
  padId: 2,
  padName: '整机一号',
  padCode: 'PAD002',
  status: 2,
  belongTaskType: 2,
  productNumber: 'GW-100',
  padFlow: '外观检测',
  padWorker: '张三',
  lineId: 7,
  lineName: '总装一线',
  taskId: 31,
});
const idlePad = terminalPad({
  padId: 3,
  padName: '空闲平板',
  padCode: 'PAD003',
  category: '11.5寸平板',
  status: 4,
  belongTaskType: 4,
  lineId: 8,
  lineName: '包装线',
});
const partsPad = terminalPad({
  padId: 4,
  padName: '配件平板',
  padCode: 'PAD004',
  status: 3,
  belongTaskType: 3,
  // as the server answers a PAD of a DTU task: the DTU's model, and the task's name (its fittingType)
  dtuType: 'DTU-4G',
  fittingType: '配件抽检',
  taskName: null,
  lineId: 7,
  lineName: '总装一线',
  taskId: 31,
});

const padList = terminalList({
  freePadList: [freePad],
  taskLineList: [
    { lineId: 7, lineName: '总装一线', taskId: 31, productType: '网关', productNumber: 'GW-100', linePadList: [checkingPad, partsPad] },
    { lineId: 8, lineName: '包装线', taskId: null, productType: null, productNumber: null, linePadList: [idlePad] },
  ],
  total: 4,
  freeCount: 1,
  usedCount: 3,
  overallCheckCount: 1,
  partsCheckCount: 1,
  noTaskCount: 1,
});

const pdaList = terminalList({
  pdaFreeList: [terminalPad({ padId: 21, padName: '手持一号', padCode: 'PDA001', terminalType: 'PDA', category: '手持机' })],
  pdaUsedList: [
    terminalPad({ padId: 22, padName: '手持二号', padCode: 'PDA002', terminalType: 'PDA', status: 1, padWorker: '李四' }),
  ],
  total: 2,
  freeCount: 1,
  usedCount: 1,
});

const CATEGORIES = { 1: '21.5寸平板', 2: '15寸平板', 3: '11.5寸平板' };

function terminalServer(lists: { PAD: TerminalList; PDA: TerminalList } = { PAD: padList, PDA: pdaList }) {
  return installServer(
    answer(TERMINAL.terminalList, ({ query }) => (query.terminalType === 'PDA' ? lists.PDA : lists.PAD)),
    answer(TERMINAL.terminalCategory, CATEGORIES),
    answer(LINE.lineList, {
      list: [productionLine({ id: 7, lineName: '总装一线' }), productionLine({ id: 8, lineName: '包装线' })],
      total: 2,
      pageSize: 0,
      pageNum: 1,
    }),
    answer(TERMINAL.terminalAdd, 9),
    answer(TERMINAL.terminalEdit, null),
    answer(TERMINAL.terminalUnbind, null),
  );
}

const listCalls = (server: ReturnType<typeof terminalServer>) => server.calls(TERMINAL.terminalList);
const card = (name: string) => screen.getByRole('article', { name });
const counter = (name: string) => within(screen.getByRole('group', { name: '终端状态' })).getByRole('button', { name });

beforeEach(() =>
  useSession.getState().signIn(sessionWithButtons(MENUS.terminalManage, '终端管理', ['add', 'edit', 'unbind'])),
);

describe('终端管理 page, PAD tab', () => {
  it('shows the unused group first, then one group per line with its cards', async () => {
    const server = terminalServer();
    await renderPage(MENUS.terminalManage);

    expect(await screen.findByRole('region', { name: '未使用' })).toBeTruthy();
    const groups = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(groups).toEqual(['未使用', '总装一线', '包装线']);
    expect(within(screen.getByRole('region', { name: '总装一线' })).getByText('产品型号 GW-100')).toBeTruthy();
    expect(listCalls(server)[0]?.query).toEqual({ terminalType: 'PAD' });

    // Overall check: product model and flow; parts check: part model and task; idle: 空闲; the user.
    const checking = within(card('整机一号'));
    expect(checking.getByText('PAD002')).toBeTruthy();
    expect(checking.getByText('GW-100')).toBeTruthy();
    expect(checking.getByText('外观检测')).toBeTruthy();
    expect(checking.getByText('张三')).toBeTruthy();
    expect(within(card('配件平板')).getByText('DTU-4G')).toBeTruthy();
    expect(within(card('配件平板')).getByText('配件抽检')).toBeTruthy();
    expect(within(card('空闲平板')).getAllByText('空闲').length).toBeGreaterThan(0);

    // The picture follows the model.
    expect(within(card('整机一号')).getByRole('img', { name: '21.5寸平板' })).toBeTruthy();
    expect(within(card('备用平板')).getByRole('img', { name: '15寸平板' })).toBeTruthy();
    expect(within(card('空闲平板')).getByRole('img', { name: '11.5寸平板' })).toBeTruthy();
  });

  it('shows the counters and filters by a counter’s status; clicking it again or 全部 clears', async () => {
    const user = userEvent.setup();
    const server = terminalServer();
    await renderPage(MENUS.terminalManage);
    await screen.findByRole('region', { name: '未使用' });

    expect(counter('4 全部')).toBeTruthy();
    for (const name of ['1 未使用', '1 整机检测中', '1 配件检测中', '1 空闲']) expect(counter(name)).toBeTruthy();

    await user.click(counter('1 整机检测中'));
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toEqual({ terminalType: 'PAD', status: '2' }));
    expect(counter('1 整机检测中').getAttribute('aria-pressed')).toBe('true');

    await user.click(counter('1 整机检测中'));
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toEqual({ terminalType: 'PAD' }));

    await user.click(counter('1 空闲'));
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toMatchObject({ status: '4' }));
    await user.click(counter('1 未使用'));
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toMatchObject({ status: '0' }));
    await user.click(counter('4 全部'));
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toEqual({ terminalType: 'PAD' }));
  });

  it('searches by name or ID on Enter and filters by model', async () => {
    const user = userEvent.setup();
    const server = terminalServer();
    await renderPage(MENUS.terminalManage);
    await screen.findByRole('region', { name: '未使用' });

    await user.type(screen.getByRole('textbox', { name: '终端名称或ID' }), 'PAD00{Enter}');
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toEqual({ terminalType: 'PAD', padKey: 'PAD00' }));

    await user.click(screen.getByRole('combobox', { name: '型号' }));
    await chooseOption(user, '11.5寸平板');
    await waitFor(() =>
      expect(listCalls(server).at(-1)?.query).toEqual({ terminalType: 'PAD', padKey: 'PAD00', categoryId: '3' }),
    );
  });

  it('opens the group’s detail page when a card is clicked', async () => {
    const user = userEvent.setup();
    terminalServer();
    const { router } = await renderPage(MENUS.terminalManage);
    await screen.findByRole('region', { name: '未使用' });

    await user.click(within(card('整机一号')).getByText('PAD002'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/terminalDetail'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      taskId: '31',
      status: 'USE',
      type: 'PAD',
    });
  });

  it('names a line group without a task by its line, and the unused group by its status', async () => {
    terminalServer();
    await renderPage(MENUS.terminalManage);
    await screen.findByRole('region', { name: '未使用' });
    const link = (group: string) =>
      within(screen.getByRole('region', { name: group })).getByRole('link', { name: /查看详情/ }).getAttribute('href');
    expect(link('包装线')).toBe('/terminalDetail?lineId=8&status=USE&type=PAD');
    expect(link('未使用')).toBe('/terminalDetail?status=UNUSE&type=PAD');
  });

  it('shows 编辑 on every card and 解绑 only on cards in use', async () => {
    terminalServer();
    await renderPage(MENUS.terminalManage);
    await screen.findByRole('region', { name: '未使用' });

    expect(within(card('备用平板')).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(card('备用平板')).queryByRole('button', { name: '解绑' })).toBeNull();
    expect(within(card('整机一号')).getByRole('button', { name: '解绑' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增终端' })).toBeTruthy();
  });

  it('hides 新增终端, 编辑 and 解绑 without those buttons', async () => {
    useSession.getState().signIn(sessionWithButtons(MENUS.terminalManage, '终端管理'));
    terminalServer();
    await renderPage(MENUS.terminalManage);
    await screen.findByRole('region', { name: '未使用' });
    for (const name of ['新增终端', '编辑', '解绑']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('shows 暂无终端 when nothing matches', async () => {
    terminalServer({ PAD: terminalList(), PDA: terminalList() });
    await renderPage(MENUS.terminalManage);
    expect(await screen.findByText('暂无终端')).toBeTruthy();
  });

  it('unbinds a terminal after confirming, through the query string', async () => {
    const user = userEvent.setup();
    const server = terminalServer();
    await renderPage(MENUS.terminalManage);
    await screen.findByRole('region', { name: '未使用' });

    await user.click(within(card('整机一号')).getByRole('button', { name: '解绑' }));
    const confirm = await screen.findByText(/确定解绑终端“整机一号”吗/);
    expect(server.calls(TERMINAL.terminalUnbind)).toHaveLength(0);
    await user.click(within(confirm.closest('.ant-modal') as HTMLElement).getByRole('button', { name: '解绑' }));

    expect(await screen.findByText(MSG.terminalUnbound)).toBeTruthy();
    const unbind = server.calls(TERMINAL.terminalUnbind)[0];
    expect(unbind?.method).toBe('POST');
    expect(unbind?.query).toEqual({ terminalId: '2', terminalType: 'PAD' });
  });
});

describe('终端管理 page, 手持机 tab', () => {
  it('shows 未使用 and 已使用 groups and filters 使用中 by status 1', async () => {
    const user = userEvent.setup();
    const server = terminalServer();
    const { router } = await renderPage(MENUS.terminalManage);
    await screen.findByRole('region', { name: '未使用' });

    await user.click(screen.getByRole('tab', { name: '手持机' }));
    expect(await screen.findByRole('region', { name: '已使用' })).toBeTruthy();
    expect(router.state.location.search).toBe('?type=PDA');
    expect(within(card('手持二号')).getByRole('img', { name: '手持机' })).toBeTruthy();
    expect(within(card('手持二号')).getByText('李四')).toBeTruthy();
    // No model filter for handhelds.
    expect(screen.queryByRole('combobox', { name: '型号' })).toBeNull();
    expect(screen.queryByRole('button', { name: /整机检测中/ })).toBeNull();

    await user.click(counter('1 使用中'));
    await waitFor(() => expect(listCalls(server).at(-1)?.query).toEqual({ terminalType: 'PDA', status: '1' }));
  });
});

describe('编辑终端 side panel', () => {
  const openEdit = async (name: string) => {
    const user = userEvent.setup();
    await screen.findByRole('region', { name: '未使用' });
    await user.click(within(card(name)).getByRole('button', { name: '编辑' }));
    const drawer = within(await findDialog('编辑终端'));
    return { user, drawer };
  };

  it('asks for a name, refuses special characters and limits the name to 12', async () => {
    const server = terminalServer();
    await renderPage(MENUS.terminalManage);
    const { user, drawer } = await openEdit('备用平板');
    const name = drawer.getByLabelText('终端名称');
    expect(name.getAttribute('maxlength')).toBe('12');

    await user.clear(name);
    await user.click(drawer.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(name)).toBe(MSG.terminalNameRequired));

    await user.type(name, '平板_01');
    await user.click(drawer.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(name)).toBe(MSG.terminalNameRule));
    expect(server.calls(TERMINAL.terminalEdit)).toHaveLength(0);
  });

  it('puts an unused PAD on a line: form-encoded, says 编辑成功', async () => {
    const server = terminalServer();
    await renderPage(MENUS.terminalManage);
    const { user, drawer } = await openEdit('备用平板');

    await user.clear(drawer.getByLabelText('终端名称'));
    await user.type(drawer.getByLabelText('终端名称'), '备用平板二');
    await user.click(drawer.getByRole('combobox', { name: '产线' }));
    await chooseOption(user, '包装线（LINE_8）');
    await user.click(drawer.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.terminalEdited)).toBeTruthy();
    const edit = server.calls(TERMINAL.terminalEdit)[0]!;
    expect(edit.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(formFields(edit)).toEqual({ terminalId: '1', terminalName: '备用平板二', terminalType: 'PAD', lineId: '8' });
  });

  it('offers no line for a PAD on a task and sends its line back unchanged', async () => {
    const server = terminalServer();
    await renderPage(MENUS.terminalManage);
    const { user, drawer } = await openEdit('整机一号');

    expect(drawer.queryByRole('combobox', { name: '产线' })).toBeNull();
    await user.click(drawer.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(MSG.terminalEdited)).toBeTruthy();
    const edit = server.calls(TERMINAL.terminalEdit)[0]!;
    expect(formFields(edit)).toEqual({ terminalId: '2', terminalName: '整机一号', terminalType: 'PAD', lineId: '7' });
  });
});

describe('新增终端 dialog', () => {
  it('checks code, name and model, then registers a PAD as JSON', async () => {
    const user = userEvent.setup();
    const server = terminalServer();
    await renderPage(MENUS.terminalManage);
    await screen.findByRole('region', { name: '未使用' });

    await user.click(screen.getByRole('button', { name: '新增终端' }));
    const dialog = within(await findDialog('新增终端'));
    await user.click(dialog.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(dialog.getByLabelText('终端编号'))).toBe(MSG.terminalCodeRequired));
    expect(fieldErrorOf(dialog.getByLabelText('终端名称'))).toBe(MSG.terminalNameRequired);
    expect(fieldErrorOf(dialog.getByLabelText('型号'))).toBe(MSG.terminalCategoryRequired);

    await user.type(dialog.getByLabelText('终端编号'), 'PAD#9');
    await user.type(dialog.getByLabelText('终端名称'), '新平板');
    await user.click(dialog.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldErrorOf(dialog.getByLabelText('终端编号'))).toBe(MSG.terminalCodeRule));

    await user.clear(dialog.getByLabelText('终端编号'));
    await user.type(dialog.getByLabelText('终端编号'), 'PAD-009');
    await user.click(dialog.getByRole('combobox', { name: '型号' }));
    await chooseOption(user, '21.5寸平板');
    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.terminalAdded)).toBeTruthy();
    const add = server.calls(TERMINAL.terminalAdd)[0]!;
    expect(add.headers['Content-Type']).toBe('application/json');
    expect(add.json).toEqual({
      terminalType: 'PAD',
      terminalCode: 'PAD-009',
      terminalName: '新平板',
      categoryId: 1,
    });
  });

  it('registers a handheld without model or line', async () => {
    const user = userEvent.setup();
    const server = terminalServer();
    await renderPage(`${MENUS.terminalManage}?type=PDA`);
    await screen.findByRole('region', { name: '已使用' });

    await user.click(screen.getByRole('button', { name: '新增终端' }));
    const dialog = within(await findDialog('新增终端'));
    expect(dialog.queryByLabelText('型号')).toBeNull();
    expect(dialog.queryByLabelText('产线')).toBeNull();
    await user.type(dialog.getByLabelText('终端编号'), 'PDA009');
    await user.type(dialog.getByLabelText('终端名称'), '手持九号');
    await user.click(dialog.getByRole('button', { name: '确定' }));

    expect(await screen.findByText(MSG.terminalAdded)).toBeTruthy();
    const add = server.calls(TERMINAL.terminalAdd)[0]!;
    expect(add.json).toEqual({ terminalType: 'PDA', terminalCode: 'PDA009', terminalName: '手持九号' });
  });
});
