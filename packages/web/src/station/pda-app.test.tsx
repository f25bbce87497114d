import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STATION_ENDPOINTS as STATION, STOCK_MSG, STOCK_STATION_ENDPOINTS as STOCK } from './lib/contracts';
import type { QueuedStockWrite } from './lib/stock-queue';
import { STORAGE_KEYS } from './lib/storage';
import { StationApp } from './station-app';
import { installStationServer, signedIn } from './test/station-fixtures';
import { ALL_MODES, installPdaServer, PDA_SESSION, PDA_TOKEN } from './test/stock-fixtures';

afterEach(() => localStorage.clear());

type User = ReturnType<typeof userEvent.setup>;

const scanField = () => screen.getByLabelText('扫码') as HTMLInputElement;
const outcome = () => screen.getByLabelText('扫码结果');
const today = () => screen.getByRole('region', { name: '今日记录' });
const tabs = () => within(screen.getByRole('navigation', { name: 'PDA功能' })).getAllByRole('tab');
const storedQueue = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.stockQueue) ?? '[]') as QueuedStockWrite[];

/** A scanner types the code and Enter; the next scan waits until this one is handled, as the operator waits for the screen. */
async function scan(user: User, code: string) {
  await user.type(scanField(), `${code}{Enter}`);
  await waitFor(() => expect(scanField().getAttribute('aria-busy')).toBe('false'));
}

async function openPda(user: User, mode?: '入库' | '抽检' | '出库') {
  render(<StationApp />);
  await screen.findByRole('navigation', { name: 'PDA功能' });
  if (mode) await user.click(screen.getByRole('tab', { name: mode }));
  await screen.findByLabelText('扫码');
}

