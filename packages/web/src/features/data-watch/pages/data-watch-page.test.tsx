import { BOARD_ENDPOINTS as BOARD, BOARD_LIMITS, MENUS, MSG } from '@factory/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { BOARD_REFRESH_MS } from '../api/board-keys';
import { onePassDetailQuery } from '../api/get-one-pass-detail';
import { onePassTotalQuery } from '../api/get-one-pass-total';
import { problemChartQuery } from '../api/get-problem-chart';
import { problemTopQuery } from '../api/get-problem-top';
import { problemTotalQuery } from '../api/get-problem-total';
import { scheduleQuery } from '../api/get-schedule';
import { boardAnswers, boardServer, boardSession, boardUrl } from '../board-fixtures';
import { EventSourceStandIn, setUpBigScreenTests } from '../../../test/big-screen-fixtures';
import { answer, type FakeServer, installServer, rawAnswer } from '../../../test/fake-server';
import { envelope, failure } from '../../../test/fetch-stand-in';
import { renderPage } from '../../../test/render-page';
import { CAROUSEL_SETTINGS, SLIDE_TITLES } from './data-watch-page';

/** A slide by its title; the carousel hides the slides not shown from assistive tech, so hidden ones count. */
const slide = (title: string) => within(screen.getByRole('region', { name: title, hidden: true }));

/** The figures of a group, term by value (the value without its unit). */
/** Every request to a call of the board, its stream's tickets included. */
const boardCalls = (server: FakeServer) => Object.values(BOARD).flatMap((endpoint) => server.calls(endpoint));

function figuresOf(label: string): Record<string, string> {
  const list = screen.getByLabelText(label);
  return Object.fromEntries(
    [...list.querySelectorAll(':scope > div')].map((pair) => [
      pair.querySelector('dt')?.textContent,
      pair.querySelector('.board-figure__value')?.firstChild?.textContent,
    ]),
  );
}


// The page's chunk (echarts with it) loads once here, not inside the first test's wait.
beforeAll(() => import('./data-watch-page'), 30_000);

setUpBigScreenTests(boardSession);

