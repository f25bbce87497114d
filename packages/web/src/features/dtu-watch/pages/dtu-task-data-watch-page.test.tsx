import { DTU_TASK_ENDPOINTS as DTU, LIVE_STREAMS } from '@factory/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store';
import { EventSourceStandIn, ticketsOf } from '../../../test/big-screen-fixtures';
import { answer, installServer, rawAnswer } from '../../../test/fake-server';
import { loginResultWith } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { watchCountQuery } from '../api/get-watch-count';
import { taskOf } from '../dtu-watch-fixtures';

const URL = '/dtuTaskDataWatch?taskId=31&dtuNumber=HR-DTU01&partsId=5&dtuId=9&partsType=1&taskType=normal';
const COUNT = { total: 1000, finished: 120, timePerProduction: 65, timeToFinish: 57_200 };

function boardServer(count = COUNT) {
  return installServer(answer(DTU.dtuTaskDetail, taskOf()), answer(DTU.dtuTaskWatchCount, count));
}

const digitsOf = (label: string) => screen.getByRole('group', { name: label }).getAttribute('data-value');
const figureOf = (label: string) => screen.getByLabelText(label).querySelector('.dtu-board-figure__value')?.textContent;

beforeEach(() => useSession.getState().signIn(loginResultWith()));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DTU生产看板 page', () => {
  it('shows the task and DTU, the progress, the counts as digits, the capacity and the expected finish', async () => {
    const server = boardServer();
    await renderPage(URL);
    await waitFor(() => expect(digitsOf('完成数量')).toBe('0,120'));

    expect(screen.getByRole('heading', { level: 1, name: 'DTU生产看板' })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('任务名称').textContent).toBe('三月批次'));
    expect(screen.getByLabelText('DTU型号').textContent).toBe('HR-DTU01');
    expect(screen.getByLabelText('当前时间').textContent).toMatch(/^\d{2}:\d{2}:\d{2}\d{4}-\d{2}-\d{2} 星期/);
    expect(digitsOf('目标数量')).toBe('1,000');
    // each digit in its own tile, the separator apart
    expect([...screen.getByRole('group', { name: '完成数量' }).children].map((tile) => tile.textContent)).toEqual(['0', ',', '1', '2', '0']);
    expect(screen.getByLabelText('完成百分比').textContent).toBe('12.00%');
    expect(screen.getByRole('progressbar', { name: '生产进度' }).getAttribute('aria-valuenow')).toBe('12');
    expect(figureOf('生产产能')).toBe('1分5秒');
    expect(figureOf('预计完成')).toBe('15小时53分钟');
    expect(server.calls(DTU.dtuTaskWatchCount)[0]?.query).toEqual({ taskId: '31' });
    expect(server.calls(DTU.dtuTaskDetail)[0]?.query).toEqual({ taskId: '31' });
  });

  it('shows 0.00 and 暂无数据 before anything is tested', async () => {
    boardServer({ total: 0, finished: 0, timePerProduction: 0, timeToFinish: 0 });
    await renderPage(URL);
    await waitFor(() => expect(screen.getByLabelText('完成百分比').textContent).toBe('0.00%'));
    expect(digitsOf('目标数量')).toBe('0,000');
    expect(figureOf('生产产能')).toBe('暂无数据');
    expect(figureOf('预计完成')).toBe('暂无数据');
  });

  it('asks its figures again within a second of the task’s live events, at most once a second', async () => {
    EventSourceStandIn.opened = [];
    vi.stubGlobal('EventSource', EventSourceStandIn);
    try {
      const server = boardServer();
      server.put(ticketsOf(LIVE_STREAMS.dtuTask));
      const { unmount } = await renderPage(URL);
      await waitFor(() => expect(digitsOf('完成数量')).toBe('0,120'));
      await waitFor(() => expect(EventSourceStandIn.opened).toHaveLength(1));
      const stream = EventSourceStandIn.opened[0]!;
      // A one-use ticket from the ticket call (bearer header), never the session token, in the url.
      expect(stream.url).toBe(`${DTU.dtuTaskEvents.path}?taskId=31&ticket=ticket-1`);
      expect(server.calls(DTU.dtuTaskEventsTicket)[0]?.method).toBe('POST');

      server.put(answer(DTU.dtuTaskWatchCount, { ...COUNT, finished: 121 }));
      act(() => {
        for (let index = 0; index < 5; index++) stream.send('result');
      });
      await waitFor(() => expect(digitsOf('完成数量')).toBe('0,121'));
      expect(server.calls(DTU.dtuTaskWatchCount)).toHaveLength(2);
      // the rest of the burst: once more a second later, then nothing
      await waitFor(() => expect(server.calls(DTU.dtuTaskWatchCount)).toHaveLength(3), { timeout: 3000 });
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(server.calls(DTU.dtuTaskWatchCount)).toHaveLength(3);

      unmount();
      expect(stream.closed).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ticks its clock every second and asks its figures again every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 2, 14, 9, 5, 7));
    const server = boardServer();
    await renderPage(URL);
    await waitFor(() => expect(digitsOf('完成数量')).toBe('0,120'));
    const time = () => document.querySelector('.dtu-board-clock__time')?.textContent;
    const before = time();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(time()).not.toBe(before);
    expect(server.calls(DTU.dtuTaskWatchCount)).toHaveLength(1);

    server.put(answer(DTU.dtuTaskWatchCount, { ...COUNT, finished: 1234, timeToFinish: 45 }));
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    await waitFor(() => expect(server.calls(DTU.dtuTaskWatchCount)).toHaveLength(2));
    await waitFor(() => expect(digitsOf('完成数量')).toBe('1,234'));
    expect(figureOf('预计完成')).toBe('不足1分钟');
    expect(screen.getByLabelText('完成百分比').textContent).toBe('100.00%');
    // the task's name and DTU are read once
    expect(server.calls(DTU.dtuTaskDetail)).toHaveLength(1);
    expect(watchCountQuery(31).refetchInterval).toBe(10_000);
  });

  it('shows zeros without a pop-up when the figures cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installServer(answer(DTU.dtuTaskDetail, taskOf()), answer(DTU.dtuTaskWatchCount, () => rawAnswer({ status: 500, body: '<html>502</html>' })));
    await renderPage(URL);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('数据获取失败，稍后自动重试'));
    expect(digitsOf('目标数量')).toBe('0,000');
    expect(figureOf('预计完成')).toBe('暂无数据');
    expect(document.querySelector('.ant-message')?.textContent ?? '').toBe('');
    expect(warn).toHaveBeenCalled();
  });

  it('leaves by the logo: back where it was opened from, out of full screen', async () => {
    const user = userEvent.setup();
    boardServer();
    const exit = vi.fn(() => Promise.resolve());
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => document.body });
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
    try {
      const { router } = await renderPage(URL);
      // inside act, so the page has rendered the new entry (and its back handler knows there is one) before the click
      await act(() => router.navigate(URL.replace('taskId=31', 'taskId=32')));
      await user.click(screen.getByRole('button', { name: '返回' }));
      await waitFor(() => expect(router.state.location.search).toContain('taskId=31'), { timeout: 5000 });
      expect(exit).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(document, 'fullscreenElement');
      Reflect.deleteProperty(document, 'exitFullscreen');
    }
  });

  it('leaves an address opened directly for the task list', async () => {
    const user = userEvent.setup();
    boardServer();
    const { router } = await renderPage(URL.replace('taskType=normal', 'taskType=rework'));
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rework'));
    expect(router.state.location.search).toBe('?dtuId=9&partsId=5&partsType=1&dtuNumber=HR-DTU01');
  });
});
