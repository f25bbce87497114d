import { DTU_SUBMISSION_ENDPOINTS as SUBMISSION, DTU_SUBMISSION_MSG, DTU_TASK_ENDPOINTS as DTU, DTU_TASK_MSG, LIVE_STREAMS } from '@factory/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { pageOfRows } from '../../../test/account-role-fixtures';
import { EventSourceStandIn, ticketsOf } from '../../../test/big-screen-fixtures';
import { answer, type FakeServer, installServer, refuse } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { loginResultWith } from '../../../test/fixtures';
import { chooseOption } from '../../../test/line-terminal-fixtures';
import { findConfirm } from '../../../test/product-fixtures';
import { renderPage } from '../../../test/render-page';
import { dtuOf, recordOf, taskOf } from '../dtu-watch-fixtures';

const PARAMS = 'taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskBatchId=&taskType=normal&check=N';
const URL = `/dtuTaskWatch?${PARAMS}`;

const records = [
  recordOf({ id: 1 }),
  recordOf({ id: 2, testStatus: 'NOT_PASS', failures: ['信号强度', '复位按键'], productTime: 3725 }),
  recordOf({ id: 3, testStatus: null, checkTime: null, productTime: null, uname: null }),
  recordOf({ id: 4, manageStatus: 'SUBMIT', batchTime: '2026-03-03 10:00:00' }),
];

function watchServer(task = taskOf()) {
  return installServer(
    answer(DTU.dtuTaskDetail, task),
    answer(DTU.dtuTaskCheckinfoList, ({ query }) => pageOfRows(records, 23, Number(query.page), Number(query.pageSize))),
    answer(DTU.dtuTaskCheckinfoDelete, null),
    answer(SUBMISSION.dtuTaskCheckinfoGroupCheckList, ({ query }) => pageOfRows(samples, 2, Number(query.page), Number(query.pageSize))),
    answer(SUBMISSION.dtuTaskCheckinfoCheckDelete, null),
  );
}

/** The samples of batch 4: sample records, never submitted. */
const samples = [recordOf({ id: 41 }), recordOf({ id: 42, testStatus: 'NOT_PASS', failures: ['外壳'] })];
const SAMPLING = 'taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskBatchId=4&taskType=check&check=Y';

const lastQuery = (server: FakeServer) => server.calls(DTU.dtuTaskCheckinfoList).at(-1)?.query;
const rowOf = (code: string) => screen.getByRole('row', { name: new RegExp(code) });
const cellsOf = (code: string) => within(rowOf(code)).getAllByRole('cell').map((cell) => cell.textContent);
const cardOf = (title: string) => screen.getByText(title, { selector: '.ant-card-head-title' }).closest<HTMLElement>('.ant-card')!;
const fieldOf = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;

beforeEach(() => useSession.getState().signIn(loginResultWith()));
afterEach(() => vi.useRealTimers());

