import { MSG, RECORDS_ENDPOINTS as RECORDS } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRequest, installServer, refusal, type Refusal } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { checkDetailOf, flowResultOf, recordDetailOf, recordFlowOf, recordSession } from '../record-fixtures';

configure({ asyncUtilTimeout: 5000 });
/** A route change waits for the next page's chunk, which a loaded two-core machine may import slowly. */
const OTHER_PAGE = { timeout: 15_000 };

/** A flow name that needs encoding: a space, a slash, %, & and Chinese. */
const FLOW_NAME = '通信/检测 100%&A';

const check = checkDetailOf({
  id: 9002,
  deviceId: 'P01',
  flowName: FLOW_NAME,
  flowTopoId: 102,
  uname: 'worker_li',
  terminalName: '二号工位',
  terminalCode: 'PAD002',
  startTime: '2026-03-02 09:05:00',
  endTime: '2026-03-02 09:05:30',
  status: 'TEST_ERROR',
  attempt: 3,
  historyCount: 3,
  autoCheckResult: {
    checkResults: [
      { propertyName: '电压', normalValue: '3.0 ~ 3.6 V', value: '3.3', result: 1 },
      { propertyName: '信号强度', normalValue: '≥ -80 dBm', value: '-95', result: 0 },
      { propertyName: '固件版本', normalValue: 'v1.2.0', value: null, result: 0 },
    ],
  },
  manualCheckResult: {
    manualReportValues: [
      { manualValue: '外壳无划痕', result: 1 },
      { manualValue: '指示灯正常', result: 0 },
    ],
  },
});

const record = recordDetailOf({
  id: 'P01',
  flows: [
    recordFlowOf({ id: 101, sequence: 1, name: '上电检测', runtimeTaskResultEntity: flowResultOf({ id: 9001 }) }),
    recordFlowOf({ id: 102, sequence: 2, name: FLOW_NAME, runtimeTaskResultEntity: flowResultOf({ id: 9002, status: 'TEST_ERROR' }) }),
    recordFlowOf({ id: 103, sequence: 3, name: '老化测试' }),
  ],
});

function flowServer(answers: { check?: (request: FakeRequest) => typeof check | Refusal; record?: () => typeof record | Refusal } = {}) {
  return installServer(
    answer(RECORDS.flowCheckDetail, (request) => answers.check?.(request) ?? check),
    answer(RECORDS.recordDetail, () => answers.record?.() ?? record),
    answer(RECORDS.flowHistoryList, { list: [], total: 0, pageSize: 5, pageNum: 1 }),
  );
}

