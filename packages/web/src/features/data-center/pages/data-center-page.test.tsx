import { DATA_CENTER_ENDPOINTS as CENTER, DATA_CENTER_REFRESH_SECONDS, LIVE_STREAMS, MSG } from '@factory/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EventSourceStandIn, setUpBigScreenTests } from '../../../test/big-screen-fixtures';
import { answer, refuse } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
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
import { dashboardServer, dashboardSession } from '../dashboard-fixtures';

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
    const server = dashboardServer();
    const { router } = await renderPage('/dataCenter');

    await waitFor(() => expect(digits()).toEqual(['1', '2', '6', '8']));
    // the layout (its own tests render it from these flags): header with the full-screen toggle, no footer
    expect(router.state.matches.at(-1)?.route.handle).toMatchObject({ fullscreenToggle: true, hideFooter: true });
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
    expect(server.calls(CENTER.dataCenterProductionTop)[0]?.query).toEqual({ topNum: '5' });
    expect(server.calls(CENTER.dataCenterTaskCount)[0]?.query).toEqual({ hold: '2' });
    expect(server.calls(CENTER.dataCenterDeviceProductivity)[0]?.query).toEqual({ timeType: 'PRE_30_DAY' });
    expect(server.calls(CENTER.dataCenterDeviceOnePass)[0]?.query).toEqual({ timeType: 'PRE_30_DAY' });
    for (const endpoint of [
      CENTER.dataCenterRealTimeInput,
      CENTER.dataCenterStatisticInfo,
      CENTER.dataCenterDevOutput,
      CENTER.dataCenterPdaCount,
      CENTER.dataCenterPadCount,
      CENTER.dataCenterDeviceAverage,
    ]) {
      expect(server.calls(endpoint)[0]?.query).toEqual({});
    }
  });

  it('shows one 累计产量 in both panels, whatever an older devOutput answer held', async () => {
    // Issue 13: 累计产量 1,341 beside 累计产出 1,317, one call twelve hours older than the other.
    dashboardServer({
      answers: [
        answer(CENTER.dataCenterDevOutput, { developmentCount: 3, outputCount: 1317, total: 2000 }),
        answer(CENTER.dataCenterDeviceAverage, { total: 1341, avgProductivity: 53.64, productionMonth: 1341 }),
      ],
    });
    await renderPage('/dataCenter');
    await waitFor(() => expect(figuresIn('今日生产')['累计产量']).toBe('1,341'));
    await waitFor(() => expect(figuresIn('研发与产出')).toEqual({ 研发产品: '3', 累计产量: '1,341', 计划总量: '2,000' }));
    expect(meter('计划完成')).toBe('67');
  });

  it('switches both trend charts between the last 30 days and the last 12 months', async () => {
    const user = userEvent.setup();
    const server = dashboardServer();
    await renderPage('/dataCenter');
    await waitFor(() => expect(chart('设备生产力')).not.toContain('暂无数据'));

    await user.click(screen.getByText('近12个月'));
    await waitFor(() => expect(server.calls(CENTER.dataCenterDeviceProductivity)).toHaveLength(2));
    expect(server.calls(CENTER.dataCenterDeviceProductivity)[1]?.query).toEqual({ timeType: 'PRE_12_MONTH' });
    await waitFor(() => expect(server.calls(CENTER.dataCenterDeviceOnePass)).toHaveLength(2));
    expect(server.calls(CENTER.dataCenterDeviceOnePass)[1]?.query).toEqual({ timeType: 'PRE_12_MONTH' });
    expect(panel('生产趋势').getByText('近12个月设备生产力')).toBeTruthy();
    expect(panel('生产趋势').getByText('近12个月一次通过率')).toBeTruthy();

    // Back to 30 days: the answer held is still fresh for its period, so it is shown, not asked again.
    await user.click(screen.getByText('近30天'));
    expect(panel('生产趋势').getByText('近30天设备生产力')).toBeTruthy();
    expect(server.calls(CENTER.dataCenterDeviceProductivity)).toHaveLength(2);
  });

  it('shows zeros and 暂无数据 in the panels whose call fails, the others as answered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    dashboardServer({
      failing: [
        CENTER.dataCenterRealTimeInput,
        CENTER.dataCenterTaskCount,
        CENTER.dataCenterProductionTop,
        CENTER.dataCenterPadCount,
        CENTER.dataCenterDeviceOnePass,
      ],
    });
    await renderPage('/dataCenter');

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
    expect(warn).toHaveBeenCalledWith(`${CENTER.dataCenterTaskCount.path} failed:`, '服务器异常，请稍后重试');
  });

  it('shows 暂无数据 for a ring of terminals that are all zero, and lists the states with 0', async () => {
    dashboardServer({
      answers: [
        answer(CENTER.dataCenterPdaCount, [
          { xVal: '已使用', yVal: 0 },
          { xVal: '未使用', yVal: 0 },
        ]),
      ],
    });
    await renderPage('/dataCenter');
    const pda = within(await screen.findByRole('group', { name: 'PDA 手持机' }));
    await waitFor(() => expect(pda.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['已使用0', '未使用0']));
    expect(chart('PDA 手持机状态分布')).toContain('暂无数据');
    await waitFor(() => expect(chart('PAD 平板状态分布')).not.toContain('暂无数据'));
  });

  it('shows 暂无数据 for a one-pass trend without a single decided day', async () => {
    const server = dashboardServer({
      answers: [
        answer(CENTER.dataCenterDeviceOnePass, [
          { xVal: '03-01', yVal: null },
          { xVal: '03-02', yVal: null },
        ]),
      ],
    });
    await renderPage('/dataCenter');
    await waitFor(() => expect(chart('设备生产力')).not.toContain('暂无数据'));
    await waitFor(() => expect(server.calls(CENTER.dataCenterDeviceOnePass)).toHaveLength(1));
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
    const server = dashboardServer();
    await renderPage('/dataCenter');
    await waitFor(() => expect(digits()).toEqual(['1', '2', '6', '8']));
    await waitFor(() => expect(server.calls(CENTER.dataCenterDeviceOnePass)).toHaveLength(1));

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(server.calls(CENTER.dataCenterRealTimeInput)).toHaveLength(2));
    expect(server.calls(CENTER.dataCenterPadCount)).toHaveLength(2);
    expect(server.calls(CENTER.dataCenterDeviceAverage)).toHaveLength(2);
    for (const endpoint of [
      CENTER.dataCenterStatisticInfo,
      CENTER.dataCenterDevOutput,
      CENTER.dataCenterProductionTop,
      CENTER.dataCenterPdaCount,
      CENTER.dataCenterTaskCount,
      CENTER.dataCenterDeviceProductivity,
      CENTER.dataCenterDeviceOnePass,
    ]) {
      expect(server.calls(endpoint)).toHaveLength(1);
    }
  });

  it('moves today’s counters when results arrive, over the account’s event stream', async () => {
    const server = dashboardServer();
    const { unmount } = await renderPage('/dataCenter');
    await waitFor(() => expect(digits()).toEqual(['1', '2', '6', '8']));
    await waitFor(() => expect(server.calls(CENTER.dataCenterDeviceOnePass)).toHaveLength(1));

    await waitFor(() => expect(EventSourceStandIn.opened).toHaveLength(1));
    const stream = EventSourceStandIn.opened[0]!;
    expect(stream.url).toBe(`${CENTER.dataCenterEvents.path}?ticket=ticket-1`);
    const before = server.calls(CENTER.dataCenterRealTimeInput).length;
    act(() => stream.send('result'));
    await waitFor(() => expect(server.calls(CENTER.dataCenterRealTimeInput)).toHaveLength(before + 1));
    expect(server.calls(CENTER.dataCenterDeviceAverage)).toHaveLength(before + 1);
    // The products' ranking adds up to the total and the trend's last day is today: they move with them.
    await waitFor(() => expect(server.calls(CENTER.dataCenterProductionTop)).toHaveLength(2));
    expect(server.calls(CENTER.dataCenterDeviceProductivity)).toHaveLength(2);
    // A PDA's stock-in, spot check or stock-out arrives as an event too (issue 15): the stock figures and 抽检合格率 move.
    await waitFor(() => expect(server.calls(CENTER.dataCenterStatisticInfo)).toHaveLength(2));
    expect(server.calls(CENTER.dataCenterTaskCount)).toHaveLength(2);
    expect(server.calls(CENTER.dataCenterDevOutput)).toHaveLength(1);

    unmount();
    expect(stream.closed).toBe(true);
  });

  it('opens the stream with a one-use ticket, never the session token, and takes a fresh one when the stream drops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = dashboardServer();
    await renderPage('/dataCenter');
    await waitFor(() => expect(EventSourceStandIn.opened).toHaveLength(1));
    const [ticketCall] = server.calls(CENTER.dataCenterEventsTicket);
    expect(ticketCall?.method).toBe('POST');
    expect(ticketCall?.headers.Authorization).toBe('Bearer token-1');
    expect(server.seen.every((request) => !request.url.includes('token-1')), 'the session token is in no url').toBe(true);

    // The browser would reconnect with the spent ticket; the page closes it and asks for another after 3 s.
    const dropped = EventSourceStandIn.opened[0]!;
    act(() => dropped.send('error'));
    expect(dropped.closed).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(EventSourceStandIn.opened).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(EventSourceStandIn.opened).toHaveLength(2));
    expect(EventSourceStandIn.opened[1]!.url).toBe(`${CENTER.dataCenterEvents.path}?ticket=ticket-2`);
    expect(server.calls(CENTER.dataCenterEventsTicket)).toHaveLength(2);
  });

  it('keeps polling alone when the ticket is refused, without asking again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = dashboardServer({ answers: [refuse(LIVE_STREAMS.dataCenter.ticket, MSG.noPermission, 403)] });
    await renderPage('/dataCenter');
    await waitFor(() => expect(digits()).toEqual(['1', '2', '6', '8']));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.calls(CENTER.dataCenterEventsTicket)).toHaveLength(1);
    expect(EventSourceStandIn.opened).toHaveLength(0);
    expect(server.calls(CENTER.dataCenterRealTimeInput).length).toBeGreaterThan(1);
    expect(screen.queryByText(MSG.noPermission), 'no notice: the stream is a bonus').toBeNull();
  });
});
