import { DTU_SUBMISSION_ENDPOINTS as SUBMISSION, DTU_SUBMISSION_MSG as M, DTU_TASK_ENDPOINTS as TASK, MSG } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRequest, installServer, refuse } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import {
  addressOf,
  cardOf,
  cellsOf,
  choose,
  dtuOf,
  fieldOf,
  fileServer,
  findNotice,
  findPrompt,
  rowOf,
  submitRecordOf,
  taskOf,
} from '../dtu-submission-fixtures';

const PARAMS = 'partsId=5&partsType=1&taskId=31&dtuId=9&dtuNumber=HR-DTU01&taskType=normal';
const URL = `/submitRecord?${PARAMS}`;

const records = [
  submitRecordOf({ id: 3, verdict: 'REJECT' }),
  submitRecordOf({ id: 2, submitNumber: 100, passNumber: 97, verdict: 'ACCEPT', submitTime: '2026-03-02 18:00:00' }),
  submitRecordOf({ id: 1, submitNumber: 12, passNumber: 12, uname: null }),
];

function recordServer(task = taskOf()) {
  return installServer(
    answer(TASK.dtuTaskDetail, task),
    answer(SUBMISSION.dtuTaskSubmitRecordList, ({ query }: FakeRequest) => ({
      list: records,
      total: 23,
      pageSize: Number(query.pageSize),
      pageNum: Number(query.page),
      totalSubmitCount: 160,
      aimCount: 1000,
    })),
  );
}

