import {
  DTU_ENDPOINTS as DTU,
  DTU_SUBMISSION_ENDPOINTS as SUBMISSION,
  DTU_TASK_ENDPOINTS as TASK,
  DTU_TASK_MSG as M,
  DTU_TASK_STATUSES,
  DTU_TASK_TRANSITIONS,
  type DtuTaskStatus,
} from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, refuse } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { renderPage } from '../../../test/render-page';
import {
  addressOf,
  choose,
  dtuOf,
  dtuTaskServer,
  dtuTaskSession,
  findNotice,
  findPrompt,
  openMenuItems,
  pickMore,
  rowOf,
  taskOf,
} from '../dtu-tasks-fixtures';

const ADDRESS = '/dtuTask?partsId=5&partsType=1&dtuId=9&dtuNumber=HR-DTU01&isAdd=no';
/** What every link carries of the DTU. */
const CARRIED = { partsId: '5', partsType: '1', dtuId: '9', dtuNumber: 'HR-DTU01' };

/** One task per status, its name naming the status so a row is found by it. */
const tasksByStatus = DTU_TASK_STATUSES.map((status, index) => taskOf({ id: index + 1, status, fittingType: `T${status}` }));

const queryOf = (address: string) => Object.fromEntries(new URL(address, 'http://console').searchParams);

/** The actions a row offers: its buttons and links, and the items under 更多. */
async function actionsOf(user: ReturnType<typeof userEvent.setup>, name: string): Promise<string[]> {
  const row = rowOf(name);
  const shown = [...row.querySelectorAll('.dtu-task-row-actions > *')].map((element) => element.textContent ?? '');
  await user.click(row.querySelector<HTMLElement>('.dtu-task-row-actions .ant-dropdown-trigger')!);
  let items: string[] = [];
  await waitFor(() => {
    items = openMenuItems().map((item) => item.textContent ?? '');
    expect(items.length).toBeGreaterThan(0);
  });
  await user.keyboard('{Escape}');
  return [...shown.filter((name_) => name_ !== '更多'), ...items];
}

const ACTION_NAMES = { start: '开始', stop: '停止', end: '结束', edit: '编辑', delete: '删除', submit: '提交' } as const;

// The page's chunk loads once, before the clock of the first test starts.
beforeAll(() => import('./dtu-task-page'), 30_000);
beforeEach(() => useSession.getState().signIn(dtuTaskSession()));
afterEach(() => vi.restoreAllMocks());

