import { DTU_SUBMISSION_ENDPOINTS as SUBMISSION, DTU_TASK_ENDPOINTS as TASK } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRequest, installServer } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { addressOf, batchUnitOf, cardOf, cellsOf, dtuOf, fieldOf, rowOf, taskOf } from '../dtu-submission-fixtures';

/** As 提交记录 links it: the submitter 质检 李四 URI-encoded twice. */
const URL =
  '/submitRecordDetail?taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&batchId=3&submitTime=2026-03-03+10%3A00%3A00' +
  '&submitName=%25E8%25B4%25A8%25E6%25A3%2580%2520%25E6%259D%258E%25E5%259B%259B&batchNo=31-003&taskType=normal';

const units = [batchUnitOf({ id: 1 }), batchUnitOf({ id: 2, testStatus: 'NOT_PASS', uname: null, endTime: null }), batchUnitOf({ id: 3, imei: '' })];

function unitServer(task = taskOf()) {
  return installServer(
    answer(TASK.dtuTaskDetail, task),
    answer(SUBMISSION.dtuTaskSubmitRecordDetailList, ({ query }: FakeRequest) => ({
      list: units,
      total: 3,
      pageSize: Number(query.pageSize),
      pageNum: Number(query.page),
    })),
  );
}

const withType = (communicationType: string, communicationTypeDesc = communicationType) =>
  taskOf({ communicationType, detail: dtuOf({ communicationType, communicationTypeDesc }) });

beforeAll(() => import('./submit-record-detail-page'), 30_000);
beforeEach(() => useSession.getState().signIn(loginResultWith()));

describe('提交记录详情 page', () => {
  it('shows the task with the batch’s submit time and submitter, and its units by IMEI', async () => {
    const server = unitServer();
    await renderPage(URL);
    await screen.findByText('860000000000001');

    expect(screen.getByRole('heading', { name: '提交记录详情' })).toBeTruthy();
    const crumbs = document.querySelector<HTMLElement>('.page-header__breadcrumb')!;
    expect(crumbs.textContent).toBe('生产中心/配件检测/配件详情/DTU任务/提交记录/提交记录详情');
    expect(within(crumbs).getByRole('link', { name: '提交记录' }).getAttribute('href')).toBe(
      '/submitRecord?partsId=5&partsType=1&taskId=31&dtuId=9&dtuNumber=HR-DTU01&taskType=normal',
    );
    expect(server.calls(SUBMISSION.dtuTaskSubmitRecordDetailList)[0]?.query).toEqual({ batchId: '3', page: '1', pageSize: '10' });

    const head = cardOf('任务信息');
    expect(['任务名称', '批次', '提交时间', '提交人'].map((label) => fieldOf(head, label))).toEqual([
      '三月批次', '31-003', '2026-03-03 10:00:00', '质检 李四',
    ]);

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['序号', 'IMEI', '检测时间', '结果', '检测人']);
    expect(cellsOf(rowOf('860000000000001'))).toEqual(['1', '860000000000001', '2026-03-02 09:01:05', '成功', 'tester_wang']);
    expect(cellsOf(rowOf('860000000000002'))).toEqual(['2', '860000000000002', '-', '失败', '-']);
    // a unit without an IMEI is named by its MAC rather than not at all
    expect(cellsOf(rowOf('AA:BB:CC:00:00:03'))[1]).toBe('AA:BB:CC:00:00:03');
  });

  it.each([
    ['THREE_2_ONE', 'IMEI'],
    ['2.4G', 'IMEI'],
    ['WIFI', 'MAC'],
    ['bluetooth', 'MAC'],
    ['other', 'IMEI'],
  ])('names the units of a %s DTU by %s', async (type, identity) => {
    unitServer(withType(type));
    await renderPage(URL);
    await screen.findByText('31-003');
    await waitFor(() => expect(screen.getAllByRole('columnheader')[1]?.textContent).toBe(identity));
    expect(screen.getByRole('textbox', { name: identity })).toBeTruthy();
    expect(screen.getByText(identity === 'IMEI' ? '860000000000001' : 'AA:BB:CC:00:00:01')).toBeTruthy();
  });

  it('searches the IMEI on Enter, keeping it in the address', async () => {
    const user = userEvent.setup();
    const server = unitServer();
    const { router } = await renderPage(URL);
    await screen.findByText('860000000000001');

    await user.type(screen.getByRole('textbox', { name: 'IMEI' }), ' 0002 {Enter}');
    await waitFor(() =>
      expect(server.calls(SUBMISSION.dtuTaskSubmitRecordDetailList).at(-1)?.query).toEqual({ batchId: '3', mac: '0002', page: '1', pageSize: '10' }),
    );
    expect(new URLSearchParams(router.state.location.search).get('mac')).toBe('0002');
  });

  it('opens a unit’s test from its IMEI', async () => {
    const user = userEvent.setup();
    unitServer();
    const { router } = await renderPage(URL);
    await user.click(await screen.findByRole('link', { name: '860000000000002' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dtuTaskWatchDetail'));
    expect(addressOf(router)).toBe(
      '/dtuTaskWatchDetail?taskId=31&partsId=5&partsType=1&dtuNumber=HR-DTU01&dtuId=9&taskDetailId=2&taskType=normal&check=N',
    );
  });

  it('reads a submitter encoded once as typed, and asks for a batch when the address has none', async () => {
    unitServer();
    const first = await renderPage(URL.replace(/submitName=[^&]*/, 'submitName=100%25'));
    await screen.findByText('860000000000001');
    expect(fieldOf(cardOf('任务信息'), '提交人')).toBe('100%');
    first.unmount();

    await renderPage('/submitRecordDetail?taskId=31&dtuId=9');
    expect(await screen.findByText('未指定提交批次')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回提交记录' })).toBeTruthy();
  });
});
