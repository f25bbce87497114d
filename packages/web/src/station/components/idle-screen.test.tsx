import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORK_POLL_MS } from '../hooks/use-assignment';
import { STATION_ENDPOINTS as STATION, type StationLastTask } from '../lib/contracts';
import { StationApp } from '../station-app';
import { assignment, installStationServer, signedIn } from '../test/station-fixtures';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

const HOW = '请在控制台「产线检测」中为任务的流程设置本终端（PAD-07），或等待主管分配；每 10 秒自动检查一次。';
const idleScreen = async () => {
  await screen.findByText('当前终端未分配任务');
  return screen.getByRole('status');
};

describe('the idle screen says why the terminal is idle and what to do', () => {
  it('says what to do at a terminal that never had a task', async () => {
    signedIn();
    installStationServer({ assignment: () => null, lastTask: () => null });
    render(<StationApp />);
    const status = await idleScreen();
    expect(status.textContent).toContain(HOW);
    expect(status.textContent).not.toContain('上一任务');
    expect(screen.queryByLabelText('扫码')).toBeNull();
  });

  it('says the last task finished, when and which, once the task that was on screen ends', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signedIn();
    let current: ReturnType<typeof assignment> | null = assignment({ taskId: 5, productNumber: 'GW_100' });
    let last: StationLastTask = null;
    const server = installStationServer({ assignment: () => current, lastTask: () => last });
    render(<StationApp />);
    await screen.findByLabelText('扫码');
    // Working: nothing asks why.
    expect(server.calls(STATION.stationLastTask)).toHaveLength(0);

    // The task finished and freed the terminal.
    current = null;
    last = { taskId: 5, productNumber: 'GW_100', status: 'FINISH', flowName: '上电检测', finishTime: '2025-11-21 10:42:07' };
    vi.advanceTimersByTime(WORK_POLL_MS);
    await screen.findByText('上一任务 #5（GW_100）已于 10:42 完成，本终端已释放。');
    expect((await idleScreen()).textContent).toContain(HOW);
    expect(server.calls(STATION.stationLastTask)).toHaveLength(1);
  });

  it('says the terminal was taken off a task that still runs', async () => {
    signedIn();
    installStationServer({
      assignment: () => null,
      lastTask: () => ({ taskId: 8, productNumber: 'SP_220_PLUS', status: 'START', flowName: '功率校准', finishTime: null }),
    });
    render(<StationApp />);
    expect(await screen.findByText('本终端已不在任务 #8（SP_220_PLUS）的「功率校准」流程上，该任务仍未结束。')).toBeTruthy();
    expect((await idleScreen()).textContent).toContain(HOW);
  });
});
