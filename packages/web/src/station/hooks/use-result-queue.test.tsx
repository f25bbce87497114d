import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { rawAnswer, refusal } from '../../test/fake-server';
import { STATION_MSG } from '../lib/contracts';
import type { QueuedResult } from '../lib/result-queue';
import { STORAGE_KEYS } from '../lib/storage';
import { StationApp } from '../station-app';
import { installStationServer, type ResultBodySeen, resultPosts, scanInto, SESSION, signedIn, verdictOf } from '../test/station-fixtures';

afterEach(() => localStorage.clear());

const scanField = () => screen.getByLabelText('扫码') as HTMLInputElement;
const itemRow = (name: string) => screen.getByRole('group', { name: `检测项 ${name}` });
const manualRow = (name: string) => screen.getByRole('group', { name: `人工检查 ${name}` });
const storedQueue = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.queue) ?? '[]') as QueuedResult[];
const results = () => screen.getByRole('region', { name: '今日记录' });

type User = ReturnType<typeof userEvent.setup>;

async function testDevice(user: User, code: string) {
  for (const scanned of [code, `SN-${code}`, `MAC-${code}`]) await scanInto(user, scanned);
  await user.type(within(itemRow('供电电压')).getByLabelText('供电电压'), '3.3');
  await user.click(within(itemRow('电源开关')).getByRole('button', { name: '开' }));
  await user.selectOptions(within(itemRow('信号档位')).getByLabelText('信号档位'), '中');
  await user.type(within(itemRow('固件版本')).getByLabelText('固件版本'), 'v2.1.0');
  await user.click(within(manualRow('外壳完好')).getByRole('button', { name: '合格' }));
  await user.click(within(manualRow('标签端正')).getByRole('button', { name: '合格' }));
  await user.click(screen.getByRole('button', { name: '提交' }));
}

/** A server whose network can be cut: while `offline.on`, every call fails as fetch does offline. */
function flakyServer() {
  const offline = { on: false, stored: [] as ResultBodySeen[] };
  const server = installStationServer({
    results: () => offline.stored.map((body, index) => ({ resultId: 900 + index, productionCode: body.productionCode, flowName: '上电检测', status: 'TEST_SUCCESS' as const, userName: 'wang_li', createTime: '2025-11-21 09:30:05' })),
    result: (body) => {
      if (!offline.stored.some((stored) => stored.clientResultId === body.clientResultId)) offline.stored.push(body);
      return verdictOf(body);
    },
  });
  const serve = globalThis.fetch;
  globalThis.fetch = (input, init) => (offline.on ? Promise.reject(new TypeError('Failed to fetch')) : serve(input, init));
  return { offline, server };
}

describe('offline queue', () => {
  it('keeps a result that could not be sent, shows 离线，N 条待上传, and sends it with the same clientResultId when back online', async () => {
    signedIn();
    const { offline, server } = flakyServer();
    const user = userEvent.setup();
    render(<StationApp />);
    await screen.findByLabelText('扫码');

    offline.on = true;
    await testDevice(user, 'K7Q2M9XA4B');
    expect(await screen.findByText('离线，1 条待上传')).toBeTruthy();
    expect(screen.getByText(/网络异常：生产码K7Q2M9XA4B的结果已暂存/)).toBeTruthy();
    expect(within(results()).getByText('待上传')).toBeTruthy();
    const [queued] = storedQueue();
    expect(queued!.body.productionCode).toBe('K7Q2M9XA4B');
    expect(queued!.terminalId).toBe(SESSION.terminal.id);
    // The form is free for the next device meanwhile.
    expect(screen.getByText('请扫描生产码')).toBeTruthy();

    offline.on = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText('离线，1 条待上传')).toBeNull());
    const posts = resultPosts(server);
    expect(posts.at(-1)!.clientResultId).toBe(queued!.body.clientResultId);
    expect(posts.at(-1)).toEqual(queued!.body);
    expect(storedQueue()).toEqual([]);
    // The server's answer shows in today's list.
    await waitFor(() => expect(within(results()).getByText('K7Q2M9XA4B')).toBeTruthy());
    expect(within(results()).queryByText('待上传')).toBeNull();
    expect(offline.stored).toHaveLength(1);
  });

  it('queues on a 5xx too, and a queued result survives a reload and is sent by the next page', async () => {
    signedIn();
    let down = true;
    const server = installStationServer({ result: (body) => (down ? rawAnswer({ status: 503, body: '<html>Bad Gateway</html>' }) : verdictOf(body)) });
    const user = userEvent.setup();
    const page = render(<StationApp />);
    await screen.findByLabelText('扫码');
    await testDevice(user, 'K7Q2M9XA4B');
    expect(await screen.findByText('离线，1 条待上传')).toBeTruthy();
    const id = storedQueue()[0]!.body.clientResultId;

    page.unmount();
    down = false;
    render(<StationApp />);
    await waitFor(() => expect(storedQueue()).toEqual([]));
    const ids = resultPosts(server).map((body) => body.clientResultId);
    // The first try, the retry at once, then the next page's: always the same result.
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids)).toEqual(new Set([id]));
    await waitFor(() => expect(screen.queryByText(/条待上传/)).toBeNull());
  });

  it('puts a new result behind the waiting ones, so the server gets them in the order they were made', async () => {
    signedIn();
    const { offline, server } = flakyServer();
    const user = userEvent.setup();
    render(<StationApp />);
    await screen.findByLabelText('扫码');

    offline.on = true;
    await testDevice(user, 'K7Q2M9XA4B');
    await screen.findByText('离线，1 条待上传');
    offline.on = false;
    // Online again but the retry has not run yet: the second device joins the queue rather than overtaking.
    await testDevice(user, 'H3N8P2RC6D');
    await waitFor(() => expect(storedQueue()).toEqual([]));
    const codes = resultPosts(server).map((body) => body.productionCode);
    expect(codes.slice(-2)).toEqual(['K7Q2M9XA4B', 'H3N8P2RC6D']);
  });

  it('shows a queued result the server refused on arrival, and drops it from the queue', async () => {
    const refused = STATION_MSG.taskNotRunning('已停止');
    const entry: QueuedResult = {
      terminalId: SESSION.terminal.id,
      flowName: '上电检测',
      queuedAt: Date.now(),
      body: { clientResultId: 'c0ffee00-0000-4000-8000-000000000001', productionCode: 'K7Q2M9XA4B', sn: 'SN1', mac: 'MAC1', imei: null, startTime: 1, endTime: 2, autoValues: [], manualResults: [] },
    };
    localStorage.setItem(STORAGE_KEYS.queue, JSON.stringify([entry]));
    signedIn();
    installStationServer({ result: () => refusal(refused, 409) });
    const user = userEvent.setup();
    render(<StationApp />);

    expect(await screen.findByText('1 条离线结果被服务器拒绝')).toBeTruthy();
    expect(screen.getByText(`K7Q2M9XA4B（上电检测）：${refused}`)).toBeTruthy();
    expect(storedQueue()).toEqual([]);
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(screen.queryByText('1 条离线结果被服务器拒绝')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refused)).toBeNull();
  });

  it('leaves another terminal’s queued results alone', async () => {
    const other: QueuedResult = {
      terminalId: 99,
      flowName: '通信检测',
      queuedAt: Date.now(),
      body: { clientResultId: 'c0ffee00-0000-4000-8000-000000000002', productionCode: 'K7Q2M9XA4B', sn: null, mac: null, imei: null, startTime: 1, endTime: 2, autoValues: [], manualResults: [] },
    };
    localStorage.setItem(STORAGE_KEYS.queue, JSON.stringify([other]));
    signedIn();
    const server = installStationServer();
    render(<StationApp />);
    await screen.findByLabelText('扫码');
    await waitFor(() => expect(server.seen.length).toBeGreaterThanOrEqual(2));
    expect(resultPosts(server)).toHaveLength(0);
    expect(screen.queryByText(/条待上传/)).toBeNull();
    expect(storedQueue()).toHaveLength(1);
  });
});

