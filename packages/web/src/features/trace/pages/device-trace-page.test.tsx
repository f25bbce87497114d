import { MENUS, MSG, RECORDS_ENDPOINTS as RECORDS, type TraceAnswer } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeServer, installServer, refusal, type Refusal } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { deviceTraceOf, traceResultOf, traceSession } from '../trace-fixtures';

configure({ asyncUtilTimeout: 5000 });
/** A route change waits for the next page's chunk, which a loaded two-core machine may import slowly. */
const OTHER_PAGE = { timeout: 15_000 };

const device = deviceTraceOf({
  code: 'P01',
  sn: 'SN-A1',
  mac: 'AA:BB:CC:DD:EE:01',
  imei: '860000000000001',
  testStatus: 'PASS',
  taskId: 8,
  taskStatus: 'START',
  productNumber: 'GW_100',
  productTypeName: '智能网关',
  productionLineCode: 'ZZ_01',
  firstTestTime: '2026-03-02 09:00:00',
  lastTestTime: '2026-03-02 09:30:00',
  results: [
    traceResultOf({
      id: 1,
      flowName: '上电检测',
      attempt: 1,
      status: 'TEST_ERROR',
      startTime: '2026-03-02 09:00:00',
      endTime: '2026-03-02 09:00:40',
      uname: 'worker_wang',
      items: [
        { name: '电压', value: '2.7', standard: '3.0 ~ 3.6 V', result: 0 },
        { name: '电流', value: '0.2', standard: '≤ 0.5 A', result: 1 },
      ],
      manual: [{ name: '外壳无划痕', pass: true }],
    }),
    traceResultOf({
      id: 2,
      flowName: '上电检测',
      attempt: 2,
      status: 'TEST_SUCCESS',
      startTime: '2026-03-02 09:10:00',
      uname: 'worker_li',
      terminalName: '二号工位',
      terminalCode: 'PAD002',
    }),
  ],
});

function traceServer(reply: () => TraceAnswer | Refusal = () => ({ devices: [device] })) {
  return installServer(answer(RECORDS.deviceTrace, reply));
}

const traceCalls = (server: FakeServer) => server.calls(RECORDS.deviceTrace);

beforeEach(() => useSession.getState().signIn(traceSession()));

describe('设备追溯 page', () => {
  it('shows the device and a timeline of every result', async () => {
    const server = traceServer();
    await renderPage('/deviceTrace?text=SN-A1');

    const card = within(await screen.findByRole('region', { name: '设备 P01' }));
    expect(traceCalls(server)[0]?.query).toEqual({ text: 'SN-A1' });
    expect(screen.getByRole('heading', { name: '设备追溯：SN-A1' })).toBeTruthy();
    expect(screen.getByText('找到 1 台设备')).toBeTruthy();

    const summary = Object.fromEntries(
      [...document.querySelectorAll('.ant-descriptions-item')].map((item) => [
        item.querySelector('.ant-descriptions-item-label')?.textContent,
        item.querySelector('.ant-descriptions-item-content')?.textContent,
      ]),
    );
    expect(summary).toEqual({
      SN: 'SN-A1',
      MAC: 'AA:BB:CC:DD:EE:01',
      IMEI: '860000000000001',
      检测状态: '合格',
      任务: '#8（生产中）',
      产品: '智能网关 / GW_100',
      产线: 'ZZ_01',
      首次检测: '2026-03-02 09:00:00',
      最近检测: '2026-03-02 09:30:00',
    });

    expect(card.getByText('检测经历（2）')).toBeTruthy();
    const first = card.getByLabelText('上电检测 第1次');
    expect(first.textContent).toBe('上电检测第1次不合格2026-03-02 09:00:00检测人员 worker_wang终端 一号工位（PAD001）');
    const second = card.getByLabelText('上电检测 第2次');
    expect(second.textContent).toBe('上电检测第2次合格2026-03-02 09:10:00检测人员 worker_li终端 二号工位（PAD002）');
    // the timeline keeps the server's time order
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('expands a result to its item values with their standards and the manual checks', async () => {
    const user = userEvent.setup();
    traceServer();
    await renderPage('/deviceTrace?text=P01');
    const entry = await screen.findByLabelText('上电检测 第1次');
    expect(screen.queryByText('3.0 ~ 3.6 V')).toBeNull();

    await user.click(entry);
    await screen.findByText('3.0 ~ 3.6 V');
    const panel = entry.closest('.ant-collapse-item')!.querySelector('.ant-collapse-body')!;
    const rows = within(panel as HTMLElement)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['检测项', '检测值', '标准值', '结果'],
      ['电压', '2.7', '3.0 ~ 3.6 V', '不合格'],
      ['电流', '0.2', '≤ 0.5 A', '合格'],
      ['人工检测项', '结果'],
      ['外壳无划痕', '合格'],
    ]);
    expect(within(panel as HTMLElement).getByText('2026-03-02 09:00:00 ~ 2026-03-02 09:00:40')).toBeTruthy();
  });

  it('opens the device’s production record', async () => {
    const user = userEvent.setup();
    traceServer();
    const { router } = await renderPage('/deviceTrace?text=P01');
    await user.click(await screen.findByRole('button', { name: '生产记录详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionLogDetail'), OTHER_PAGE);
    expect(router.state.location.search).toBe('?taskId=8&resultId=P01');
  });

  it('lists every matching device (an SN may repeat across tasks)', async () => {
    traceServer(() => ({
      devices: [deviceTraceOf({ code: 'P01', sn: 'DUP' }), deviceTraceOf({ code: 'Q07', sn: 'DUP', taskId: 9, testStatus: null })],
    }));
    await renderPage('/deviceTrace?text=DUP');
    expect(await screen.findByRole('region', { name: '设备 Q07' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '设备 P01' })).toBeTruthy();
    expect(screen.getByText('找到 2 台设备')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '设备 Q07' })).getByText('检测中')).toBeTruthy();
    expect(screen.getAllByText('该设备尚无检测结果')).toHaveLength(2);
  });

  it('says 未找到该设备 when nothing matches', async () => {
    traceServer(() => ({ devices: [] }));
    await renderPage('/deviceTrace?text=NOPE');
    expect(await screen.findByText('未找到该设备')).toBeTruthy();
  });

  it('shows the server’s message when the trace is refused', async () => {
    traceServer(() => refusal(MSG.noPermission, 403));
    await renderPage('/deviceTrace?text=P01');
    expect(await screen.findByText('追溯失败')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(MSG.noPermission).length).toBeGreaterThanOrEqual(2));
  });

  it('asks for a text and calls nothing without one; 返回 leaves for the task list', async () => {
    const user = userEvent.setup();
    const server = traceServer();
    const { router } = await renderPage('/deviceTrace');
    expect(await screen.findByText(/请在页面顶部的搜索框输入/)).toBeTruthy();
    expect(traceCalls(server)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MENUS.productionCenter), OTHER_PAGE);
  });
});