describe('数据看板 page', () => {
  it('shows the task, the time and every slide’s figures from the answers', async () => {
    const server = boardServer();
    await renderPage(boardUrl(8));

    await waitFor(() => expect(figuresOf('生产数据')['计划数量']).toBe('2000'));
    expect(screen.getByRole('heading', { level: 1, name: '数据看板' })).toBeTruthy();
    expect(screen.getByLabelText('产品型号').textContent).toBe('GW_100 智能网关');
    expect(screen.getByLabelText('产线').textContent).toBe('总装一线');
    // The task's own number, as the task list and the code export's file name give it (issue 13).
    expect(screen.getByLabelText('任务编号').textContent).toBe('任务 #8');
    expect(screen.getByLabelText('当前时间').textContent).toMatch(/^\d{2}:\d{2}:\d{2}\d{4}-\d{2}-\d{2} 星期/);
    expect(screen.getByText('生产进度 1/4')).toBeTruthy();

    // slide 1: the schedule
    expect(figuresOf('生产数据')).toMatchObject({
      计划数量: '2000',
      已生产: '1268',
      投入数量: '1342',
      返修数量: '37',
      生产节拍: '28.5',
    });
    expect(figuresOf('生产数据')['预计完成']).toMatch(/^\d{2}:\d{2}$/);
    expect(slide('生产进度').getByText(/约 2 小时 5 分钟后$/)).toBeTruthy();
    expect(slide('生产进度').getByRole('progressbar', { name: '生产进度', hidden: true }).getAttribute('aria-valuenow')).toBe('63');

    // slide 2: problems
    expect(figuresOf('问题统计')).toEqual({ 总问题数: '128', 自动检测: '97', 人工检测: '31' });
    expect(slide('问题分布').getByRole('figure', { name: '各流程问题分布', hidden: true }).textContent).not.toContain('暂无数据');
    expect(slide('问题分布').getByRole('figure', { name: '问题 TOP10', hidden: true }).textContent).not.toContain('暂无数据');

    // slide 3: the curve, with the latest hour and the target
    expect(slide('一次通过率曲线').getByText('91%')).toBeTruthy();
    expect(slide('一次通过率曲线').getByText('目标 80%')).toBeTruthy();

    // slide 4: the task's rate, rounded, against its target
    expect(figuresOf('一次通过率')).toEqual({ 当前一次通过率: '87', 目标一次通过率: '80' });
    expect(slide('一次通过率总览').getByText('已达标')).toBeTruthy();

    // The calls, with the parameters of seed 000 §7.
    expect(server.calls(BOARD.boardSchedule)[0]?.query).toEqual({ taskId: '8' });
    expect(server.calls(BOARD.boardProblemTotal)[0]?.query).toEqual({ taskId: '8' });
    expect(server.calls(BOARD.boardProblemChart)[0]?.query).toEqual({ taskId: '8' });
    expect(server.calls(BOARD.boardProblemTop)[0]?.query).toEqual({ taskId: '8', number: '10' });
    expect(server.calls(BOARD.boardOnePassTotal)[0]?.query).toEqual({ taskId: '8', interval: '60', hold: '2' });
    expect(server.calls(BOARD.boardOnePassDetail)[0]?.query).toEqual({ taskId: '8', hold: '4' });
    expect(server.seen[0]?.headers.Authorization).toBe('Bearer token-1');
  });

  it('runs the four slides every 10 seconds with the indicator hidden', async () => {
    boardServer();
    await renderPage(boardUrl(8));
    await screen.findByText('生产进度 1/4');

    expect(CAROUSEL_SETTINGS).toMatchObject({ autoplay: true, autoplaySpeed: 10_000, dots: false });
    expect(BOARD_LIMITS.slideSeconds * 1000).toBe(10_000);
    expect(SLIDE_TITLES).toEqual(['生产进度', '问题分布', '一次通过率曲线', '一次通过率总览']);
    expect(document.querySelectorAll('.slick-slide')).toHaveLength(4);
    expect(document.querySelector('.slick-dots')).toBeNull();
    expect(document.querySelector('.slick-slide.slick-active')?.textContent).toContain('计划数量');
  });

  it('moves to the next slide after 10 seconds, and the next', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    boardServer();
    await renderPage(boardUrl(8));
    await screen.findByText('生产进度 1/4');

    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.getByText('生产进度 1/4')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.getByText('问题分布 2/4')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.slick-slide.slick-active')?.textContent).toContain('总问题数'));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('一次通过率曲线 3/4')).toBeTruthy();
  });

  it('refreshes every call every 10 seconds', () => {
    expect(BOARD_REFRESH_MS).toBe(10_000);
    for (const query of [scheduleQuery, problemTotalQuery, problemChartQuery, problemTopQuery, onePassTotalQuery, onePassDetailQuery]) {
      expect(query(8).refetchInterval).toBe(10_000);
    }
  });

  it('shows zeros and 暂无数据 where a call fails, and recovers on the next refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = boardServer({
      failing: [BOARD.boardSchedule, BOARD.boardProblemChart, BOARD.boardOnePassTotal, BOARD.boardOnePassDetail],
    });
    await renderPage(boardUrl(8));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('部分数据获取失败，稍后自动重试'));
    expect(figuresOf('生产数据')).toMatchObject({ 计划数量: '0', 已生产: '0', 投入数量: '0', 返修数量: '0', 生产节拍: '0', 预计完成: '--:--' });
    expect(slide('生产进度').getByRole('progressbar', { hidden: true }).getAttribute('aria-valuenow')).toBe('0');
    // A call that answered still shows its figures beside one that failed.
    expect(figuresOf('问题统计')).toEqual({ 总问题数: '128', 自动检测: '97', 人工检测: '31' });
    expect(slide('问题分布').getByRole('figure', { name: '各流程问题分布', hidden: true }).textContent).toContain('暂无数据');
    expect(slide('问题分布').getByRole('figure', { name: '问题 TOP10', hidden: true }).textContent).not.toContain('暂无数据');
    expect(slide('一次通过率曲线').getByRole('figure', { hidden: true }).textContent).toContain('暂无数据');
    expect(figuresOf('一次通过率')).toEqual({ 当前一次通过率: '0', 目标一次通过率: '0' });
    expect(slide('一次通过率总览').getByRole('figure', { hidden: true }).textContent).toContain('暂无数据');
    expect(slide('一次通过率总览').getByText('暂无数据', { selector: '.board-figure__note' })).toBeTruthy();
    // No pop-up for a board call, only the log (seed 000 §8).
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('服务器异常');
    expect(warn).toHaveBeenCalledWith(`${BOARD.boardSchedule.path} failed:`, '服务器异常，请稍后重试');

    server.put(...boardAnswers());
    const before = server.calls(BOARD.boardSchedule).length;
    await act(() => vi.advanceTimersByTimeAsync(BOARD_REFRESH_MS));
    await waitFor(() => expect(figuresOf('生产数据')['计划数量']).toBe('2000'));
    expect(server.calls(BOARD.boardSchedule).length).toBe(before + 1);
    expect(figuresOf('一次通过率')).toEqual({ 当前一次通过率: '87', 目标一次通过率: '80' });
    expect(slide('一次通过率曲线').getByRole('figure', { hidden: true }).textContent).not.toContain('暂无数据');
    expect(screen.getByRole('status').textContent).toMatch(/^数据更新于 \d{2}:\d{2}:\d{2}$/);
  });

  it('shows 暂无数据, not 0% 未达标, for a task with no first attempt yet', async () => {
    boardServer({
      answers: [
        answer(BOARD.boardSchedule, { aimCount: 40, productedCount: 0, inputCount: 0, repairCount: 0, capacityOfProduction: 0, expectedFinishTime: 0 }),
        answer(BOARD.boardOnePassTotal, []),
        answer(BOARD.boardOnePassDetail, {
          currentRate: null,
          aimRate: 0.8,
          flowRate: [
            { xVal: '上电检测', yVal: null },
            { xVal: '整机终检', yVal: null },
          ],
        }),
      ],
    });
    await renderPage(boardUrl(8));
    await waitFor(() => expect(figuresOf('生产数据')['计划数量']).toBe('40'));
    await waitFor(() => expect(figuresOf('一次通过率')).toEqual({ 当前一次通过率: '--', 目标一次通过率: '80' }));
    const overview = slide('一次通过率总览');
    expect(overview.getByText('暂无数据', { selector: '.board-figure__note' })).toBeTruthy();
    expect(overview.queryByText('未达标')).toBeNull();
    expect(overview.queryByText('已达标')).toBeNull();
    // No unit after a rate that is not there, and no bars: the chart says 暂无数据.
    expect(screen.getByLabelText('一次通过率').querySelector(':scope > div:first-child .board-figure__unit')).toBeNull();
    expect(overview.getByRole('figure', { name: '各流程一次通过率', hidden: true }).textContent).toContain('暂无数据');
    // No pace yet: the takt says 暂无数据 rather than 0 秒/台.
    expect(figuresOf('生产数据')).toMatchObject({ 生产节拍: '--', 预计完成: '--:--' });
    expect(slide('生产进度').getByText('暂无数据', { selector: '.board-figure__note' })).toBeTruthy();
  });

  it('drops a refused answer to zeros too, and a malformed one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    boardServer({
      failing: [BOARD.boardSchedule],
      refuse: true,
      // what no answer of the contract can say: checked by the console's client (AnswerMismatch)
      answers: [answer(BOARD.boardProblemTotal, () => rawAnswer({ body: envelope({ totalCount: '很多' }) }))],
    });
    await renderPage(boardUrl(8));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('部分数据获取失败，稍后自动重试'));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn).toHaveBeenCalledWith(
      `${BOARD.boardProblemTotal.path} failed:`,
      expect.stringMatching(/answered outside its contract: totalCount: /),
    );
    expect(figuresOf('生产数据')['计划数量']).toBe('0');
    expect(figuresOf('问题统计')).toEqual({ 总问题数: '0', 自动检测: '0', 人工检测: '0' });
    expect(figuresOf('一次通过率')['当前一次通过率']).toBe('87');
    // A refusal of a board call shows no pop-up either.
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('任务不存在');
  });

  it('goes back to the task list from the logo and leaves full screen', async () => {
    const user = userEvent.setup();
    boardServer();
    const exitFullscreen = vi.fn(() => Promise.resolve());
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => document.documentElement });
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
    try {
      const { router } = await renderPage(boardUrl(8));
      await user.click(await screen.findByRole('button', { name: '返回产线检测' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(MENUS.productionCenter));
      expect(exitFullscreen).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(document, 'fullscreenElement');
      Reflect.deleteProperty(document, 'exitFullscreen');
    }
  });

  it('stays out of full screen it is not in', async () => {
    const user = userEvent.setup();
    boardServer();
    const exitFullscreen = vi.fn(() => Promise.resolve());
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
    try {
      const { router } = await renderPage(boardUrl(8));
      await user.click(await screen.findByRole('button', { name: '返回产线检测' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(MENUS.productionCenter));
      expect(exitFullscreen).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(document, 'exitFullscreen');
    }
  });

  it('refreshes when results arrive, at most once a second, over the task’s event stream', async () => {
    const server = boardServer();
    const { unmount } = await renderPage(boardUrl(8));
    await waitFor(() => expect(figuresOf('生产数据')['计划数量']).toBe('2000'));

    await waitFor(() => expect(EventSourceStandIn.opened).toHaveLength(1));
    const stream = EventSourceStandIn.opened[0]!;
    // A one-use ticket from the ticket call (bearer header), never the session token, in the url.
    expect(stream.url).toBe(`${BOARD.boardEvents.path}?taskId=8&ticket=ticket-1`);
    const [ticketCall] = server.calls(BOARD.boardEventsTicket);
    expect(ticketCall?.method).toBe('POST');
    expect(ticketCall?.headers.Authorization).toBe('Bearer token-1');
    const first = server.calls(BOARD.boardSchedule).length;

    // A burst: the first event refreshes at once, the rest once more a second later.
    act(() => {
      for (let index = 0; index < 5; index++) stream.send('result');
    });
    await waitFor(() => expect(server.calls(BOARD.boardSchedule).length).toBe(first + 1));
    expect(server.calls(BOARD.boardOnePassDetail).length).toBe(first + 1);
    await waitFor(() => expect(server.calls(BOARD.boardSchedule).length).toBe(first + 2), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(server.calls(BOARD.boardSchedule).length).toBe(first + 2);

    unmount();
    expect(stream.closed).toBe(true);
  });

  it('polls alone where the browser has no EventSource', async () => {
    vi.stubGlobal('EventSource', undefined);
    boardServer();
    await renderPage(boardUrl(8));
    await waitFor(() => expect(figuresOf('生产数据')['计划数量']).toBe('2000'));
    expect(EventSourceStandIn.opened).toHaveLength(0);
  });

  it('leaves for /login once when the session has expired', async () => {
    const expired = () => rawAnswer({ status: 401, body: failure('未登录') });
    const server = installServer(...Object.values(BOARD).map((endpoint) => answer(endpoint, expired)));
    const { router } = await renderPage(boardUrl(8));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(boardCalls(server).length).toBeGreaterThan(0);
    expect(useSession.getState().token).toBeNull();
    await waitFor(() => expect(screen.getAllByText(MSG.sessionExpired)).toHaveLength(1));
  });

  it('asks for nothing without a task id', async () => {
    const user = userEvent.setup();
    const server = boardServer();
    const { router } = await renderPage('/dataWatch');
    expect(await screen.findByText('未指定任务')).toBeTruthy();
    expect(boardCalls(server).length > 0).toBe(false);
    await user.click(screen.getByRole('button', { name: '返回任务列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MENUS.productionCenter));
  });
});
