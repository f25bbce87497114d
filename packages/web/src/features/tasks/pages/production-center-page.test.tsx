import {
  PRODUCT_ENDPOINTS as PRODUCT,
  PRODUCTION_CODE_ENDPOINTS as CODES,
  TASK_ENDPOINTS as TASK,
  TASK_LIST_ACTIONS,
  TASK_MSG,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
} from '@factory/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRoute, installServer, refusal, refuse } from '../../../test/fake-server';
import { chooseOption } from '../../../test/line-terminal-fixtures';
import { confirmWith, findConfirm } from '../../../test/product-fixtures';
import { renderPage } from '../../../test/render-page';
import { PRODUCT_TYPES, TASK_BUTTONS, taskOf, taskSession } from '../task-fixtures';

configure({ asyncUtilTimeout: 5000 });

/** One task per status, its model naming the status so a row is found by it. */
const tasksByStatus: Task[] = TASK_STATUSES.map((status, index) =>
  taskOf({ id: index + 1, status, number: `GW_${status}`, finishNumber: index * 10 }),
);

/** A task server: the list answers `tasks`, the row actions succeed unless `more` says otherwise. */
function taskServer(tasks: Task[] = tasksByStatus, ...more: FakeRoute[]) {
  return installServer(
    answer(PRODUCT.productTypes, PRODUCT_TYPES),
    answer(TASK.taskList, { list: tasks, total: tasks.length, pageSize: 10, pageNum: 1 }),
    answer(TASK.taskStart, null),
    answer(TASK.taskStop, null),
    answer(TASK.taskFinish, null),
    answer(TASK.taskDelete, null),
    ...more,
  );
}

/** The table is idle: its loading veil (pointer-events: none) is gone. */
const tableIdle = () => waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());
const rowOf = (model: string) => screen.getByRole('row', { name: new RegExp(`\\b${model}\\b`) });

/**
 * The menu items of the dropdown that is open now. A closed one keeps its leave
 * animation's class under happy-dom (no animation ever ends there).
 */
function openMenuItems(): HTMLElement[] {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-dropdown')].filter(
    (dropdown) => !dropdown.classList.contains('ant-dropdown-hidden') && !/-leave\b/.test(dropdown.className),
  );
  return open.flatMap((dropdown) => [...dropdown.querySelectorAll<HTMLElement>('[role="menuitem"]')]);
}

/** Opens a row's dropdown button and picks the item with this text. */
async function pick(user: UserEvent, model: string, button: string, item: string) {
  await user.click(within(rowOf(model)).getByRole('button', { name: button }));
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = openMenuItems().find((element) => element.textContent === item);
    expect(found).toBeTruthy();
  });
  await user.click(found!);
}

/** Every action a row offers: its buttons and the items under 更多. */
async function actionsOf(user: UserEvent, model: string): Promise<string[]> {
  const row = within(rowOf(model));
  const names = row.queryAllByRole('button').map((button) => button.textContent ?? '');
  if (!names.includes('更多')) return names.sort();
  await user.click(row.getByRole('button', { name: '更多' }));
  let items: string[] = [];
  await waitFor(() => {
    items = openMenuItems().map((item) => item.textContent ?? '');
    expect(items.length).toBeGreaterThan(0);
  });
  await user.click(row.getByRole('button', { name: '更多' }));
  await waitFor(() => expect(openMenuItems()).toHaveLength(0));
  return [...names.filter((name) => name !== '更多'), ...items].sort();
}

/** The buttons of TASK_LIST_ACTIONS as the list names them. */
const ACTION_NAMES: Record<keyof typeof TASK_LIST_ACTIONS, string> = {
  dataWatch: '数据看板',
  edit: '编辑',
  stop: '停止',
  start: '开始',
  finish: '结束',
  delete: '删除',
};
/** Buttons that every status offers when the role holds them. */
const ANY_STATUS: Record<string, string> = { detail: '进入', exportProCode: '导出生产码' };

function expectedActions(status: TaskStatus, buttons: readonly string[]): string[] {
  const names = ['生产记录'];
  for (const [funCode, name] of Object.entries(ANY_STATUS)) if (buttons.includes(funCode)) names.push(name);
  for (const [action, statuses] of Object.entries(TASK_LIST_ACTIONS) as Array<[keyof typeof ACTION_NAMES, readonly TaskStatus[]]>) {
    if (buttons.includes(action) && statuses.includes(status)) names.push(ACTION_NAMES[action]);
  }
  return names.sort();
}

