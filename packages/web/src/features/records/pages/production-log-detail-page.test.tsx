import { MSG, RECORDS_ENDPOINTS as RECORDS } from '@factory/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { answer, type FakeRequest, installServer, refusal, type Refusal } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { flowResultOf, recordDetailOf, recordFlowOf, recordSession } from '../record-fixtures';

configure({ asyncUtilTimeout: 5000 });
/** A route change waits for the next page's chunk, which a loaded two-core machine may import slowly. */
const OTHER_PAGE = { timeout: 15_000 };

const detail = recordDetailOf({
  id: 'P 01/A',
  deviceSn: 'SN-A1',
  deviceMac: 'AA:BB:CC:00:00:01',
  deviceImei: '860000000000001',
  testStatus: 'NOT_PASS',
  productionLineCode: 'ZZ_01',
  productNumber: 'GW_100',
  productTypeName: '智能网关',
  flows: [
    // out of order on purpose: the tiles follow the sequence
    recordFlowOf({ id: 105, sequence: 5, name: '包装检查' }),
    recordFlowOf({
      id: 101,
      sequence: 1,
      name: '上电检测',
      runtimeTaskResultEntity: flowResultOf({ id: 9001, startTime: '2026-03-02 09:00:00', speed: 12.345, historyCount: 1 }),
    }),
    recordFlowOf({
      id: 102,
      sequence: 2,
      name: '通信检测',
      runtimeTaskResultEntity: flowResultOf({ id: 9002, status: 'TEST_ERROR', startTime: '2026-03-02 09:05:00', speed: 30, historyCount: 3 }),
    }),
    recordFlowOf({ id: 103, sequence: 3, name: '老化测试' }),
    recordFlowOf({ id: 104, sequence: 4, name: '外观检查' }),
  ],
});

function detailServer(reply: (request: FakeRequest) => typeof detail | Refusal = () => detail) {
  return installServer(answer(RECORDS.recordDetail, reply));
}

const URL_OF_DETAIL = `/productionLogDetail?taskId=8&resultId=${encodeURIComponent('P 01/A')}`;

/** A tile's figures, term by value. */
function figuresOf(tile: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...tile.querySelectorAll('dl > div')].map((pair) => [pair.querySelector('dt')?.textContent, pair.querySelector('dd')?.textContent]),
  );
}

beforeEach(() => useSession.getState().signIn(recordSession()));

describe('生产记录详情 page', () => {
  it('shows the device and its flows as tiles in snake order with their latest results', async () => {
    const server = detailServer();
    await renderPage(URL_OF_DETAIL);

    const first = await screen.findByRole('button', { name: '流程1 上电检测 合格' });
    expect(server.calls(RECORDS.recordDetail)[0]?.query).toEqual({ id: 'P 01/A' });
    expect(screen.getByRole('heading', { name: '生产记录详情' })).toBeTruthy();
    expect(document.querySelector('.page-header__breadcrumb')?.textContent).toBe('生产中心/产线检测/生产记录/生产记录详情');

    const summary = Object.fromEntries(
      [...document.querySelectorAll('.ant-descriptions-item')].map((item) => [
        item.querySelector('.ant-descriptions-item-label')?.textContent,
        item.querySelector('.ant-descriptions-item-content')?.textContent,
      ]),
    );
    expect(summary).toMatchObject({
      生产码: 'P 01/A',
      SN: 'SN-A1',
      MAC: 'AA:BB:CC:00:00:01',
      IMEI: '860000000000001',
      检测状态: '不合格',
      产线: 'ZZ_01',
      产品型号: 'GW_100',
    });

    expect(figuresOf(first)).toEqual({ 开始时间: '2026-03-02 09:00:00', 用时: '12.3 s', 历史次数: '1' });
    const failed = screen.getByRole('button', { name: '流程2 通信检测 不合格' });
    expect(figuresOf(failed)).toEqual({ 开始时间: '2026-03-02 09:05:00', 用时: '30 s', 历史次数: '3' });
    // An untested flow is shown but is no button.
    const untested = screen.getByRole('article', { name: '流程3 老化测试 未检测' });
    expect(figuresOf(untested)).toEqual({ 开始时间: '—', 用时: '—', 历史次数: '0' });
    expect(screen.queryByRole('button', { name: /老化测试/ })).toBeNull();
    expect(within(screen.getByRole('list', { name: '检测流程' })).getAllByRole('listitem')).toHaveLength(5);

    // 1 2 3 4 on the first row, then 5 at the right end of the second (the snake turns).
    const places = [...document.querySelectorAll<HTMLElement>('.record-flow-tiles__cell')].map((cell) => [
      cell.querySelector('.record-flow-tiles__order')?.textContent,
      cell.style.gridRow,
      cell.style.gridColumn,
    ]);
    expect(places).toEqual([
      ['1', '1', '1'],
      ['2', '1', '3'],
      ['3', '1', '5'],
      ['4', '1', '7'],
      ['5', '3', '7'],
    ]);
    const turn = document.querySelector<HTMLElement>('.record-flow-tiles__turn');
    expect([turn?.style.gridRow, turn?.style.gridColumn]).toEqual(['2', '7']);
  });

  it('opens a tested flow’s result', async () => {
    const user = userEvent.setup();
    detailServer();
    const { router } = await renderPage(URL_OF_DETAIL);

    await user.click(await screen.findByRole('button', { name: '流程2 通信检测 不合格' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionFlowDetail'), OTHER_PAGE);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      taskId: '8',
      resultId: 'P 01/A',
      flowId: '102',
      testId: '9002',
    });
  });

  it('goes back to the task’s records on 返回', async () => {
    const user = userEvent.setup();
    detailServer();
    const { router } = await renderPage(URL_OF_DETAIL);

    await screen.findByRole('button', { name: '流程2 通信检测 不合格' });
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productionLog'), OTHER_PAGE);
    expect(router.state.location.search).toBe('?id=8');
  });

  it('says so when the record does not exist, with a way back', async () => {
    const user = userEvent.setup();
    detailServer(() => refusal('生产记录不存在', 404));
    const { router } = await renderPage(URL_OF_DETAIL);

    expect(await screen.findByText('该生产记录不存在、已被删除或无权查看')).toBeTruthy();
    // the server's message as a pop-up too
    await waitFor(() => expect(screen.getAllByText('生产记录不存在').length).toBeGreaterThanOrEqual(2));
    await user.click(screen.getByRole('button', { name: '返回生产记录' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=8'), OTHER_PAGE);
  });

  it('shows the server’s message when the detail is refused', async () => {
    detailServer(() => refusal(MSG.noPermission, 403));
    await renderPage(URL_OF_DETAIL);
    expect(await screen.findByText('生产记录加载失败')).toBeTruthy();
    expect(screen.getAllByText(MSG.noPermission).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('asks for nothing without a production code', async () => {
    const server = detailServer();
    await renderPage('/productionLogDetail?taskId=8');
    expect(await screen.findByText('未指定设备')).toBeTruthy();
    expect(server.calls(RECORDS.recordDetail).length > 0).toBe(false);
  });
});
