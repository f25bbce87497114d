import { DATA_CENTER_REFRESH_SECONDS, MSG } from '@factory/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, EventSourceStandIn, pathOf, queryOf, setUpBigScreenTests } from '../../../test/big-screen-fixtures';
import { envelope, failure, installFetch } from '../../../test/fetch-stand-in';
import { renderApp } from '../../../test/render-app';
import { devOutputQuery } from '../api/get-dev-output';
import { deviceAverageQuery } from '../api/get-device-average';
import { deviceOnePassQuery } from '../api/get-device-one-pass';
import { deviceProductivityQuery } from '../api/get-device-productivity';
import { padCountQuery } from '../api/get-pad-count';
import { pdaCountQuery } from '../api/get-pda-count';
import { productionTopQuery } from '../api/get-production-top';
import { realTimeInputQuery } from '../api/get-real-time-input';
import { statisticInfoQuery } from '../api/get-statistic-info';
import { taskCountQuery } from '../api/get-task-count';
import { answerOf, dashboardServer, dashboardSession } from '../dashboard-fixtures';

const panel = (title: string) => within(screen.getByRole('region', { name: title }));

/** The figures of a panel, term by value (the value without its unit). */
function figuresIn(title: string): Record<string, string> {
  const element = screen.getByRole('region', { name: title });
  return Object.fromEntries(
    [...element.querySelectorAll('.dc-figure')].map((pair) => [
      pair.querySelector('dt')?.textContent,
      pair.querySelector('dd')?.firstChild?.textContent,
    ]),
  );
}

const digits = () => [...screen.getByRole('group', { name: '今日已生产' }).children].map((tile) => tile.textContent);
const meter = (name: string) => screen.getByRole('meter', { name }).getAttribute('aria-valuenow');
const chart = (name: string) => screen.getByRole('figure', { name }).textContent ?? '';

// The page's chunk (echarts with it) loads once here, not inside the first test's wait.
beforeAll(() => import('./data-center-page'), 30_000);

setUpBigScreenTests(dashboardSession);