describe('任务进度 page', () => {
  it('shows the task, its DTU, module and progress, and its units by IMEI', async () => {
    const server = watchServer();
    await renderPage(URL);
    await screen.findByText('860000000000001');

    expect(screen.getByRole('heading', { name: '任务进度' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件详情/DTU任务/任务进度');
    const crumbs = within(document.querySelector<HTMLElement>('.page-header__breadcrumb')!);
    expect(crumbs.getByRole('link', { name: 'DTU任务' }).getAttribute('href')).toBe('/dtuTask?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01&isAdd=no');
    expect(crumbs.getByRole('link', { name: '配件详情' }).getAttribute('href')).toBe('/partsDetail?partsId=5&partsType=1');
    expect(server.calls(DTU.dtuTaskDetail)[0]?.query).toEqual({ taskId: '31' });
    expect(server.calls(DTU.dtuTaskCheckinfoList)[0]?.query).toEqual({ taskId: '31', page: '1', pageSize: '10' });

    const task = cardOf('任务信息');
    const taskFields = ['任务名称', '任务状态', '生产检测', '目标客户', '交货日期', '测试固件', '重复检测', '数据下发', '检测终端'];
    expect(taskFields.map((label) => fieldOf(task, label))).toEqual([
      '三月批次', '生产中', '配件一线', '总装二线', '2026-03-31', '1.2.0', '不允许', 'major&minor（major-minor.xlsx，已下发 130/1000）', 'PAD-01、PAD-02',
    ]);
    const dtu = cardOf('DTU信息');
    const dtuFields = ['DTU型号', '模块型号', '模块供应商', '供电电压', '波特率', '是否联网', '通信方式'];
    expect(dtuFields.map((label) => fieldOf(dtu, label))).toEqual(['HR-DTU01', 'EC200U_CN', '移远通信', '12V', '115200', '支持', '海容三合一']);
    const module = cardOf('模块信息');
    expect(within(module).getByRole('link', { name: 'BOM.xlsx' }).getAttribute('href')).toBe('/api/file/bom9');
    expect(fieldOf(module, '其他要求')).toBe('-');
    const progress = cardOf('任务进度');
    expect(within(progress).getByText('12%')).toBeTruthy();
    expect(within(progress).getByText('120 / 1000 台')).toBeTruthy();
    expect(within(progress).getByText('130 台')).toBeTruthy();

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '序号', 'IMEI', '开始时间', '检测时间', '检测时长', '检测结果', '提交状态', '检测人员', '检测终端', '失败项', '操作',
    ]);
    expect(cellsOf('860000000000001')).toEqual([
      '1', '860000000000001', '2026-03-02 09:00:00', '2026-03-02 09:01:05', '1分5秒', '成功', '未提交', 'tester_wang', 'PAD-01', '-', '详情删除',
    ]);
    expect(cellsOf('860000000000002').slice(4, 10)).toEqual(['1小时2分5秒', '失败', '未提交', 'tester_wang', 'PAD-01', '信号强度、复位按键']);
    expect(cellsOf('860000000000003').slice(3, 8)).toEqual(['-', '-', '检测中', '未提交', '-']);
    // a submitted unit belongs to its batch: no 删除
    expect(cellsOf('860000000000004').slice(6)).toEqual(['已提交', 'tester_wang', 'PAD-01', '-', '详情']);
    expect(within(rowOf('860000000000002')).getByRole('link', { name: '详情' }).getAttribute('href')).toBe(
      `/dtuTaskWatchDetail?taskDetailId=2&${PARAMS.replace('taskBatchId=&', '')}`,
    );
    expect(screen.getByText('共 23 条')).toBeTruthy();
  });

  it('shows MAC for a WIFI DTU’s units, and 返工模式 for a rework task', async () => {
    const wifi = dtuOf({ communicationType: 'WIFI', communicationTypeDesc: 'WIFI' });
    watchServer(taskOf({ detail: wifi, communicationType: 'WIFI', reworkTask: true, fittingType: 'HR-A1', needExcel: false, duplicateEnable: true }));
    await renderPage(URL.replace('taskType=normal', 'taskType=rework'));
    await screen.findByText('配件型号');

    expect(screen.getAllByRole('columnheader')[1]?.textContent).toBe('MAC');
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件详情/返工模式/任务进度');
    expect(fieldOf(cardOf('任务信息'), '数据下发')).toBe('未开启');
    expect(fieldOf(cardOf('任务信息'), '重复检测')).toBe('允许');
  });

  it('filters by IMEI/MAC, submit status and result, and pages, keeping it all in the address', async () => {
    const user = userEvent.setup();
    const server = watchServer();
    const { router } = await renderPage(URL);
    await screen.findByText('860000000000001');

    await user.type(screen.getByRole('textbox', { name: 'IMEI/MAC' }), '8600');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '31', mac: '8600', page: '1', pageSize: '10' }));

    await user.click(screen.getByRole('combobox', { name: '提交状态' }));
    await chooseOption(user, '未提交');
    await waitFor(() => expect(lastQuery(server)).toEqual({ taskId: '31', mac: '8600', manageStatus: 'UNSUBMIT', page: '1', pageSize: '10' }));

    await user.click(screen.getByRole('combobox', { name: '检测结果' }));
    await chooseOption(user, '失败');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ testStatus: 'NOT_PASS', manageStatus: 'UNSUBMIT' }));

    const changer = document.querySelector<HTMLElement>('.ant-pagination-options .ant-select');
    await user.click(within(changer!).getByRole('combobox'));
    await chooseOption(user, '50 条/页');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ page: '1', pageSize: '50' }));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(`${PARAMS}&mac=8600&manageStatus=UNSUBMIT&testStatus=NOT_PASS&pageSize=50`);
  });

  it('opens with the unit of &mac searched', async () => {
    const server = watchServer();
    await renderPage(`/dtuTaskWatch?taskId=31&dtuId=9&dtuNumber=HR-DTU01&taskType=normal&check=N&mac=860000000000002`);
    await screen.findByText('860000000000001');

    expect(server.calls(DTU.dtuTaskCheckinfoList)[0]?.query).toEqual({ taskId: '31', mac: '860000000000002', page: '1', pageSize: '10' });
    expect((screen.getByRole('textbox', { name: 'IMEI/MAC' }) as HTMLInputElement).value).toBe('860000000000002');
  });

  it('lists a batch’s samples in sampling mode, without submit status, and opens their detail in sampling mode', async () => {
    const user = userEvent.setup();
    const server = watchServer();
    await renderPage(`/dtuTaskWatch?${SAMPLING}`);
    await screen.findByText('8600000000000041');

    expect(server.calls(DTU.dtuTaskCheckinfoList)).toHaveLength(0);
    expect(server.calls(SUBMISSION.dtuTaskCheckinfoGroupCheckList)[0]?.query).toEqual({ id: '4', page: '1', pageSize: '10' });
    expect(screen.getByText('抽检设备列表')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '提交状态' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).not.toContain('提交状态');
    expect(within(rowOf('8600000000000041')).getByRole('link', { name: '详情' }).getAttribute('href')).toBe(`/dtuTaskWatchDetail?taskDetailId=41&${SAMPLING}`);
    const crumbs = within(document.querySelector<HTMLElement>('.page-header__breadcrumb')!);
    expect(crumbs.getByRole('link', { name: '抽检任务' }).getAttribute('href')).toBe(
      '/checkTask?taskId=31&dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01&taskType=normal',
    );

    await user.type(screen.getByRole('textbox', { name: 'IMEI/MAC' }), '0042{Enter}');
    await user.click(screen.getByRole('combobox', { name: '检测结果' }));
    await chooseOption(user, '失败');
    await waitFor(() =>
      expect(server.calls(SUBMISSION.dtuTaskCheckinfoGroupCheckList).at(-1)?.query).toEqual({
        id: '4',
        mac: '0042',
        testStatus: 'NOT_PASS',
        page: '1',
        pageSize: '10',
      }),
    );
    expect(server.calls(DTU.dtuTaskCheckinfoList)).toHaveLength(0);
  });

  it('deletes a sample’s record after its own 提示, and reloads the samples and the task', async () => {
    const user = userEvent.setup();
    const server = watchServer();
    await renderPage(`/dtuTaskWatch?${SAMPLING}`);
    await screen.findByText('8600000000000042');

    await user.click(within(rowOf('8600000000000042')).getByRole('button', { name: '删除' }));
    await user.click(within(await findConfirm('提示')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(DTU_SUBMISSION_MSG.sampleDeleted)).toBeTruthy();
    expect(formFields(server.calls(SUBMISSION.dtuTaskCheckinfoCheckDelete)[0]!)).toEqual({ id: '42' });
    expect(server.calls(DTU.dtuTaskCheckinfoDelete)).toHaveLength(0);
    await waitFor(() => expect(server.calls(SUBMISSION.dtuTaskCheckinfoGroupCheckList)).toHaveLength(2));
    expect(server.calls(DTU.dtuTaskDetail)).toHaveLength(2);
  });

  it('asks 是否确认删除该设备的抽检记录? before deleting a sample', async () => {
    const user = userEvent.setup();
    const server = watchServer();
    await renderPage(`/dtuTaskWatch?${SAMPLING}`);
    await screen.findByText('8600000000000041');

    await user.click(within(rowOf('8600000000000041')).getByRole('button', { name: '删除' }));
    const confirm = await findConfirm('提示');
    expect(within(confirm).getByText(DTU_SUBMISSION_MSG.sampleDeleteConfirm)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(server.calls(SUBMISSION.dtuTaskCheckinfoCheckDelete)).toHaveLength(0);
  });

  it('deletes a unit’s record after 提示, says 该设备已删除 and reloads the list', async () => {
    const user = userEvent.setup();
    const server = watchServer();
    await renderPage(URL);
    await screen.findByText('860000000000002');

    await user.click(within(rowOf('860000000000002')).getByRole('button', { name: '删除' }));
    const confirm = await findConfirm('提示');
    expect(within(confirm).getByText(DTU_TASK_MSG.deviceDeleteConfirm)).toBeTruthy();
    expect(server.calls(DTU.dtuTaskCheckinfoDelete)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '确定' }));

    expect(await screen.findByText(DTU_TASK_MSG.deviceDeleted)).toBeTruthy();
    expect(formFields(server.calls(DTU.dtuTaskCheckinfoDelete)[0]!)).toEqual({ id: '2' });
    await waitFor(() => expect(server.calls(DTU.dtuTaskCheckinfoList)).toHaveLength(2));
    // the task's counters move with it
    expect(server.calls(DTU.dtuTaskDetail)).toHaveLength(2);
  });

  it('shows the server’s refusal of a delete', async () => {
    const user = userEvent.setup();
    const server = watchServer();
    server.put(refuse(DTU.dtuTaskCheckinfoDelete, DTU_TASK_MSG.deviceSubmitted, 409));
    await renderPage(URL);
    await screen.findByText('860000000000001');

    await user.click(within(rowOf('860000000000001')).getByRole('button', { name: '删除' }));
    await user.click(within(await findConfirm('提示')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(DTU_TASK_MSG.deviceSubmitted)).toBeTruthy();
  });

  it('follows a task in production every 10 s, and leaves a stopped one alone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = watchServer();
    await renderPage(URL);
    await screen.findByText('860000000000001');

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(server.calls(DTU.dtuTaskCheckinfoList)).toHaveLength(2));
    expect(server.calls(DTU.dtuTaskDetail)).toHaveLength(2);

    // stopped from the list meanwhile: the page stops asking
    server.put(answer(DTU.dtuTaskDetail, taskOf({ status: 'STOP' })));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(screen.getByText('停止中')).toBeTruthy());
    const asked = server.calls(DTU.dtuTaskCheckinfoList).length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(server.calls(DTU.dtuTaskCheckinfoList)).toHaveLength(asked);
    expect(server.calls(DTU.dtuTaskDetail)).toHaveLength(3);
  });

  it('refreshes the task and its units on the task’s live events, with a one-use ticket', async () => {
    EventSourceStandIn.opened = [];
    vi.stubGlobal('EventSource', EventSourceStandIn);
    try {
      const server = watchServer();
      server.put(ticketsOf(LIVE_STREAMS.dtuTask));
      const { unmount } = await renderPage(URL);
      await screen.findByText('860000000000001');
      await waitFor(() => expect(EventSourceStandIn.opened).toHaveLength(1));
      const stream = EventSourceStandIn.opened[0]!;
      expect(stream.url).toBe(`${DTU.dtuTaskEvents.path}?taskId=31&ticket=ticket-1`);
      expect(server.calls(DTU.dtuTaskEventsTicket)[0]?.headers.Authorization).toBe('Bearer token-1');

      const listed = server.calls(DTU.dtuTaskCheckinfoList).length;
      const read = server.calls(DTU.dtuTaskDetail).length;
      act(() => stream.send('result'));
      await waitFor(() => expect(server.calls(DTU.dtuTaskCheckinfoList)).toHaveLength(listed + 1));
      expect(server.calls(DTU.dtuTaskDetail)).toHaveLength(read + 1);

      unmount();
      expect(stream.closed).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so for an address without a task, and for a task the server does not know', async () => {
    const server = watchServer();
    const first = await renderPage('/dtuTaskWatch?dtuId=9');
    expect(await screen.findByText('未指定任务')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
    first.unmount();

    installServer(refuse(DTU.dtuTaskDetail, '任务不存在', 404));
    await renderPage(URL);
    expect(await screen.findByText('DTU任务不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回DTU任务' })).toBeTruthy();
  });
});