beforeEach(() => useSession.getState().signIn(taskSession()));
afterEach(() => vi.restoreAllMocks());

describe('产线检测 page', () => {
  it('lists the tasks with their fields and status tags, and asks for page 1 of 10', async () => {
    const overdue = taskOf({ id: 9, number: 'GW_LATE', status: 'START', expireTime: '2020-01-01 18:00:00', finishNumber: 25 });
    const finishedLate = taskOf({ id: 10, number: 'GW_DONE', status: 'FINISH', expireTime: '2020-01-01 18:00:00' });
    const noExpiry = taskOf({ id: 11, number: 'GW_OPEN', status: 'UNSTART', expireTime: null });
    const server = taskServer([...tasksByStatus, overdue, finishedLate, noExpiry]);
    await renderPage('/productionCenter');

    await screen.findByText('GW_NEW');
    expect(screen.getByRole('heading', { name: '产线检测' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/产线检测');
    const names = { NEW: '待生产', UNSTART: '未开始', START: '生产中', STOP: '停止中', FINISH: '已结束' };
    for (const status of TASK_STATUSES) expect(within(rowOf(`GW_${status}`)).getByText(names[status])).toBeTruthy();
    expect(rowOf('GW_START').querySelector('.ant-tag-green')).toBeTruthy();
    expect(rowOf('GW_STOP').querySelector('.ant-tag-orange')).toBeTruthy();

    const late = within(rowOf('GW_LATE'));
    expect(late.getByText('智能网关')).toBeTruthy();
    expect(late.getByText('总装一线、总装二线')).toBeTruthy();
    expect(late.getByText('ZZ_01,ZZ_02')).toBeTruthy();
    expect(late.getByText('25 / 100')).toBeTruthy();
    expect(late.getByText('已过期')).toBeTruthy();
    expect(late.getByText('2020-01-01')).toBeTruthy();
    expect(within(rowOf('GW_DONE')).queryByText(/已过期/)).toBeNull();
    expect(within(rowOf('GW_OPEN')).getByText('—')).toBeTruthy();
    expect(within(rowOf('GW_NEW')).getByText('2026-03-01')).toBeTruthy();

    expect(server.calls(TASK.taskList)[0]?.query).toEqual({ page: '1', pageSize: '10' });
  });

  it('numbers each row by its task’s own number, as the trace and the code export do, not by position', async () => {
    // Ids out of order and with gaps: a row's position would read 1, 2, 3.
    taskServer([taskOf({ id: 42, number: 'GW_A' }), taskOf({ id: 4, number: 'GW_B' }), taskOf({ id: 17, number: 'GW_C' })]);
    await renderPage('/productionCenter');
    await screen.findByText('GW_A');

    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers[0]).toBe('任务编号');
    expect(headers).not.toContain('序号');
    const firstCells = ['GW_A', 'GW_B', 'GW_C'].map((model) => within(rowOf(model)).getAllByRole('cell')[0]?.textContent);
    expect(firstCells).toEqual(['#42', '#4', '#17']);
  });

  it('sends the filters: type and status at once, the text on Enter or 查询, and 重置 clears them', async () => {
    const user = userEvent.setup();
    const server = taskServer();
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');

    await user.click(screen.getByRole('combobox', { name: '产品类型' }));
    await chooseOption(user, '智能电表');
    await waitFor(() => expect(server.calls(TASK.taskList).at(-1)?.query).toEqual({ page: '1', pageSize: '10', productTypeId: '2' }));

    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await chooseOption(user, '停止中');
    await waitFor(() => expect(server.calls(TASK.taskList).at(-1)?.query).toMatchObject({ productTypeId: '2', status: 'STOP' }));

    const search = screen.getByRole('textbox', { name: '产品型号/产线编号' });
    await user.type(search, ' ZZ_01 ');
    const before = server.calls(TASK.taskList).length;
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(server.calls(TASK.taskList).at(-1)?.query).toEqual({
        page: '1',
        pageSize: '10',
        productTypeId: '2',
        status: 'STOP',
        productNumberOrProductLineCode: 'ZZ_01',
      }),
    );
    expect(server.calls(TASK.taskList).length).toBe(before + 1);

    await user.clear(search);
    await user.type(search, 'GW');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(server.calls(TASK.taskList).at(-1)?.query).toMatchObject({ productNumberOrProductLineCode: 'GW' }));

    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(server.calls(TASK.taskList).at(-1)?.query).toEqual({ page: '1', pageSize: '10' }));
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('offers each action by status with every button held (TASK_LIST_ACTIONS)', async () => {
    const user = userEvent.setup();
    taskServer();
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');

    for (const status of TASK_STATUSES) {
      expect(await actionsOf(user, `GW_${status}`), status).toEqual(expectedActions(status, TASK_BUTTONS));
    }
  });

  it.each(TASK_BUTTONS.filter((button) => button !== 'add'))('with only %s, offers only that action and 生产记录', async (button) => {
    useSession.getState().signIn(taskSession([button]));
    const user = userEvent.setup();
    taskServer();
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');

    expect(screen.queryByRole('button', { name: '新增任务' })).toBeNull();
    for (const status of TASK_STATUSES) {
      expect(await actionsOf(user, `GW_${status}`), status).toEqual(expectedActions(status, [button]));
    }
  });

  it.each([
    ['GW_START', '停止', TASK_MSG.confirmStop, TASK.taskStop, TASK_MSG.stopped],
    ['GW_STOP', '开始', TASK_MSG.confirmStart, TASK.taskStart, TASK_MSG.started],
  ])('%s: %s asks, calls and says so, then refreshes the list', async (model, button, question, endpoint, success) => {
    const user = userEvent.setup();
    const server = taskServer();
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');
    const id = tasksByStatus.find((task) => task.number === model)!.id;

    await user.click(within(rowOf(model)).getByRole('button', { name: button }));
    const before = server.calls(TASK.taskList).length;
    await confirmWith(user, question);

    expect(await screen.findByText(success)).toBeTruthy();
    const calls = server.calls(endpoint);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.json).toEqual({ id });
    await waitFor(() => expect(server.calls(TASK.taskList).length).toBeGreaterThan(before));
  });

  it.each([
    ['GW_STOP', '结束', TASK_MSG.confirmFinish, TASK.taskFinish, TASK_MSG.finished],
    ['GW_UNSTART', '删除', TASK_MSG.confirmDelete, TASK.taskDelete, TASK_MSG.deleted],
  ])('%s: %s (under 更多) asks, calls and says so, then refreshes the list', async (model, item, question, endpoint, success) => {
    const user = userEvent.setup();
    const server = taskServer();
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');
    const id = tasksByStatus.find((task) => task.number === model)!.id;

    await pick(user, model, '更多', item);
    const before = server.calls(TASK.taskList).length;
    await confirmWith(user, question);

    expect(await screen.findByText(success)).toBeTruthy();
    expect(server.calls(endpoint)[0]?.json).toEqual({ id });
    await waitFor(() => expect(server.calls(TASK.taskList).length).toBeGreaterThan(before));
  });

  it('calls nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const server = taskServer();
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');

    await user.click(within(rowOf('GW_START')).getByRole('button', { name: '停止' }));
    const dialog = await findConfirm(TASK_MSG.confirmStop);
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.calls(TASK.taskStop)).toHaveLength(0);
    expect(screen.queryByText(TASK_MSG.stopped)).toBeNull();
  });

  it('shows the server’s refusal of a transition and no success', async () => {
    const user = userEvent.setup();
    taskServer(undefined, refuse(TASK.taskStart, TASK_MSG.notStartable));
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');

    await user.click(within(rowOf('GW_STOP')).getByRole('button', { name: '开始' }));
    await confirmWith(user, TASK_MSG.confirmStart);
    expect(await screen.findByText(TASK_MSG.notStartable)).toBeTruthy();
    expect(screen.queryByText(TASK_MSG.started)).toBeNull();
  });

  it('edits a stopped task on step 2 with its lines, any other on step 1', async () => {
    const user = userEvent.setup();
    taskServer();
    const { router } = await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');
    const where = () => router.state.location.pathname + router.state.location.search;

    await user.click(within(rowOf('GW_STOP')).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(where()).toBe('/flowInfo?id=4&productionLineIds=11,12'));

    act(() => void router.navigate('/productionCenter'));
    await screen.findByText('GW_NEW');
    await tableIdle();
    await user.click(within(rowOf('GW_UNSTART')).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(where()).toBe('/basicInfo?id=2'));
  });

  it('opens the data board with model and line names encoded twice, the detail and the records', async () => {
    const user = userEvent.setup();
    const task = taskOf({ id: 21, number: 'GW 100/A', status: 'START', productionLineName: '总装一线、总装二线' });
    taskServer([task]);
    const { router } = await renderPage('/productionCenter');
    await screen.findByText('GW 100/A');
    const where = () => router.state.location.pathname + router.state.location.search;

    await pick(user, 'GW 100/A', '更多', '数据看板');
    const twice = (text: string) => encodeURIComponent(encodeURIComponent(text));
    await waitFor(() =>
      expect(where()).toBe(`/dataWatch?id=21&productNumber=${twice('GW 100/A')}&productionLineName=${twice('总装一线、总装二线')}`),
    );
    expect(where()).toContain('productNumber=GW%2520100%252FA');
    expect(new URLSearchParams(router.state.location.search).get('productionLineName')).toBe(
      encodeURIComponent('总装一线、总装二线'),
    );

    act(() => void router.navigate('/productionCenter'));
    await screen.findByText('GW 100/A');
    await tableIdle();
    await user.click(within(rowOf('GW 100/A')).getByRole('button', { name: '进入' }));
    await waitFor(() => expect(where()).toBe('/productionTaskDetail?id=21'));

    act(() => void router.navigate('/productionCenter'));
    await screen.findByText('GW 100/A');
    await tableIdle();
    await user.click(within(rowOf('GW 100/A')).getByRole('button', { name: '生产记录' }));
    await waitFor(() => expect(where()).toBe('/productionLog?id=21'));
  });

  it('exports the codes as Excel or CSV under the server’s name', async () => {
    const user = userEvent.setup();
    taskServer();
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');

    // The file comes as an attachment, which the shared stand-in (text only) does not model.
    const standIn = globalThis.fetch;
    const asked: string[] = [];
    globalThis.fetch = (input, init) => {
      if (!String(input).startsWith(CODES.taskExportCodes.path)) return standIn(input, init);
      asked.push(String(input));
      const format = new URL(String(input), 'http://console').searchParams.get('format');
      return Promise.resolve(
        new Response('x', {
          headers: { 'Content-Disposition': `attachment; filename*=UTF-8''GW_START_%E7%94%9F%E4%BA%A7%E7%BC%96%E7%A0%81.${format}` },
        }),
      );
    };
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });

    await pick(user, 'GW_START', '导出生产码', '导出Excel');
    await waitFor(() => expect(downloads).toEqual(['GW_START_生产编码.xlsx']));
    await pick(user, 'GW_START', '导出生产码', '导出CSV');
    await waitFor(() => expect(downloads).toEqual(['GW_START_生产编码.xlsx', 'GW_START_生产编码.csv']));
    const path = CODES.taskExportCodes.path;
    expect(asked).toEqual([`${path}?taskId=3&format=xlsx`, `${path}?taskId=3&format=csv`]);
  });

  it('shows the refusal of an export', async () => {
    const user = userEvent.setup();
    taskServer(undefined, refuse(CODES.taskExportCodes, '任务不存在'));
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');

    await pick(user, 'GW_NEW', '导出生产码', '导出CSV');
    expect(await screen.findByText('任务不存在')).toBeTruthy();
  });

  it('prints the QR codes in a new tab after the confirmation', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    taskServer();
    await renderPage('/productionCenter');
    await screen.findByText('GW_NEW');

    await pick(user, 'GW_UNSTART', '导出生产码', '打印二维码');
    expect(open).not.toHaveBeenCalled();
    await confirmWith(user, TASK_MSG.confirmPrint);
    expect(open).toHaveBeenCalledWith('/print?id=2', '_blank');
  });

  it('shows 暂无任务 with 新增任务 when there is no task, which opens step 1', async () => {
    const user = userEvent.setup();
    taskServer([]);
    const { router } = await renderPage('/productionCenter');
    expect(await screen.findByText('暂无任务')).toBeTruthy();

    const addButtons = screen.getAllByRole('button', { name: '新增任务' });
    expect(addButtons).toHaveLength(2);
    await user.click(addButtons[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/basicInfo'));
  });

  it('shows 暂无任务 without 新增任务 to a role without add', async () => {
    useSession.getState().signIn(taskSession(['detail']));
    taskServer([]);
    await renderPage('/productionCenter');
    expect(await screen.findByText('暂无任务')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增任务' })).toBeNull();
  });

  it('shows the server’s refusal and a retry when the list fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    installServer(
      answer(PRODUCT.productTypes, PRODUCT_TYPES),
      answer(TASK.taskList, () => (fail ? refusal('没有权限', 403) : { list: tasksByStatus, total: 5, pageSize: 10, pageNum: 1 })),
    );
    await renderPage('/productionCenter');

    expect(await screen.findByText('没有权限')).toBeTruthy();
    expect(screen.getByText('任务加载失败')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('GW_NEW')).toBeTruthy();
  });
});
