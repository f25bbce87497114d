import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusal } from '../test/fake-server';
import { DTU_STATION_ENDPOINTS as PAD, STATION_ENDPOINTS as STATION, STATION_MSG } from './lib/contracts';
import { StationApp } from './station-app';
import { IDLE_POLL_MS } from './hooks/use-assignment';
import { DTU_VERDICT_MS } from './pages/parts-check-page';
import { bluetoothAssignment, dtuAssignment, installPartsServer } from './test/dtu-fixtures';
import { ALL_PASS, confirmKeys, IMEI, itemRow, openParts, poll, scan, scanField, today } from './test/parts-check-screen';
import { installStationServer, SESSION, signedIn } from './test/station-fixtures';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('parts check: which mode a PAD works in', () => {
  it('a user with 配件检测 at a PAD of a DTU task gets the parts check, with the task bar and the IMEI scan', async () => {
    signedIn();
    const { server } = installPartsServer({ assignment: dtuAssignment({ duplicateEnable: true, reworkTask: true }) });
    await openParts();

    const bar = screen.getByRole('region', { name: '当前任务' });
    expect(within(bar).getByText('三合一首批')).toBeTruthy();
    expect(within(bar).getByText('返工')).toBeTruthy();
    expect(within(bar).getByText('允许重复')).toBeTruthy();
    expect(within(bar).getByText('HR_DTU_01')).toBeTruthy();
    expect(within(bar).getByText('海容三合一')).toBeTruthy();
    expect(within(bar).getByText('40/500')).toBeTruthy();
    expect(within(bar).getByText('已检测 43')).toBeTruthy();
    expect(scanField().placeholder).toBe('扫描或输入IMEI');
    expect(screen.getByText('请扫描设备IMEI')).toBeTruthy();
    expect(document.activeElement).toBe(scanField());
    expect(server.calls(PAD.stationDtuAssignment)[0]!.headers.Authorization).toBe(`Bearer ${SESSION.token}`);
    // No production-task form: nothing asks for a production code.
    expect(screen.queryByText('请扫描生产码')).toBeNull();
  });

  it('a PAD with only 整机检测 and a production task still gets the overall check', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signedIn();
    const server = installStationServer({ dtuAssignment: () => refusal(STATION_MSG.noAppPermission('配件检测'), 403) });
    render(<StationApp />);

    expect(await screen.findByText('请扫描生产码')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '当前任务' })).getByText('流程2/共3')).toBeTruthy();
    expect(screen.queryByText('无法连接服务器')).toBeNull();
    // Working on its flow, the PAD asks only for the production task from then on.
    act(() => void vi.advanceTimersByTime(IDLE_POLL_MS * 3));
    await waitFor(() => expect(server.calls(STATION.stationAssignment).length).toBeGreaterThan(1));
    expect(server.calls(PAD.stationDtuAssignment)).toHaveLength(1);
  });

  it('an idle PAD of a 配件检测 user says where DTU tasks give it work, and takes one on the next round', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signedIn();
    const { state } = installPartsServer();
    const waiting = state.assignment;
    state.assignment = null;
    render(<StationApp />);

    const idle = (await screen.findByText('当前终端未分配任务')).closest('[role="status"]')!;
    expect(idle.textContent).toContain('请在控制台的DTU任务中选择本终端（PAD-07）');
    expect(idle.textContent).not.toContain('产线检测');

    state.assignment = waiting;
    act(() => void vi.advanceTimersByTime(IDLE_POLL_MS));
    expect(await screen.findByText('三合一首批')).toBeTruthy();
    expect(scanField().placeholder).toBe('扫描或输入IMEI');
  });

  it.each([
    ['STOP', '任务已停止'],
    ['FINISH', '任务已结束'],
  ] as const)('shows a %s DTU task as a state without the scan field', async (taskStatus, title) => {
    signedIn();
    installPartsServer({ assignment: dtuAssignment({ taskStatus }) });
    render(<StationApp />);
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.queryByLabelText('扫码')).toBeNull();
  });
});