describe('PDA modes', () => {
  it('shows only the modes the user holds, keeps the chosen one on the device, and never asks for a PAD assignment', async () => {
    signedIn(PDA_SESSION);
    const { server } = installPdaServer({ modes: { ...ALL_MODES, spotCheck: false } });
    const user = userEvent.setup();
    const page = render(<StationApp />);

    await screen.findByRole('navigation', { name: 'PDA功能' });
    expect(tabs().map((tab) => tab.textContent)).toEqual(['入库', '出库']);
    expect(screen.getByRole('tab', { name: '入库' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('成品库手持终端')).toBeTruthy();
    expect(screen.getByText('操作员：zhao_min')).toBeTruthy();
    expect(screen.getByText('产线：一号线')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '出库' }));
    expect(await screen.findByText('扫描设备出库')).toBeTruthy();
    expect(document.activeElement).toBe(scanField());
    expect(server.calls(STOCK.stationStockModes)[0]!.headers.Authorization).toBe(`Bearer ${PDA_TOKEN}`);
    expect(server.seen.some((request) => request.url.startsWith(STATION.stationAssignment.path))).toBe(false);

    page.unmount();
    render(<StationApp />);
    await screen.findByRole('navigation', { name: 'PDA功能' });
    expect(screen.getByRole('tab', { name: '出库' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a PAD still gets the overall check of its flow', async () => {
    signedIn();
    const server = installStationServer();
    render(<StationApp />);
    expect(await screen.findByText('请扫描生产码')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'PDA功能' })).toBeNull();
    expect(server.seen.some((request) => request.url.includes('/stock/'))).toBe(false);
  });
});

describe('入库', () => {
  it('stocks a scanned unit into its batch and shows the batch number and count big, then lists the batch', async () => {
    signedIn(PDA_SESSION);
    const { posts, server } = installPdaServer({ units: [{ code: 'K7Q2M9XA4B', sn: 'SN-0001' }, { code: 'H3N8P2RC6D' }] });
    const user = userEvent.setup();
    await openPda(user);

    await scan(user, 'SN-0001');
    expect(outcome().textContent).toContain('批次 RK20261127-001 · 已入库 1 台');
    expect(outcome().textContent).toContain('设备 K7Q2M9XA4B · SN SN-0001 · GW_100');
    await scan(user, 'H3N8P2RC6D');
    expect(outcome().textContent).toContain('批次 RK20261127-001 · 已入库 2 台');
    const [first, second] = posts('in');
    expect(first!.code).toBe('SN-0001');
    expect(first!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.clientId).not.toBe(first!.clientId);

    const open = screen.getByRole('region', { name: '入库中的批次' });
    await waitFor(() => expect(within(open).getByLabelText('批次 RK20261127-001').textContent).toContain('2 台'));
    await waitFor(() => expect(within(today()).getAllByText('入库')).toHaveLength(2));
    expect(server.calls(STOCK.stationMovements).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a unit not passed, already stocked or unknown with the server’s message, big and red', async () => {
    signedIn(PDA_SESSION);
    installPdaServer({ units: [{ code: 'FAILED0001', passed: false }, { code: 'K7Q2M9XA4B' }] });
    const user = userEvent.setup();
    await openPda(user);

    await scan(user, 'FAILED0001');
    expect(screen.getByRole('alert', { name: '扫码结果' }).textContent).toContain(STOCK_MSG.unitNotPassed('FAILED0001'));
    await scan(user, 'K7Q2M9XA4B');
    await scan(user, 'K7Q2M9XA4B');
    expect(screen.getByRole('alert', { name: '扫码结果' }).textContent).toContain(STOCK_MSG.unitStocked('K7Q2M9XA4B', 'RK20261127-001'));
    await scan(user, 'NOPE000001');
    expect(outcome().className).toContain('outcome--fail');
    expect(outcome().textContent).toContain(STOCK_MSG.unitUnknown('NOPE000001'));
    // The earlier scans stay in view below, so a fast operator misses none.
    expect(screen.getByRole('list', { name: '之前的扫码' }).textContent).toContain(STOCK_MSG.unitNotPassed('FAILED0001'));
  });

  it('closes a batch after a confirm step and shows the plan it got', async () => {
    signedIn(PDA_SESSION);
    const { posts } = installPdaServer({ units: [{ code: 'U1' }, { code: 'U2' }, { code: 'U3' }], plan: { codeLetter: 'A', sampleSize: 2, acceptNumber: 0, rejectNumber: 1 } });
    const user = userEvent.setup();
    await openPda(user);
    for (const code of ['U1', 'U2', 'U3']) await scan(user, code);

    const card = await screen.findByLabelText('批次 RK20261127-001');
    await waitFor(() => expect(card.textContent).toContain('3 台'));
    await user.click(within(card).getByRole('button', { name: '结束入库' }));
    expect(posts('close')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: '确认结束' }));

    const closed = await screen.findByRole('region', { name: '已结束入库' });
    expect(closed.textContent).toContain('批次 RK20261127-001 已结束入库');
    expect(within(closed).getByLabelText('抽样方案').textContent).toBe('批量3字码A样本量2Ac0Re1');
    expect(posts('close')[0]!.batchNo).toBe('RK20261127-001');
    await waitFor(() => expect(screen.queryByLabelText('批次 RK20261127-001')).toBeNull());
  });

  it('says 加严 beside the code letter of a plan drawn from the tightened table', async () => {
    signedIn(PDA_SESSION);
    installPdaServer({ units: [{ code: 'U1' }], plan: { codeLetter: 'A', sampleSize: 1, acceptNumber: 0, rejectNumber: 1, severity: 'TIGHTENED' } });
    const user = userEvent.setup();
    await openPda(user);
    await scan(user, 'U1');
    const card = await screen.findByLabelText('批次 RK20261127-001');
    await user.click(within(card).getByRole('button', { name: '结束入库' }));
    await user.click(within(card).getByRole('button', { name: '确认结束' }));
    const closed = await screen.findByRole('region', { name: '已结束入库' });
    expect(within(closed).getByLabelText('抽样方案').textContent).toBe('批量1字码A加严样本量1全检Ac0Re1');
  });
});