describe('draft', () => {
  it('keeps what was scanned and entered across a reload, and submits it under the same clientResultId', async () => {
    signedIn();
    const server = installStationServer();
    const user = userEvent.setup();
    const page = render(<StationApp />);
    await screen.findByLabelText('扫码');
    await scanInto(user, 'K7Q2M9XA4B');
    await user.type(scanField(), 'SN-1{Enter}');
    await user.type(within(itemRow('供电电压')).getByLabelText('供电电压'), '3.4');
    await user.click(within(manualRow('外壳完好')).getByRole('button', { name: '不合格' }));
    const draft = JSON.parse(localStorage.getItem(STORAGE_KEYS.draft)!) as { clientResultId: string; startTime: number };

    page.unmount();
    render(<StationApp />);
    await screen.findByLabelText('扫码');
    expect(screen.getByRole('listitem', { name: '生产码' }).textContent).toContain('K7Q2M9XA4B');
    expect(screen.getByRole('listitem', { name: 'SN码' }).textContent).toContain('SN-1');
    expect(screen.getByText('请扫描MAC')).toBeTruthy();
    expect((within(itemRow('供电电压')).getByLabelText('供电电压') as HTMLInputElement).value).toBe('3.4');
    expect(within(itemRow('供电电压')).getByText('✓ 合格')).toBeTruthy();
    expect(within(manualRow('外壳完好')).getByRole('button', { name: '不合格' }).getAttribute('aria-pressed')).toBe('true');

    await user.type(scanField(), 'MAC-1{Enter}');
    await user.click(within(itemRow('电源开关')).getByRole('button', { name: '开' }));
    await user.selectOptions(within(itemRow('信号档位')).getByLabelText('信号档位'), '中');
    await user.type(within(itemRow('固件版本')).getByLabelText('固件版本'), 'v2.1.0');
    await user.click(within(manualRow('标签端正')).getByRole('button', { name: '合格' }));
    await user.click(screen.getByRole('button', { name: '提交' }));
    await screen.findByRole('alertdialog', { name: '检测结果' });
    const body = resultPosts(server)[0]!;
    expect(body.clientResultId).toBe(draft.clientResultId);
    expect(body.startTime).toBe(draft.startTime);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.draft)!).codes).toEqual([]);
  });

  it('drops a draft of another flow', async () => {
    localStorage.setItem(
      STORAGE_KEYS.draft,
      JSON.stringify({ key: `${SESSION.terminal.id}:5:40`, clientResultId: 'x', startTime: 1, codes: ['OLDCODE'], values: { 11: '3.3' }, manual: {} }),
    );
    signedIn();
    installStationServer();
    render(<StationApp />);
    await screen.findByLabelText('扫码');
    expect(screen.queryByText('OLDCODE')).toBeNull();
    expect(screen.getByText('请扫描生产码')).toBeTruthy();
  });
});