describe('parts check: testing a unit', () => {
  it('shows each item’s reported value and verdict as the polls answer, the major/minor to write, and BASE values small', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signedIn();
    const { server, report } = installPartsServer();
    const user = userEvent.setup();
    await openParts();

    await scan(user, IMEI);
    expect(server.calls(PAD.stationDtuScan)[0]!.json).toEqual({ imei: IMEI });
    expect(screen.getByRole('region', { name: '待测设备' })).toBeTruthy();
    expect(screen.getByText(IMEI)).toBeTruthy();
    const delivery = screen.getByRole('group', { name: '数据下发' });
    expect(delivery.textContent).toBe('请写入设备major 10001minor 1');
    for (const name of ['ICCID', '信号强度', '固件版本', '服务器校验']) expect(within(itemRow(name)).getByText('等待上报')).toBeTruthy();
    expect(within(itemRow('信号强度')).getByText('标准：18 ~ 31')).toBeTruthy();
    expect(screen.getByLabelText('服务器校验').textContent).toBe('服务器校验：等待设备上报…');

    // The DTU reports: the next poll shows it.
    report(IMEI, { CSQ: { value: '24', pass: true }, VERSION: { value: '1.0.1', pass: false } });
    poll();
    await waitFor(() => expect(within(itemRow('信号强度')).getByText('✓ 合格')).toBeTruthy());
    expect(within(itemRow('信号强度')).getByText('24')).toBeTruthy();
    expect(within(itemRow('固件版本')).getByText('✗ 不合格')).toBeTruthy();
    expect(within(itemRow('ICCID')).getByText('等待上报')).toBeTruthy();
    expect(server.calls(PAD.stationDtuUnit)[0]!.query).toEqual({ imei: IMEI });

    // A later report wins; a value of no tested item shows below, small; the unit's own MQTT report verifies it.
    report(IMEI, { VERSION: { value: '1.0.3', pass: true }, VOLTAGE: { value: '3.8', pass: null }, SERVER_VERIFY: { value: 'true', pass: true } }, { serverVerified: true });
    poll();
    await waitFor(() => expect(within(itemRow('固件版本')).getByText('✓ 合格')).toBeTruthy());
    const base = screen.getByLabelText('其他上报值');
    expect(base.textContent).toBe('VOLTAGE3.8');
    expect(screen.getByLabelText('服务器校验').textContent).toBe('服务器校验：已收到设备上报');
    expect(screen.getByText('已上报 3/4', { exact: false })).toBeTruthy();
  });

  it('polls only while a unit is under test and the page is shown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signedIn();
    const { server, report } = installPartsServer();
    const user = userEvent.setup();
    await openParts();
    const polls = () => server.calls(PAD.stationDtuUnit).length;

    // Idle: nothing to ask.
    poll();
    poll();
    expect(polls()).toBe(0);

    await scan(user, IMEI);
    poll();
    await waitFor(() => expect(polls()).toBe(1));

    // Hidden: no questions; shown again: one at once.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    poll();
    poll();
    expect(polls()).toBe(1);
    visibility.mockReturnValue('visible');
    report(IMEI, { CSQ: { value: '26', pass: true } });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(within(itemRow('信号强度')).getByText('26')).toBeTruthy());
    expect(polls()).toBe(2);
    visibility.mockRestore();

    // Submitted: back to idle, no more questions.
    report(IMEI, ALL_PASS, { serverVerified: true });
    await confirmKeys(user);
    await user.click(screen.getByRole('button', { name: '提交' }));
    await screen.findByRole('alertdialog', { name: '检测结果' });
    const after = polls();
    poll();
    poll();
    expect(polls()).toBe(after);
  });

  it('sends the key tests the operator confirmed and shows 合格 full screen, then 不合格 with what failed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signedIn();
    const { report, resultBodies } = installPartsServer();
    const user = userEvent.setup();
    await openParts();

    await scan(user, IMEI);
    report(IMEI, ALL_PASS, { serverVerified: true });
    poll();
    await waitFor(() => expect(within(itemRow('服务器校验')).getByText('✓ 合格')).toBeTruthy());
    // Every key test needs the operator's word before the unit is submitted.
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByRole('alert').textContent).toBe('请确认按键检测：电源指示灯、网络指示灯、复位按键、SIM卡座');
    expect(resultBodies()).toHaveLength(0);

    await confirmKeys(user);
    await user.click(screen.getByRole('button', { name: '提交' }));
    const pass = await screen.findByRole('alertdialog', { name: '检测结果' });
    expect(within(pass).getByText('合格')).toBeTruthy();
    expect(within(pass).getByText(`设备 ${IMEI} · 三合一首批`)).toBeTruthy();
    const [body] = resultBodies();
    expect(body).toEqual({
      imei: IMEI,
      clientResultId: expect.any(String),
      keyResults: [
        { code: 'POWER_LED', pass: true },
        { code: 'NET_LED', pass: true },
        { code: 'RESET_KEY', pass: true },
        { code: 'SIM_SLOT', pass: true },
      ],
    });
    // The progress moves (the assignment is asked again) and today's list has the unit.
    await waitFor(() => expect(within(screen.getByRole('region', { name: '当前任务' })).getByText('41/500')).toBeTruthy());
    expect(within(today()).getByText(IMEI)).toBeTruthy();
    expect(screen.queryByRole('region', { name: '待测设备' })).toBeNull();

    // The next scan dismisses the verdict; this unit fails a value and a key test.
    const second = '861234567890124';
    await scan(user, second);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    report(second, { ...ALL_PASS, CSQ: { value: '9', pass: false } }, { serverVerified: true });
    poll();
    await waitFor(() => expect(within(itemRow('信号强度')).getByText('9')).toBeTruthy());
    await confirmKeys(user, { 复位按键: '不合格' });
    await user.click(screen.getByRole('button', { name: '提交' }));
    const fail = await screen.findByRole('alertdialog', { name: '检测结果' });
    expect(within(fail).getByText('不合格')).toBeTruthy();
    const rows = within(fail).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['不合格项实测值标准', '信号强度918 ~ 31', '复位按键人工判定不合格合格']);
    expect(resultBodies()[1]!.keyResults).toContainEqual({ code: 'RESET_KEY', pass: false });
    expect(resultBodies()[1]!.clientResultId).not.toBe(resultBodies()[0]!.clientResultId);
    expect(within(today()).getByText('共 2 台 · 合格 1 · 不合格 1')).toBeTruthy();
  });

  it('takes the unit by MAC where the DTU goes by MAC, and shows its serial items', async () => {
    signedIn();
    const { server } = installPartsServer({ assignment: bluetoothAssignment() });
    const user = userEvent.setup();
    await openParts();

    const bar = screen.getByRole('region', { name: '当前任务' });
    expect(within(bar).getByText('串口终端')).toBeTruthy();
    expect(within(bar).getByText('蓝牙')).toBeTruthy();
    expect(scanField().placeholder).toBe('扫描或输入MAC');
    await scan(user, 'a4:c1:38:00:11:23');
    expect(server.calls(PAD.stationDtuScan)[0]!.json).toEqual({ mac: 'a4:c1:38:00:11:23' });
    expect(within(itemRow('波特率')).getByText('串口')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '数据下发' })).toBeNull();
    // Scanning it again (any case) is the same unit.
    await scan(user, 'A4:C1:38:00:11:23');
    expect(screen.getByRole('status').textContent).toBe('设备A4:C1:38:00:11:23正在检测');
    expect(server.calls(PAD.stationDtuScan)).toHaveLength(1);
  });

  it('the verdict goes by itself after a few seconds', async () => {
    signedIn();
    const { report } = installPartsServer();
    const user = userEvent.setup();
    await openParts();
    await scan(user, IMEI);
    report(IMEI, ALL_PASS, { serverVerified: true });
    await confirmKeys(user);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alertdialog', { name: '检测结果' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(DTU_VERDICT_MS));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