describe('数据中心 page', () => {
  it('shows every figure of the dashboard from the answers', async () => {
    const seen = dashboardServer();
    renderApp('/dataCenter');

    await waitFor(() => expect(digits()).toEqual(['1', '2', '6', '8']));
    // the layout: header with the full-screen toggle, no footer
    expect(screen.getByRole('button', { name: '全屏' })).toBeTruthy();
    expect(document.querySelector('.shell-footer')).toBeNull();
    expect(screen.getByRole('heading', { name: '数据中心' })).toBeTruthy();

    const today = panel('今日生产');
    expect(today.getByText('5,000')).toBeTruthy();
    expect(today.getByText('25')).toBeTruthy();
    await waitFor(() => expect(figuresIn('今日生产')).toEqual({ 日均产能: '1,342.6', 本月产量: '24,165', 累计产量: '98,213' }));
    expect(figuresIn('投入统计')).toEqual({ 设备: '18,342', 终端: '46', 产品: '12', 产线: '6', 人员: '38' });
    await waitFor(() =>
      expect(figuresIn('抽检与库存')).toEqual({ 检验报告: '86', 抽检数量: '412', 入库数量: '15,620', 出库数量: '14,208', 复检数量: '23' }),
    );
    await waitFor(() => expect(figuresIn('研发与产出')).toEqual({ 研发产品: '8', 累计产量: '98,213', 计划总量: '155,000' }));
    expect(meter('计划完成')).toBe('63');

    await waitFor(() => expect(meter('一次通过率')).toBe('87'));
    expect([meter('准时完成率'), meter('抽检合格率'), meter('停线率')]).toEqual(['92', '98', '4']);
    expect(panel('任务指标').getByText('87').parentElement?.textContent).toBe('87%');

    await waitFor(() => expect(chart('生产 TOP5')).not.toContain('暂无数据'));
    const pda = within(screen.getByRole('group', { name: 'PDA 手持机' }));
    expect(pda.getByText('17')).toBeTruthy();
    expect(pda.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['使用中12', '空闲5']);
    const pad = within(screen.getByRole('group', { name: 'PAD 平板' }));
    await waitFor(() => expect(pad.getByText('38')).toBeTruthy());
    expect(pad.getAllByRole('listitem')).toHaveLength(4);

    await waitFor(() => expect(chart('设备生产力')).not.toContain('暂无数据'));
    expect(chart('一次通过率趋势')).not.toContain('暂无数据');
    expect(panel('生产趋势').getByText('近30天设备生产力')).toBeTruthy();

    // The calls, with the parameters of seed 000 §7.
    expect(queryOf(calls(seen, '/api/dataCenter/productionTop')[0])).toEqual({ topNum: '5' });
    expect(queryOf(calls(seen, '/api/dataCenter/taskCount')[0])).toEqual({ hold: '2' });
    expect(queryOf(calls(seen, '/api/dataCenter/deviceProductivity')[0])).toEqual({ timeType: 'PRE_30_DAY' });
    expect(queryOf(calls(seen, '/api/dataCenter/deviceOnePass')[0])).toEqual({ timeType: 'PRE_30_DAY' });
    for (const path of ['realTimeInput', 'statisticInfo', 'devOutput', 'pdaCount', 'padCount', 'deviceAverage']) {
      expect(queryOf(calls(seen, `/api/dataCenter/${path}`)[0])).toEqual({});
    }
  });

  it('shows one 累计产量 in both panels, whatever an older devOutput answer held', async () => {
    // Issue 13: 累计产量 1,341 beside 累计产出 1,317, one call twelve hours older than the other.
    dashboardServer(new Set(), {
      '/api/dataCenter/devOutput': { developmentCount: 3, outputCount: 1317, total: 2000 },
      '/api/dataCenter/deviceAverage': { total: 1341, avgProductivity: 53.64, productionMonth: 1341 },
    });
    renderApp('/dataCenter');
    await waitFor(() => expect(figuresIn('今日生产')['累计产量']).toBe('1,341'));
    await waitFor(() => expect(figuresIn('研发与产出')).toEqual({ 研发产品: '3', 累计产量: '1,341', 计划总量: '2,000' }));
    expect(meter('计划完成')).toBe('67');
  });

  it('switches both trend charts between the last 30 days and the last 12 months', async () => {
    const user = userEvent.setup();
    const seen = dashboardServer();
    renderApp('/dataCenter');
    await waitFor(() => expect(chart('设备生产力')).not.toContain('暂无数据'));

    await user.click(screen.getByText('近12个月'));
    await waitFor(() => expect(calls(seen, '/api/dataCenter/deviceProductivity')).toHaveLength(2));
    expect(queryOf(calls(seen, '/api/dataCenter/deviceProductivity')[1])).toEqual({ timeType: 'PRE_12_MONTH' });
    await waitFor(() => expect(calls(seen, '/api/dataCenter/deviceOnePass')).toHaveLength(2));
    expect(queryOf(calls(seen, '/api/dataCenter/deviceOnePass')[1])).toEqual({ timeType: 'PRE_12_MONTH' });
    expect(panel('生产趋势').getByText('近12个月设备生产力')).toBeTruthy();
    expect(panel('生产趋势').getByText('近12个月一次通过率')).toBeTruthy();

    // Back to 30 days: the answer held is still fresh for its period, so it is shown, not asked again.
    await user.click(screen.getByText('近30天'));
    expect(panel('生产趋势').getByText('近30天设备生产力')).toBeTruthy();
    expect(calls(seen, '/api/dataCenter/deviceProductivity')).toHaveLength(2);
  });

  it('shows zeros and 暂无数据 in the panels whose call fails, the others as answered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    dashboardServer(
      new Set([
        '/api/dataCenter/realTimeInput',
        '/api/dataCenter/taskCount',
        '/api/dataCenter/productionTop',
        '/api/dataCenter/padCount',
        '/api/dataCenter/deviceOnePass',
      ]),
    );
    renderApp('/dataCenter');

    await waitFor(() => expect(warn).toHaveBeenCalledTimes(5));
    expect(digits()).toEqual(['0', '0', '0', '0']);
    expect(figuresIn('投入统计')).toEqual({ 设备: '0', 终端: '0', 产品: '0', 产线: '0', 人员: '0' });
    expect([meter('一次通过率'), meter('准时完成率'), meter('抽检合格率'), meter('停线率')]).toEqual(['0', '0', '0', '0']);
    expect(chart('生产 TOP5')).toContain('暂无数据');
    expect(chart('PAD 平板状态分布')).toContain('暂无数据');
    expect(chart('一次通过率趋势')).toContain('暂无数据');

    // the rest as answered
    await waitFor(() => expect(figuresIn('今日生产')).toEqual({ 日均产能: '1,342.6', 本月产量: '24,165', 累计产量: '98,213' }));
    expect(figuresIn('研发与产出')).toEqual({ 研发产品: '8', 累计产量: '98,213', 计划总量: '155,000' });
    expect(chart('PDA 手持机状态分布')).not.toContain('暂无数据');
    expect(chart('设备生产力')).not.toContain('暂无数据');
    // no pop-up, only the log (seed 000 §8)
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('服务器异常');
    expect(warn).toHaveBeenCalledWith('/api/dataCenter/taskCount failed:', '服务器异常，请稍后重试');
  });

  it('shows 暂无数据 for a ring of terminals that are all zero, and lists the states with 0', async () => {
    dashboardServer(new Set(), {
      '/api/dataCenter/pdaCount': [
        { xVal: '已使用', yVal: 0 },
        { xVal: '未使用', yVal: 0 },
      ],
    });
    renderApp('/dataCenter');
    const pda = within(await screen.findByRole('group', { name: 'PDA 手持机' }));
    await waitFor(() => expect(pda.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['已使用0', '未使用0']));
    expect(chart('PDA 手持机状态分布')).toContain('暂无数据');
    await waitFor(() => expect(chart('PAD 平板状态分布')).not.toContain('暂无数据'));
  });

  it('shows 暂无数据 for a one-pass trend without a single decided day', async () => {
    const seen = dashboardServer(new Set(), {
      '/api/dataCenter/deviceOnePass': [
        { xVal: '03-01', yVal: null },
        { xVal: '03-02', yVal: null },
      ],
    });
    renderApp('/dataCenter');
    await waitFor(() => expect(chart('设备生产力')).not.toContain('暂无数据'));
    await waitFor(() => expect(calls(seen, '/api/dataCenter/deviceOnePass')).toHaveLength(1));
    // the answer is in (a call ends within a few ticks of the stand-in's answer)
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(chart('一次通过率趋势')).toContain('暂无数据');
    expect(panel('生产趋势').getByText('近30天一次通过率')).toBeTruthy();
  });

  it('refreshes each call at its own period (seed 000 §7)', () => {
    const periods = {
      realTimeInput: realTimeInputQuery().refetchInterval,
      statisticInfo: statisticInfoQuery().refetchInterval,
      devOutput: devOutputQuery().refetchInterval,
      productionTop: productionTopQuery().refetchInterval,
      pdaCount: pdaCountQuery().refetchInterval,
      padCount: padCountQuery().refetchInterval,
      deviceAverage: deviceAverageQuery().refetchInterval,
      taskCount: taskCountQuery().refetchInterval,
      deviceProductivity: deviceProductivityQuery('PRE_30_DAY').refetchInterval,
      deviceOnePass: deviceOnePassQuery('PRE_12_MONTH').refetchInterval,
    };
    expect(periods).toEqual({
      realTimeInput: 5_000,
      statisticInfo: 3 * 3_600_000,
      devOutput: 12 * 3_600_000,
      productionTop: 12 * 3_600_000,
      pdaCount: 6 * 3_600_000,
      padCount: 5_000,
      deviceAverage: 5_000,
      taskCount: 6 * 3_600_000,
      deviceProductivity: 24 * 3_600_000,
      deviceOnePass: 6 * 3_600_000,
    });
    expect(Object.keys(periods).sort()).toEqual(Object.keys(DATA_CENTER_REFRESH_SECONDS).sort());
  });

  it('asks the 5-second calls again after 5 seconds and leaves the hourly ones alone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = dashboardServer();
    renderApp('/dataCenter');
    await waitFor(() => expect(digits()).toEqual(['1', '2', '6', '8']));
    await waitFor(() => expect(calls(seen, '/api/dataCenter/deviceOnePass')).toHaveLength(1));

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(calls(seen, '/api/dataCenter/realTimeInput')).toHaveLength(2));
    expect(calls(seen, '/api/dataCenter/padCount')).toHaveLength(2);
    expect(calls(seen, '/api/dataCenter/deviceAverage')).toHaveLength(2);
    for (const path of ['statisticInfo', 'devOutput', 'productionTop', 'pdaCount', 'taskCount', 'deviceProductivity', 'deviceOnePass']) {
      expect(calls(seen, `/api/dataCenter/${path}`)).toHaveLength(1);
    }
  });

  it('moves today’s counters when results arrive, over the account’s event stream', async () => {
    const seen = dashboardServer();
    const { unmount } = renderApp('/dataCenter');
    await waitFor(() => expect(digits()).toEqual(['1', '2', '6', '8']));
    await waitFor(() => expect(calls(seen, '/api/dataCenter/deviceOnePass')).toHaveLength(1));

    await waitFor(() => expect(EventSourceStandIn.opened).toHaveLength(1));
    const stream = EventSourceStandIn.opened[0]!;
    expect(stream.url).toBe('/api/dataCenter/events?ticket=ticket-1');
    const before = calls(seen, '/api/dataCenter/realTimeInput').length;
    act(() => stream.send('result'));
    await waitFor(() => expect(calls(seen, '/api/dataCenter/realTimeInput')).toHaveLength(before + 1));
    expect(calls(seen, '/api/dataCenter/deviceAverage')).toHaveLength(before + 1);
    // The products' ranking adds up to the total and the trend's last day is today: they move with them.
    await waitFor(() => expect(calls(seen, '/api/dataCenter/productionTop')).toHaveLength(2));
    expect(calls(seen, '/api/dataCenter/deviceProductivity')).toHaveLength(2);
    expect(calls(seen, '/api/dataCenter/statisticInfo')).toHaveLength(1);
    expect(calls(seen, '/api/dataCenter/taskCount')).toHaveLength(1);
    expect(calls(seen, '/api/dataCenter/devOutput')).toHaveLength(1);

    unmount();
    expect(stream.closed).toBe(true);
  });

  it('opens the stream with a one-use ticket, never the session token, and takes a fresh one when the stream drops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = dashboardServer();
    renderApp('/dataCenter');
    await waitFor(() => expect(EventSourceStandIn.opened).toHaveLength(1));
    const [ticketCall] = calls(seen, '/api/dataCenter/eventsTicket');
    expect(ticketCall?.method).toBe('POST');
    expect(ticketCall?.headers.Authorization).toBe('Bearer token-1');
    expect(seen.every((request) => !request.url.includes('token-1')), 'the session token is in no url').toBe(true);

    // The browser would reconnect with the spent ticket; the page closes it and asks for another after 3 s.
    const dropped = EventSourceStandIn.opened[0]!;
    act(() => dropped.send('error'));
    expect(dropped.closed).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(EventSourceStandIn.opened).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(EventSourceStandIn.opened).toHaveLength(2));
    expect(EventSourceStandIn.opened[1]!.url).toBe('/api/dataCenter/events?ticket=ticket-2');
    expect(calls(seen, '/api/dataCenter/eventsTicket')).toHaveLength(2);
  });

  it('keeps polling alone when the ticket is refused, without asking again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = installFetch((request) =>
      pathOf(request) === '/api/dataCenter/eventsTicket'
        ? { status: 403, body: failure(MSG.noPermission) }
        : { body: envelope(answerOf(pathOf(request), null)) },
    );
    renderApp('/dataCenter');
    await waitFor(() => expect(digits()).toEqual(['1', '2', '6', '8']));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls(seen, '/api/dataCenter/eventsTicket')).toHaveLength(1);
    expect(EventSourceStandIn.opened).toHaveLength(0);
    expect(calls(seen, '/api/dataCenter/realTimeInput').length).toBeGreaterThan(1);
    expect(screen.queryByText(MSG.noPermission), 'no notice: the stream is a bonus').toBeNull();
  });
});