describe('DTU任务 page', () => {
  it('shows the DTU and its tasks with line, customer, status, progress, date, firmware, switches and time', async () => {
    const server = dtuTaskServer([
      taskOf({ id: 1, fittingType: '三月批次', status: 'START', needExcel: true, excelOriginName: 'mm.xlsx', duplicateEnable: true }),
      taskOf({ id: 2, fittingType: '四月批次', testFirmwareVersion: '' }),
    ]);
    await renderPage(ADDRESS);
    await screen.findByText('三月批次');

    expect(screen.getByRole('heading', { name: 'DTU任务' })).toBeTruthy();
    const crumbs = document.querySelector<HTMLElement>('.page-header__breadcrumb')!;
    expect(crumbs.textContent).toBe('生产中心/配件检测/配件管理/配件详情/DTU任务');
    expect(within(crumbs).getByRole('link', { name: '配件管理' }).getAttribute('href')).toBe('/parts');
    expect(within(crumbs).getByRole('link', { name: '配件详情' }).getAttribute('href')).toBe('/partsDetail?partsId=5&partsType=1');
    const dtu = within(screen.getByLabelText('DTU信息'));
    expect(dtu.getByText('HR-DTU01')).toBeTruthy();
    expect(dtu.getByText('海容三合一')).toBeTruthy();
    expect(server.calls(DTU.dtuDetail)[0]?.query).toEqual({ id: '9' });

    const running = within(rowOf('三月批次'));
    expect(running.getByText('1')).toBeTruthy();
    expect(running.getByText('配件一线')).toBeTruthy();
    expect(running.getByText('总装二线')).toBeTruthy();
    expect(running.getByText('生产中')).toBeTruthy();
    expect(running.getByText('120 / 1000')).toBeTruthy();
    expect(running.getByText('已检测 130')).toBeTruthy();
    expect(running.getByText('2099-03-31')).toBeTruthy();
    expect(running.getByText('1.2.0')).toBeTruthy();
    expect(running.getByText('是')).toBeTruthy();
    expect(running.getByText('2026-03-01')).toBeTruthy();
    expect(running.getByRole('switch', { name: '三月批次重复检测' }).getAttribute('aria-checked')).toBe('true');
    const waiting = within(rowOf('四月批次'));
    expect(waiting.getByText('否')).toBeTruthy();
    expect(waiting.getByText('-')).toBeTruthy();
    expect(waiting.getByRole('switch', { name: '四月批次重复检测' }).getAttribute('aria-checked')).toBe('false');

    expect(server.calls(TASK.dtuTaskList)[0]?.query).toEqual({ dtuId: '9', reworkTask: 'false', page: '1', pageSize: '10' });
  });

  it('filters by name, target customer, production line and status, and keeps them and the page in the address', async () => {
    const user = userEvent.setup();
    const server = dtuTaskServer(tasksByStatus);
    const { router } = await renderPage(ADDRESS);
    await screen.findByText('TSTART');
    const lastQuery = () => server.calls(TASK.dtuTaskList).at(-1)?.query;

    await user.type(screen.getByRole('textbox', { name: '任务名称' }), ' 三月 {Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ fittingType: '三月' }));
    await user.click(screen.getByRole('combobox', { name: '目标客户' }));
    await choose(user, '总装二线');
    await waitFor(() => expect(lastQuery()).toMatchObject({ aimProductLineId: '3' }));
    await user.click(screen.getByRole('combobox', { name: '生产检测' }));
    await choose(user, '配件一线');
    await waitFor(() => expect(lastQuery()).toMatchObject({ productLineId: '2' }));
    await user.click(screen.getByRole('combobox', { name: '任务状态' }));
    await choose(user, '停止中');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        dtuId: '9',
        reworkTask: 'false',
        fittingType: '三月',
        aimProductLineId: '3',
        productLineId: '2',
        status: 'STOP',
        page: '1',
        pageSize: '10',
      }),
    );
    expect(queryOf(addressOf(router))).toMatchObject({ ...CARRIED, fittingType: '三月', aimProductLineId: '3', productLineId: '2', status: 'STOP' });
  });

  it('reads the filters and the page from the address, and pages 10/20/50', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, index) => taskOf({ id: index + 1, fittingType: `任务${index + 1}` }));
    const server = dtuTaskServer(many.slice(10, 20));
    server.put(answer(TASK.dtuTaskList, { list: many.slice(10, 20), total: 25, pageSize: 10, pageNum: 2 }));
    const { router } = await renderPage(`${ADDRESS}&status=UNSTART&page=2`);
    await screen.findByText('任务11');

    expect(server.calls(TASK.dtuTaskList)[0]?.query).toEqual({ dtuId: '9', reworkTask: 'false', status: 'UNSTART', page: '2', pageSize: '10' });
    // the rows are numbered across pages
    expect(within(rowOf('任务11')).getByText('11')).toBeTruthy();
    expect(screen.getByText('共 25 条')).toBeTruthy();
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(server.calls(TASK.dtuTaskList).at(-1)?.query).toMatchObject({ page: '3', pageSize: '10' }));
    expect(queryOf(addressOf(router))).toMatchObject({ page: '3', status: 'UNSTART' });
    await user.click(document.querySelector<HTMLElement>('.ant-pagination-options .ant-select')!);
    await choose(user, '20 条/页');
    await waitFor(() => expect(server.calls(TASK.dtuTaskList).at(-1)?.query).toMatchObject({ page: '1', pageSize: '20' }));
  });

  it('offers each state change only in the statuses that allow it, beside the task’s pages', async () => {
    const user = userEvent.setup();
    dtuTaskServer(tasksByStatus);
    await renderPage(ADDRESS);
    await screen.findByText('TSTART');

    for (const status of DTU_TASK_STATUSES) {
      const expected = ['任务进度', '看板', '检测日志', '抽检', '提交记录', '导出'];
      for (const [action, name] of Object.entries(ACTION_NAMES) as [keyof typeof ACTION_NAMES, string][]) {
        if ((DTU_TASK_TRANSITIONS[action] as readonly DtuTaskStatus[]).includes(status)) expected.push(name);
      }
      expect((await actionsOf(user, `T${status}`)).sort(), status).toEqual(expected.sort());
    }
  });

  it.each([
    ['开始', 'STOP', M.startConfirm, TASK.dtuTaskStart, M.started],
    ['停止', 'START', M.stopConfirm, TASK.dtuTaskStop, M.stopped],
    ['结束', 'STOP', M.endConfirm, TASK.dtuTaskEnd, M.ended],
    ['删除', 'FINISH', M.deleteConfirm, TASK.dtuTaskDelete, M.deleted],
    ['提交', 'STOP', M.submitConfirm, SUBMISSION.dtuTaskSubmit, M.submitted],
  ] as const)('%s a %s task after 提示, then says so and reloads', async (action, status, question, endpoint, success) => {
    const user = userEvent.setup();
    const server = dtuTaskServer(tasksByStatus);
    await renderPage(ADDRESS);
    await screen.findByText('TSTART');

    const row = rowOf(`T${status}`);
    const onRow = within(row).queryByRole('button', { name: action });
    if (onRow) await user.click(onRow);
    else await pickMore(user, row, action);
    await user.click(within(await findPrompt(question)).getByRole('button', { name: '确定' }));

    expect(await findNotice(success)).toBeTruthy();
    const id = String(DTU_TASK_STATUSES.indexOf(status) + 1);
    expect(formFields(server.calls(endpoint)[0]!)).toEqual({ taskId: id });
    await waitFor(() => expect(server.calls(TASK.dtuTaskList).length).toBeGreaterThan(1));
  });

  it('changes nothing when the 提示 is cancelled, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const server = dtuTaskServer(tasksByStatus, undefined, refuse(TASK.dtuTaskStop, M.stopRefused, 409));
    await renderPage(ADDRESS);
    await screen.findByText('TSTART');

    await user.click(within(rowOf('TSTOP')).getByRole('button', { name: '开始' }));
    await user.click(within(await findPrompt(M.startConfirm)).getByRole('button', { name: '取消' }));
    await user.click(within(rowOf('TSTART')).getByRole('button', { name: '停止' }));
    await user.click(within(await findPrompt(M.stopConfirm)).getByRole('button', { name: '确定' }));
    expect(await findNotice(M.stopRefused)).toBeTruthy();
    expect(server.calls(TASK.dtuTaskStart)).toHaveLength(0);
    expect(screen.queryByText(M.stopped)).toBeNull();
  });

  it('shows the server’s refusal of a submit', async () => {
    const user = userEvent.setup();
    dtuTaskServer(tasksByStatus, undefined, refuse(SUBMISSION.dtuTaskSubmit, '没有可提交的设备（已检测且未提交）', 409));
    await renderPage(ADDRESS);
    await screen.findByText('TSTART');

    await pickMore(user, rowOf('TSTART'), '提交');
    await user.click(within(await findPrompt(M.submitConfirm)).getByRole('button', { name: '确定' }));
    expect(await findNotice('没有可提交的设备（已检测且未提交）')).toBeTruthy();
    expect(screen.queryByText(M.submitted)).toBeNull();
  });

  it('exports a task’s records after 提示, fetched with the token and saved under the server’s name', async () => {
    const user = userEvent.setup();
    dtuTaskServer(tasksByStatus);
    await renderPage(ADDRESS);
    await screen.findByText('TSTART');
    // the file comes as an attachment, which the shared stand-in (text only) does not model
    const standIn = globalThis.fetch;
    const asked: Array<{ url: string; authorization: string | undefined }> = [];
    globalThis.fetch = (input, init) => {
      if (!String(input).startsWith(SUBMISSION.dtuTaskExport.path)) return standIn(input, init);
      asked.push({ url: String(input), authorization: (init?.headers as Record<string, string>).Authorization });
      const name = encodeURIComponent('TFINISH_检测记录_4.xlsx');
      return Promise.resolve(new Response('x', { headers: { 'Content-Disposition': `attachment; filename*=UTF-8''${name}` } }));
    };
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });

    await pickMore(user, rowOf('TFINISH'), '导出');
    await user.click(within(await findPrompt(M.exportConfirm)).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(downloads).toEqual(['TFINISH_检测记录_4.xlsx']));
    expect(asked).toEqual([{ url: `${SUBMISSION.dtuTaskExport.path}?taskId=4`, authorization: 'Bearer token-1' }]);
  });

  it('toggles 重复检测 after 提示 through duplicateEnable, never end; an ended task’s is fixed', async () => {
    const user = userEvent.setup();
    const server = dtuTaskServer([
      taskOf({ id: 1, fittingType: '关闭的', status: 'START' }),
      taskOf({ id: 2, fittingType: '开启的', status: 'STOP', duplicateEnable: true }),
      taskOf({ id: 3, fittingType: '结束的', status: 'FINISH' }),
    ]);
    await renderPage(ADDRESS);
    await screen.findByText('关闭的');

    await user.click(screen.getByRole('switch', { name: '关闭的重复检测' }));
    await user.click(within(await findPrompt(M.duplicateOnConfirm)).getByRole('button', { name: '确定' }));
    expect(await findNotice(M.duplicateOn)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: '开启的重复检测' }));
    await user.click(within(await findPrompt(M.duplicateOffConfirm)).getByRole('button', { name: '确定' }));
    expect(await findNotice(M.duplicateOff)).toBeTruthy();

    expect(server.calls(TASK.dtuTaskDuplicateEnable).map(formFields)).toEqual([
      { taskId: '1', duplicate: 'true' },
      { taskId: '2', duplicate: 'false' },
    ]);
    expect(server.calls(TASK.dtuTaskEnd)).toHaveLength(0);
    expect(screen.getByRole('switch', { name: '结束的重复检测' }).hasAttribute('disabled')).toBe(true);
  });

  it('finds the task that tested a MAC/IMEI on Enter and opens its progress at that unit', async () => {
    const user = userEvent.setup();
    const server = dtuTaskServer(tasksByStatus, undefined, answer(TASK.dtuTaskFind, { id: 31, reworkTask: true, taskDetailId: 8 }));
    const { router } = await renderPage(ADDRESS);
    await screen.findByText('TSTART');

    await user.click(screen.getByRole('textbox', { name: 'MAC/IMEI' }));
    await user.paste(' 860000000000001 ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dtuTaskWatch'));
    expect(server.calls(TASK.dtuTaskFind)[0]?.query).toEqual({ dtuId: '9', mac: '860000000000001' });
    expect(addressOf(router)).toBe(
      '/dtuTaskWatch?taskId=31&dtuId=9&dtuNumber=HR-DTU01&partsId=5&partsType=1&taskType=rework&check=N&mac=860000000000001',
    );
  });

  it('asks for a unit on an empty Enter, says so when no task tested it, and stays', async () => {
    const user = userEvent.setup();
    const server = dtuTaskServer(tasksByStatus, undefined, refuse(TASK.dtuTaskFind, M.macNotFound, 404));
    const { router } = await renderPage(ADDRESS);
    await screen.findByText('TSTART');

    await user.click(screen.getByRole('textbox', { name: 'MAC/IMEI' }));
    await user.keyboard('{Enter}');
    expect(await findNotice(M.unitRequired)).toBeTruthy();
    expect(server.calls(TASK.dtuTaskFind)).toHaveLength(0);
    await user.paste('AA:BB:CC:00:00:09');
    await user.keyboard('{Enter}');
    expect(await findNotice(M.macNotFound)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dtuTask');
  });

  it('links each task to its progress and board, and 更多 to its check log, sampling and submit records', async () => {
    const user = userEvent.setup();
    dtuTaskServer([taskOf({ id: 31, fittingType: '三月批次', status: 'START' })]);
    const { router } = await renderPage(ADDRESS);
    await screen.findByText('三月批次');

    const row = rowOf('三月批次');
    expect(within(row).getByRole('link', { name: '任务进度' }).getAttribute('href')).toBe(
      '/dtuTaskWatch?taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskType=normal&check=N',
    );
    expect(within(row).getByRole('link', { name: '看板' }).getAttribute('href')).toBe(
      '/dtuTaskDataWatch?taskId=31&dtuNumber=HR-DTU01&partsId=5&dtuId=9&partsType=1&taskType=normal',
    );
    const taskQuery = { ...CARRIED, taskId: '31', taskType: 'normal' };
    for (const [item, path] of [
      ['检测日志', '/checkLog'],
      ['抽检', '/checkTask'],
      ['提交记录', '/submitRecord'],
    ] as const) {
      await pickMore(user, rowOf('三月批次'), item);
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      expect(queryOf(addressOf(router))).toEqual(taskQuery);
      await router.navigate(ADDRESS);
      await screen.findByText('三月批次');
    }
  });

  it('offers no sampling for a task whose firmware changed after a submission', async () => {
    const user = userEvent.setup();
    dtuTaskServer([taskOf({ id: 31, fittingType: '三月批次', canCheck: false })]);
    await renderPage(ADDRESS);
    await screen.findByText('三月批次');

    await user.click(rowOf('三月批次').querySelector<HTMLElement>('.ant-dropdown-trigger')!);
    await waitFor(() => expect(openMenuItems().find((item) => item.textContent === '抽检')?.getAttribute('aria-disabled')).toBe('true'));
  });

  it.each([
    ['检测日志', '/checkLog?partsId=5&partsType=1&dtuId=9&dtuNumber=HR-DTU01&taskType=normal'],
    ['返工模式', '/rework?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01'],
  ])('%s leads to %s', async (button, address) => {
    dtuTaskServer(tasksByStatus);
    const { router } = await renderPage(ADDRESS);
    await screen.findByText('TSTART');
    await userEvent.setup().click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(addressOf(router)).toBe(address));
  });

  it('opens 新增DTU任务 on arrival with isAdd=yes, and drops isAdd so a reload does not', async () => {
    dtuTaskServer([]);
    const { router } = await renderPage('/dtuTask?partsId=5&partsType=1&dtuId=9&dtuNumber=HR-DTU01&isAdd=yes');
    expect(await screen.findByText('新增DTU任务')).toBeTruthy();
    await waitFor(() => expect(addressOf(router)).toBe('/dtuTask?partsId=5&partsType=1&dtuId=9&dtuNumber=HR-DTU01'));
  });

  it('offers no new task for an archived DTU, even asked with isAdd=yes', async () => {
    dtuTaskServer([taskOf({ id: 31, fittingType: '三月批次' })], dtuOf({ status: -1 }));
    await renderPage('/dtuTask?partsId=5&partsType=1&dtuId=9&dtuNumber=HR-DTU01&isAdd=yes');
    await screen.findByText('三月批次');
    expect(screen.getByRole('button', { name: '新增任务' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('新增DTU任务')).toBeNull();
  });

  it('serves a module’s DTU, opened without a part, and asks for a DTU when the address has none', async () => {
    dtuTaskServer([taskOf({ id: 31, fittingType: '三月批次' })]);
    const { unmount } = await renderPage('/dtuTask?dtuId=9&dtuNumber=HR-DTU01&isAdd=no');
    await screen.findByText('三月批次');
    expect(within(document.querySelector<HTMLElement>('.page-header__breadcrumb')!).queryByRole('link', { name: '配件详情' })).toBeNull();
    expect(within(rowOf('三月批次')).getByRole('link', { name: '任务进度' }).getAttribute('href')).toBe(
      '/dtuTaskWatch?taskId=31&dtuNumber=HR-DTU01&dtuId=9&taskType=normal&check=N',
    );
    unmount();

    await renderPage('/dtuTask?partsId=5&partsType=1');
    expect(await screen.findByText('未指定DTU')).toBeTruthy();
  });
});