/** The rows of the table in the card with this title, cell texts each. */
function tableRows(cardTitle: string): string[][] {
  const card = [...document.querySelectorAll<HTMLElement>('.ant-card')].find(
    (each) => each.querySelector('.ant-card-head-title')?.textContent === cardTitle,
  );
  expect(card, cardTitle).toBeTruthy();
  return within(card!)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

function summary(): Record<string, string> {
  return Object.fromEntries(
    [...document.querySelectorAll('.ant-descriptions-item')].map((item) => [
      item.querySelector('.ant-descriptions-item-label')?.textContent,
      item.querySelector('.ant-descriptions-item-content')?.textContent,
    ]),
  );
}

beforeEach(() => useSession.getState().signIn(recordSession()));

describe('流程检测详情 page', () => {
  it('shows the test with its tester, time, result, history count and every check', async () => {
    const server = flowServer();
    await renderPage('/productionFlowDetail?taskId=8&resultId=P01&flowId=102&testId=9002');

    await screen.findByText('worker_li');
    expect(screen.getByRole('heading', { name: '流程检测详情' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe(
      '生产中心/产线检测/生产记录/生产记录详情/流程检测详情',
    );
    expect(server.calls(RECORDS.flowCheckDetail)[0]?.query).toEqual({ id: '9002' });
    // testId given: the record is not read
    expect(server.calls(RECORDS.recordDetail)).toHaveLength(0);

    expect(summary()).toMatchObject({
      生产码: 'P01',
      流程: FLOW_NAME,
      检测人员: 'worker_li',
      开始时间: '2026-03-02 09:05:00',
      检测结果: '不合格',
      检测轮次: '第3次',
      检测终端: '二号工位（PAD002）',
      历史次数: '3',
    });
    expect(tableRows('自动检测（3）')).toEqual([
      ['属性', '标准值', '检测值', '结果'],
      ['电压', '3.0 ~ 3.6 V', '3.3', '合格'],
      ['信号强度', '≥ -80 dBm', '-95', '不合格'],
      ['固件版本', 'v1.2.0', '—', '不合格'],
    ]);
    expect(tableRows('人工检测（2）')).toEqual([
      ['检测项', '结果'],
      ['外壳无划痕', '合格'],
      ['指示灯正常', '不合格'],
    ]);
  });

  it('without testId, reads the record and shows the flow’s latest test', async () => {
    const server = flowServer();
    await renderPage('/productionFlowDetail?taskId=8&resultId=P01&flowId=102');

    await screen.findByText('worker_li');
    expect(server.calls(RECORDS.recordDetail)[0]?.query).toEqual({ id: 'P01' });
    expect(server.calls(RECORDS.flowCheckDetail)[0]?.query).toEqual({ id: '9002' });
  });

  it('says a flow is untested rather than asking for a test', async () => {
    const server = flowServer();
    await renderPage('/productionFlowDetail?taskId=8&resultId=P01&flowId=103');
    expect(await screen.findByText('老化测试尚未检测')).toBeTruthy();
    expect(server.calls(RECORDS.flowCheckDetail)).toHaveLength(0);
  });

  it('links the history count to the history with the flow name encoded twice, which that page reads back', async () => {
    const user = userEvent.setup();
    const server = flowServer();
    const { router, unmount } = await renderPage('/productionFlowDetail?taskId=8&resultId=P01&flowId=102&testId=9002');
    await screen.findByText('worker_li');

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionFlowTestLog'), OTHER_PAGE);
    const twice = encodeURIComponent(encodeURIComponent(FLOW_NAME));
    expect(router.state.location.search).toBe(`?taskId=8&resultId=P01&flowId=102&flowTopoId=102&flowName=${twice}`);
    // The history page at that address (renderPage shows one page at a time).
    const { pathname, search } = router.state.location;
    unmount();
    await renderPage(`${pathname}${search}`);
    // one decoding by the router, one by the page: the name as it was
    expect(await screen.findByRole('heading', { name: `${FLOW_NAME} · 检测历史` })).toBeTruthy();
    await waitFor(() => expect(server.calls(RECORDS.flowHistoryList)[0]?.query).toEqual({
      flowTopoId: '102',
      deviceId: 'P01',
      page: '1',
      pageSize: '5',
    }));
  });

  it('goes back to the record detail on 返回', async () => {
    const user = userEvent.setup();
    flowServer();
    const { router } = await renderPage('/productionFlowDetail?taskId=8&resultId=P01&flowId=102&testId=9002');
    await screen.findByText('worker_li');

    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionLogDetail'), OTHER_PAGE);
    expect(router.state.location.search).toBe('?taskId=8&resultId=P01');
  });

  it('shows the server’s message when the test is refused, and 404 as gone', async () => {
    flowServer({ check: () => refusal(MSG.noPermission, 403) });
    const { unmount } = await renderPage('/productionFlowDetail?taskId=8&resultId=P01&flowId=102&testId=9002');
    expect(await screen.findByText('检测结果加载失败')).toBeTruthy();
    expect(screen.getAllByText(MSG.noPermission).length).toBeGreaterThanOrEqual(1);
    unmount();

    flowServer({ check: () => refusal('检测结果不存在', 404) });
    await renderPage('/productionFlowDetail?taskId=8&resultId=P01&flowId=102&testId=77');
    expect(await screen.findByText('该检测结果不存在、已被删除或无权查看')).toBeTruthy();
  });

  it('asks for nothing without a production code', async () => {
    const server = flowServer();
    await renderPage('/productionFlowDetail?taskId=8&flowId=102&testId=9002');
    expect(await screen.findByText('未指定检测')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
  });
});