const downloads: string[] = [];
beforeAll(() => import('./submit-record-page'), 30_000);
beforeEach(() => {
  useSession.getState().signIn(loginResultWith());
  downloads.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('提交记录 page', () => {
  it('shows the task header, the counters and the task’s batches', async () => {
    const server = recordServer();
    await renderPage(URL);
    await screen.findByText('31-003');

    expect(screen.getByRole('heading', { name: '提交记录' })).toBeTruthy();
    const crumbs = document.querySelector<HTMLElement>('.page-header__breadcrumb')!;
    expect(crumbs.textContent).toBe('生产中心/配件检测/配件详情/DTU任务/提交记录');
    expect(within(crumbs).getByRole('link', { name: 'DTU任务' }).getAttribute('href')).toBe(
      '/dtuTask?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01&isAdd=no',
    );
    expect(server.calls(TASK.dtuTaskDetail)[0]?.query).toEqual({ taskId: '31' });
    expect(server.calls(SUBMISSION.dtuTaskSubmitRecordList)[0]?.query).toEqual({ taskId: '31', page: '1', pageSize: '10' });

    const head = cardOf('任务信息');
    const labels = ['任务名称', '任务状态', '生产检测', '目标客户', 'DTU型号', '模块型号', '是否联网', '通信方式', '供电电压', '所属公司'];
    expect(labels.map((label) => fieldOf(head, label))).toEqual([
      '三月批次', '生产中', '配件一线', '总装二线', 'HR-DTU01', 'EC200U_CN', '是', '海容三合一', '12V', '移远通信',
    ]);
    const counters = within(screen.getByLabelText('提交统计'));
    expect(counters.getByText('160 / 1000')).toBeTruthy();
    expect(counters.getByText('160 台')).toBeTruthy();
    expect(counters.getByText('23')).toBeTruthy();

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '序号', '批次', '提交数量', '合格数', '提交时间', '检验员', '抽检判定', '操作',
    ]);
    expect(cellsOf(rowOf('31-003'))).toEqual(['1', '31-003', '48', '46', '2026-03-03 10:00:00', '质检 李四', '不合格', '导出检验报告']);
    expect(cellsOf(rowOf('31-002')).slice(2, 7)).toEqual(['100', '97', '2026-03-02 18:00:00', '质检 李四', '合格']);
    // no sampling, no verdict; no submitter, a dash
    expect(cellsOf(rowOf('31-001')).slice(5, 7)).toEqual(['-', '-']);
    expect(screen.getByText('共 23 条')).toBeTruthy();
  });

  it('says 否 and leaves out 通信方式 for a DTU off the network, and names a rework task’s 配件型号', async () => {
    recordServer(taskOf({ reworkTask: true, fittingType: 'HR-A1', detail: dtuOf({ connectInternet: false, communicationType: null, communicationTypeDesc: '' }) }));
    await renderPage(URL.replace('taskType=normal', 'taskType=rework'));
    await screen.findByText('31-003');

    const head = cardOf('任务信息');
    expect(fieldOf(head, '配件型号')).toBe('HR-A1');
    expect(fieldOf(head, '是否联网')).toBe('否');
    expect(fieldOf(head, '通信方式')).toBeUndefined();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/配件检测/配件详情/返工模式/提交记录');
  });

  it('opens a batch’s units from its 提交数量, the submitter URI-encoded twice, and its report from 检验报告', async () => {
    const user = userEvent.setup();
    recordServer();
    const { router } = await renderPage(URL);
    await screen.findByText('31-003');

    expect(within(rowOf('31-003')).getByRole('link', { name: '检验报告' }).getAttribute('href')).toBe(
      '/checkReport?batchId=3&taskType=normal&taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9',
    );
    await user.click(within(rowOf('31-003')).getByRole('link', { name: '批次31-003的设备' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitRecordDetail'));
    expect(addressOf(router)).toBe(
      '/submitRecordDetail?taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&batchId=3&submitTime=2026-03-03+10%3A00%3A00' +
        '&submitName=%25E8%25B4%25A8%25E6%25A3%2580%2520%25E6%259D%258E%25E5%259B%259B&batchNo=31-003&taskType=normal',
    );
  });

  it('exports a batch’s device list after 提示, fetched with the token and saved under the server’s name', async () => {
    const user = userEvent.setup();
    recordServer();
    await renderPage(URL);
    await screen.findByText('31-003');
    const asked = fileServer(SUBMISSION.dtuTaskSubmitRecordExport.path, '三月批次_批次31-003_设备列表.xlsx');

    await user.click(within(rowOf('31-003')).getByRole('button', { name: '导出' }));
    await user.click(within(await findPrompt(M.exportBatchConfirm)).getByRole('button', { name: '取消' }));
    expect(asked).toHaveLength(0);

    await user.click(within(rowOf('31-003')).getByRole('button', { name: '导出' }));
    await user.click(within(await findPrompt(M.exportBatchConfirm)).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(downloads).toEqual(['三月批次_批次31-003_设备列表.xlsx']));
    expect(asked).toEqual([{ url: `${SUBMISSION.dtuTaskSubmitRecordExport.path}?batchId=3`, authorization: 'Bearer token-1' }]);
  });

  it('shows the server’s refusal of an export', async () => {
    const user = userEvent.setup();
    recordServer();
    await renderPage(URL);
    await screen.findByText('31-003');
    fileServer(SUBMISSION.dtuTaskSubmitRecordExport.path, '', MSG.recordNotFound);

    await user.click(within(rowOf('31-002')).getByRole('button', { name: '导出' }));
    await user.click(within(await findPrompt(M.exportBatchConfirm)).getByRole('button', { name: '确定' }));
    expect(await findNotice(MSG.recordNotFound)).toBeTruthy();
    expect(downloads).toEqual([]);
  });

  it('pages 10/20/50, keeping the page in the address', async () => {
    const user = userEvent.setup();
    const server = recordServer();
    const { router } = await renderPage(URL);
    await screen.findByText('31-003');

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(server.calls(SUBMISSION.dtuTaskSubmitRecordList).at(-1)?.query).toEqual({ taskId: '31', page: '2', pageSize: '10' }));
    await user.click(document.querySelector<HTMLElement>('.ant-pagination-options .ant-select')!);
    expect(document.querySelectorAll('.ant-select-dropdown .ant-select-item-option').length).toBe(3);
    await choose(user, '50 条/页');
    await waitFor(() => expect(server.calls(SUBMISSION.dtuTaskSubmitRecordList).at(-1)?.query).toEqual({ taskId: '31', page: '1', pageSize: '50' }));
    expect(addressOf(router)).toBe(`${URL}&pageSize=50`);
  });

  it('says so for an address without a task, and for a task the server does not know', async () => {
    const server = recordServer();
    const first = await renderPage('/submitRecord?dtuId=9');
    expect(await screen.findByText('未指定任务')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
    first.unmount();

    installServer(refuse(TASK.dtuTaskDetail, MSG.recordNotFound, 404));
    await renderPage(URL);
    expect(await screen.findByText('DTU任务不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回DTU任务' })).toBeTruthy();
  });
});
