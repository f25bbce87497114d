import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installServer, refusal, refuse } from '../test/fake-server';
import { STATION_ENDPOINTS as STATION, STATION_MSG } from './lib/contracts';
import { STORAGE_KEYS } from './lib/storage';
import { StationApp } from './station-app';
import { IDLE_POLL_MS } from './hooks/use-assignment';
import { assignment, installStationServer, SESSION, signedIn, TOKEN } from './test/station-fixtures';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

async function signInAs(user: ReturnType<typeof userEvent.setup>, terminalCode: string, username: string, password: string) {
  if (terminalCode) await user.type(screen.getByLabelText('终端编号'), terminalCode);
  if (username) await user.type(screen.getByLabelText('用户名'), username);
  if (password) await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: '登录' }));
}

describe('station sign-in', () => {
  it('signs in with terminal code, user and password, and keeps the sign-in across a reload', async () => {
    const server = installStationServer({ login: () => SESSION });
    const user = userEvent.setup();
    const first = render(<StationApp />);
    await signInAs(user, 'PAD-07', 'wang_li', 'Secret123');

    expect(await screen.findByText('上电检测工位')).toBeTruthy();
    expect(screen.getByText('操作员：wang_li')).toBeTruthy();
    const [login] = server.calls(STATION.stationLogin);
    expect(login!.method).toBe('POST');
    expect(login!.json).toEqual({ terminalCode: 'PAD-07', username: 'wang_li', password: 'Secret123' });
    expect(login!.headers.Authorization).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session)!).token).toBe(TOKEN);
    // Later calls carry the station token.
    await waitFor(() => expect(server.calls(STATION.stationAssignment).length > 0).toBe(true));
    expect(server.calls(STATION.stationAssignment)[0]!.headers.Authorization).toBe(`Bearer ${TOKEN}`);

    first.unmount();
    const logins = server.calls(STATION.stationLogin).length;
    render(<StationApp />);
    expect(await screen.findByText('上电检测工位')).toBeTruthy();
    expect(server.calls(STATION.stationLogin).length > logins).toBe(false);
  });

  it('shows the server’s errorMsg when the sign-in is refused, and asks for empty fields without calling', async () => {
    const server = installStationServer({ login: () => refusal(STATION_MSG.terminalUnknown, 400) });
    const user = userEvent.setup();
    render(<StationApp />);

    await signInAs(user, '', 'wang_li', 'x');
    expect(screen.getByRole('alert').textContent).toBe(STATION_MSG.terminalCodeRequired);
    expect(server.seen).toHaveLength(0);

    await user.type(screen.getByLabelText('终端编号'), 'PAD-99');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(STATION_MSG.terminalUnknown));
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('signs out with 退出: the token is revoked and the terminal code is offered again', async () => {
    signedIn();
    localStorage.setItem(STORAGE_KEYS.terminalCode, JSON.stringify('PAD-07'));
    const server = installStationServer();
    const user = userEvent.setup();
    render(<StationApp />);

    await user.click(await screen.findByRole('button', { name: '退出' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    const [logout] = server.calls(STATION.stationLogout);
    expect(logout!.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect((screen.getByLabelText('终端编号') as HTMLInputElement).value).toBe('PAD-07');
  });

  it('goes back to the sign-in with the server’s message when the station token expired', async () => {
    signedIn();
    installServer(...Object.values(STATION).map((endpoint) => refuse(endpoint, STATION_MSG.sessionExpired, 401)));
    render(<StationApp />);

    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(STATION_MSG.sessionExpired);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });
});

describe('station work screen states', () => {
  it('shows the task, the flow as 流程n/共m, the progress, and the work instruction in a panel', async () => {
    signedIn();
    // about:blank: happy-dom would otherwise fetch the frame's page from a server that is not there.
    installStationServer({ assignment: () => assignment({ pdfDownloadUrl: 'about:blank' }) });
    const user = userEvent.setup();
    render(<StationApp />);

    const bar = await screen.findByRole('region', { name: '当前任务' });
    expect(within(bar).getByText('GW_100')).toBeTruthy();
    expect(within(bar).getByText('流程2/共3')).toBeTruthy();
    expect(within(bar).getByText('12/100')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: '作业指导书' }));
    const panel = screen.getByRole('dialog', { name: '作业指导书' });
    expect(panel.querySelector('iframe')!.getAttribute('src')).toBe('about:blank');
    expect(within(panel).getByRole('link', { name: '新窗口打开' }).getAttribute('href')).toBe('about:blank');
    await user.click(within(panel).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog', { name: '作业指导书' })).toBeNull();
  });

  it('says when the flow has no work instruction', async () => {
    signedIn();
    installStationServer({ assignment: () => assignment({ pdfDownloadUrl: null }) });
    render(<StationApp />);
    expect(((await screen.findByRole('button', { name: '无作业指导书' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows 当前终端未分配任务 when idle and asks again every 10 s until a task arrives', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signedIn();
    let current: ReturnType<typeof assignment> | null = null;
    const server = installStationServer({ assignment: () => current });
    render(<StationApp />);

    expect(await screen.findByText('当前终端未分配任务')).toBeTruthy();
    const asked = () => server.calls(STATION.stationAssignment).length;
    expect(asked()).toBe(1);
    current = assignment();
    vi.advanceTimersByTime(IDLE_POLL_MS);
    expect(await screen.findByLabelText('扫码')).toBeTruthy();
    expect(asked()).toBe(2);
  });

  it.each([
    ['NEW', '任务尚未就绪'],
    ['STOP', '任务已停止'],
    ['FINISH', '任务已结束'],
  ] as const)('shows a %s task as a state without the scan field', async (taskStatus, title) => {
    signedIn();
    installStationServer({ assignment: () => assignment({ taskStatus }) });
    render(<StationApp />);
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.queryByLabelText('扫码')).toBeNull();
  });

  it('takes results while the task is UNSTART: the first one starts it', async () => {
    signedIn();
    installStationServer({ assignment: () => assignment({ taskStatus: 'UNSTART' }) });
    render(<StationApp />);
    expect(await screen.findByLabelText('扫码')).toBeTruthy();
  });

  it('lists today’s results at this terminal with time, code, flow and status', async () => {
    signedIn();
    const server = installStationServer({
      results: () => [
        { resultId: 2, productionCode: 'K7Q2M9XA4B', flowName: '上电检测', status: 'TEST_ERROR', userName: 'wang_li', createTime: '2025-11-21 10:02:03' },
        { resultId: 1, productionCode: 'H3N8P2RC6D', flowName: '上电检测', status: 'TEST_SUCCESS', userName: 'wang_li', createTime: '2025-11-21 09:58:41' },
      ],
    });
    render(<StationApp />);

    const panel = await screen.findByRole('region', { name: '今日记录' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(panel).getAllByRole('listitem');
    expect(first!.textContent).toBe('10:02:03K7Q2M9XA4B上电检测不合格');
    expect(second!.textContent).toBe('09:58:41H3N8P2RC6D上电检测合格');
    expect(within(panel).getByText('共 2 条 · 合格 1 · 不合格 1')).toBeTruthy();
    const [list] = server.calls(STATION.stationResults);
    expect(list!.query.page).toBe('1');
  });
});
