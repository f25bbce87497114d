import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { refusal } from '../test/fake-server';
import { DTU_STATION_ENDPOINTS as PAD, DTU_TASK_MSG } from './lib/contracts';
import { installPartsServer } from './test/dtu-fixtures';
import { ALL_PASS, confirmKeys, IMEI, openParts, scan, scanField, storedQueue, today } from './test/parts-check-screen';
import { SESSION, signedIn } from './test/station-fixtures';

afterEach(() => localStorage.clear());

/* What the server refuses, and results that could not reach it. */

describe('parts check: refusals', () => {
  it.each([
    ['a unit tested before', DTU_TASK_MSG.duplicateUnit(IMEI), DTU_TASK_MSG.duplicateUnit(IMEI)],
    ['Excel rows used up', DTU_TASK_MSG.excelUsedUp, `${DTU_TASK_MSG.excelUsedUp}（设备${IMEI}）`],
    ['a stopped task', DTU_TASK_MSG.taskStopped, `${DTU_TASK_MSG.taskStopped}（设备${IMEI}）`],
  ])('shows the server’s message for a scan refused (%s), with no unit', async (_case, message, shown) => {
    signedIn();
    const { server } = installPartsServer({ scan: () => refusal(message, 409) });
    const user = userEvent.setup();
    await openParts();
    const asked = server.calls(PAD.stationDtuAssignment).length;

    await scan(user, IMEI);
    expect(screen.getByRole('alert').textContent).toBe(shown);
    expect(screen.queryByRole('region', { name: '待测设备' })).toBeNull();
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(true);
    // A refusal may mean the task changed: the assignment is asked again.
    await waitFor(() => expect(server.calls(PAD.stationDtuAssignment).length).toBe(asked + 1));
  });

  it('shows a refused result plainly and clears the unit', async () => {
    signedIn();
    const message = DTU_TASK_MSG.duplicateValue('ICCID', '89860012345678901234');
    const { report } = installPartsServer({ result: () => refusal(message, 409) });
    const user = userEvent.setup();
    await openParts();
    await scan(user, IMEI);
    report(IMEI, ALL_PASS, { serverVerified: true });
    await confirmKeys(user);
    await user.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('region', { name: '待测设备' })).toBeNull();
    expect(storedQueue()).toEqual([]);
  });

  it('refuses a code no IMEI or MAC could be without asking the server', async () => {
    signedIn();
    const { server } = installPartsServer();
    const user = userEvent.setup();
    await openParts();
    await user.type(scanField(), '86 12{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(`${DTU_TASK_MSG.unitRule}（86 12）`);
    expect(server.calls(PAD.stationDtuScan)).toHaveLength(0);
  });

  it('asks before leaving a unit not submitted for another one', async () => {
    signedIn();
    const { server } = installPartsServer();
    const user = userEvent.setup();
    await openParts();
    await scan(user, IMEI);
    await scan(user, '861234567890124');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(`设备${IMEI}尚未提交：请先提交，或更换为861234567890124`);
    expect(server.calls(PAD.stationDtuScan)).toHaveLength(1);
    await user.click(within(alert).getByRole('button', { name: '更换设备' }));
    await waitFor(() => expect(screen.getByText('861234567890124')).toBeTruthy());
    expect(server.calls(PAD.stationDtuScan).at(-1)!.json).toEqual({ imei: '861234567890124' });
  });
});

describe('parts check: offline', () => {
  it('queues a result that could not be sent and resends it with the same clientResultId; the server stores it once', async () => {
    signedIn();
    const { state, report, resultBodies } = installPartsServer();
    const user = userEvent.setup();
    await openParts();
    await scan(user, IMEI);
    report(IMEI, ALL_PASS, { serverVerified: true });
    await confirmKeys(user);

    state.offline = true;
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('离线，1 条待上传')).toBeTruthy();
    expect(screen.getByText(`网络异常：设备${IMEI}的结果已暂存，恢复后自动上传`)).toBeTruthy();
    expect(within(today()).getByText('待上传')).toBeTruthy();
    const [queued] = storedQueue();
    expect(queued!.terminalId).toBe(SESSION.terminal.id);
    expect(queued!.body.imei).toBe(IMEI);
    // Free for the next unit meanwhile.
    expect(screen.queryByRole('region', { name: '待测设备' })).toBeNull();

    state.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText('离线，1 条待上传')).toBeNull());
    expect(resultBodies().at(-1)).toEqual(queued!.body);
    expect(storedQueue()).toEqual([]);
    expect(state.stored.size).toBe(1);
    await waitFor(() => expect(within(today()).getByText('合格')).toBeTruthy());
    expect(within(today()).queryByText('待上传')).toBeNull();
  });

  it('a result the server did store before the answer was lost is answered again (replayed), not stored twice', async () => {
    signedIn();
    let lose = true;
    const { state, report, resultBodies } = installPartsServer();
    const user = userEvent.setup();
    await openParts();
    await scan(user, IMEI);
    report(IMEI, ALL_PASS, { serverVerified: true });
    await confirmKeys(user);

    // The server stores the result, but its answers are lost on the way back.
    const serve = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const response = await serve(input, init);
      if (lose && String(input).endsWith(PAD.stationDtuResult.path)) throw new TypeError('Failed to fetch');
      return response;
    };
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('离线，1 条待上传')).toBeTruthy();
    expect(state.stored.size).toBe(1);

    lose = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(storedQueue()).toEqual([]));
    const bodies = resultBodies();
    expect(bodies.length).toBeGreaterThan(1);
    expect(new Set(bodies.map((body) => body.clientResultId)).size).toBe(1);
    expect(state.stored.size).toBe(1);
    await waitFor(() => expect(within(today()).getByText('共 1 台 · 合格 1 · 不合格 0')).toBeTruthy());
  });
});