describe('抽检', () => {
  const closedBatch = { batchNo: 'RK20261126-004', units: ['U1', 'U2', 'U3', 'U4'], codeLetter: 'B', sampleSize: 3, acceptNumber: 0, rejectNumber: 1 };

  it('picks a batch, checks scanned units, asks a defect note for 不合格, and shows 批次不合格 once decided', async () => {
    signedIn(PDA_SESSION);
    const { posts } = installPdaServer({ units: closedBatch.units.map((code) => ({ code })), closed: [closedBatch] });
    const user = userEvent.setup();
    await openPda(user, '抽检');

    const list = screen.getByRole('region', { name: '待抽检批次' });
    const pick = await within(list).findByRole('button', { name: '批次 RK20261126-004' });
    expect(pick.textContent).toContain('已检 0/3 · 不合格 0');
    await user.click(pick);
    const head = await screen.findByRole('region', { name: '批次 RK20261126-004' });
    expect(within(head).getByLabelText('抽样方案').textContent).toBe('批量4字码B样本量3Ac0Re1');

    await scan(user, 'U1');
    await user.click(within(screen.getByRole('region', { name: '判定' })).getByRole('button', { name: '合格' }));
    await waitFor(() => expect(head.textContent).toContain('已检 1/3'));

    await scan(user, 'U2');
    await user.click(screen.getByRole('button', { name: '不合格' }));
    await user.click(screen.getByRole('button', { name: '确认不合格' }));
    expect(screen.getByRole('alert').textContent).toBe(STOCK_MSG.defectRequired);
    expect(posts('check')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '外观不良' }));
    await user.type(screen.getByLabelText('不合格说明'), '；划痕');
    await user.click(screen.getByRole('button', { name: '确认不合格' }));

    const verdict = await screen.findByRole('alertdialog', { name: '抽检结论' });
    expect(verdict.textContent).toContain('批次不合格');
    expect(verdict.textContent).toContain('抽检 2 台 · 不合格 1 台');
    const [passed, failed] = posts('check');
    expect(passed).toMatchObject({ batchNo: 'RK20261126-004', code: 'U1', pass: true, defect: null });
    expect(failed).toMatchObject({ code: 'U2', pass: false, defect: '外观不良；划痕' });

    await user.click(verdict);
    expect(screen.queryByRole('alertdialog', { name: '抽检结论' })).toBeNull();
    // A decided batch takes no more checks: a scan opens the unit's batch instead.
    expect(screen.getByText('批次不合格 · 不能出库')).toBeTruthy();
    expect(screen.getByText('本批次不再抽检：扫描设备打开其批次')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '已检设备' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('opens a batch by scanning any unit of it, refuses a unit of another batch, and shows 批次合格', async () => {
    signedIn(PDA_SESSION);
    const other = { batchNo: 'RK20261126-005', units: ['V1'], codeLetter: 'A', sampleSize: 2, acceptNumber: 0, rejectNumber: 1 };
    const small = { batchNo: 'RK20261126-004', units: ['U1', 'U2'], codeLetter: 'A', sampleSize: 1, acceptNumber: 0, rejectNumber: 1 };
    const { server } = installPdaServer({ units: [{ code: 'U1' }, { code: 'U2' }, { code: 'V1' }], closed: [small, other] });
    const user = userEvent.setup();
    await openPda(user, '抽检');

    await scan(user, 'U2');
    expect(await screen.findByRole('region', { name: '批次 RK20261126-004' })).toBeTruthy();
    expect(server.calls(STOCK.stationSpotCheckBatch)[0]!.query).toEqual({ code: 'U2' });
    // the scan that opened the batch is its first sample too: no second scan of the unit in hand
    expect((await screen.findByRole('region', { name: '判定' })).textContent).toContain('U2');
    await scan(user, 'V1');
    expect(screen.getByRole('alert').textContent).toBe(`${STOCK_MSG.unitNotInBatch('V1', 'RK20261126-004')}（属于批次 RK20261126-005）`);
    expect(screen.queryByRole('region', { name: '判定' })).toBeNull();

    await scan(user, 'U2');
    await user.click(screen.getByRole('button', { name: '合格' }));
    const verdict = await screen.findByRole('alertdialog', { name: '抽检结论' });
    expect(verdict.textContent).toContain('批次合格');
    expect(verdict.textContent).toContain('本批次设备可以出库');
  });
});

describe('出库', () => {
  it('ships a unit of an accepted batch, and refuses one of a batch not yet accepted or one already out', async () => {
    signedIn(PDA_SESSION);
    installPdaServer({
      units: [{ code: 'A1' }, { code: 'P1' }],
      closed: [
        { batchNo: 'RK20261120-001', units: ['A1'], codeLetter: 'A', sampleSize: 1, acceptNumber: 0, rejectNumber: 1, verdict: 'ACCEPT' },
        { batchNo: 'RK20261126-002', units: ['P1'], codeLetter: 'A', sampleSize: 1, acceptNumber: 0, rejectNumber: 1 },
      ],
    });
    const user = userEvent.setup();
    await openPda(user, '出库');

    await scan(user, 'P1');
    expect(screen.getByRole('alert', { name: '扫码结果' }).textContent).toContain(STOCK_MSG.unitBatchPending('P1', 'RK20261126-002'));
    await scan(user, 'A1');
    expect(outcome().textContent).toContain('设备 A1 已出库');
    expect(outcome().textContent).toContain('批次 RK20261120-001');
    await scan(user, 'A1');
    expect(screen.getByRole('alert', { name: '扫码结果' }).textContent).toContain(STOCK_MSG.unitShipped('A1'));
    await waitFor(() => expect(within(today()).getByText('出库')).toBeTruthy());
  });
});

describe('PDA offline queue', () => {
  it('queues a scan whose answer was lost, resends it with the same clientId, and shows the unit once', async () => {
    signedIn(PDA_SESSION);
    const { state, posts } = installPdaServer({ units: [{ code: 'K7Q2M9XA4B' }, { code: 'H3N8P2RC6D' }] });
    const user = userEvent.setup();
    await openPda(user);

    // The server applies the stock-in, but its answer never arrives.
    state.network = 'lost';
    await scan(user, 'K7Q2M9XA4B');
    expect(await screen.findByText('离线，1 条待上传')).toBeTruthy();
    expect(outcome().textContent).toContain('设备 K7Q2M9XA4B 已暂存');
    expect(within(today()).getByText('待上传')).toBeTruthy();
    const [queued] = storedQueue();
    expect(queued!.terminalId).toBe(PDA_SESSION.terminal.id);
    expect(queued!.write).toEqual({ kind: 'in', body: { clientId: posts('in')[0]!.clientId, code: 'K7Q2M9XA4B' } });

    // Offline now: the next scan joins the queue behind it.
    state.network = 'down';
    await scan(user, 'H3N8P2RC6D');
    expect(await screen.findByText('离线，2 条待上传')).toBeTruthy();

    state.network = 'up';
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(/条待上传/)).toBeNull());
    expect(storedQueue()).toEqual([]);
    const sent = posts('in');
    const ids = sent.filter((body) => body.code === 'K7Q2M9XA4B').map((body) => body.clientId);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(1);
    expect(sent.at(-1)!.code).toBe('H3N8P2RC6D');
    // Applied once: one movement of the unit, the batch counts two.
    expect(state.movements.filter((movement) => movement.produceCode === 'K7Q2M9XA4B')).toHaveLength(1);
    await waitFor(() => expect(within(today()).getAllByText('K7Q2M9XA4B')).toHaveLength(1));
    expect(within(today()).queryByText('待上传')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('批次 RK20261127-001').textContent).toContain('2 台'));
  });

  it('shows a queued write the server refused on arrival, and drops it from the queue', async () => {
    const entry: QueuedStockWrite = { terminalId: PDA_SESSION.terminal.id, queuedAt: Date.now(), write: { kind: 'out', body: { clientId: 'c0ffee00-0000-4000-8000-000000000003', code: 'NOPE000001' } } };
    localStorage.setItem(STORAGE_KEYS.stockQueue, JSON.stringify([entry]));
    signedIn(PDA_SESSION);
    installPdaServer();
    const user = userEvent.setup();
    await openPda(user);

    expect(await screen.findByText('1 条离线记录被服务器拒绝')).toBeTruthy();
    expect(screen.getByText(`出库 NOPE000001：${STOCK_MSG.unitUnknown('NOPE000001')}`)).toBeTruthy();
    expect(storedQueue()).toEqual([]);
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(screen.queryByText('1 条离线记录被服务器拒绝')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.stockRefused)).toBeNull();
  });
});
