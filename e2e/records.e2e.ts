import type { StationVerdict } from '@factory/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codesReader,
  type ProductPlan,
  seedFactory,
  singleTaskPlan,
  StationClient,
  type StationResult,
} from '../packages/simulator/src/index.js';
import { adminApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { pathOf, pickOption, signInAsAdmin } from './support/ui.js';

/** Two flows, each with one measured value and one manual check; 上电检测 binds the MAC. */
const PRODUCT: ProductPlan = {
  typeName: '智能网关',
  number: 'GW_RECORD_E2E',
  code: 'GWRECORDE2E',
  communication: 'WIFI',
  description: '生产记录端到端测试产品',
  properties: [
    { name: '供电电压', code: 'voltage', dataTypeId: 'float', min: 0, max: 5, description: '板载供电电压' },
    { name: '工作温度', code: 'temperature', dataTypeId: 'int', min: -20, max: 85, description: '芯片温度' },
  ],
  flows: [
    { name: '上电检测', bindMac: true, items: [{ code: 'voltage', range: [3.1, 3.5] }], manualItems: ['指示灯常亮'] },
    { name: '整机终检', items: [{ code: 'temperature', range: [20, 45] }], manualItems: ['外壳无划痕'] },
  ],
};
const UNITS = 5;

interface Unit {
  code: string;
  sn: string;
  mac: string;
}

let server: RunningServer;
let browser: Browser;
let taskId: number;
/** passes both flows */
let good: Unit;
/** fails 上电检测, passes it on the retest, then passes 整机终检 */
let retested: Unit;
/** passes 上电检测, fails 整机终检: 不合格 */
let failed: Unit;
/** passes 上电检测 only: still 检测中 */
let halfway: Unit;
/** the verdict of the failed device at 整机终检, and of the retested one's first 上电检测 */
let failedVerdict: StationVerdict;
let retestFirstVerdict: StationVerdict;

/** The stations of the task, one per flow, signed in; results are sent in the order written, a minute apart. */
async function seedResults(stations: { terminalCode: string; username: string; password: string }[]): Promise<void> {
  const byFlow = new Map<number, { client: StationClient; items: Map<string, number>; manual: number }>();
  for (const station of stations) {
    const client = new StationClient({ baseUrl: server.url });
    await client.login(station.terminalCode, station.username, station.password);
    const assignment = (await client.assignment())!;
    expect(assignment.taskId).toBe(taskId);
    byFlow.set(assignment.flowOrder, {
      client,
      items: new Map(assignment.items.map((item) => [item.code, item.id])),
      manual: assignment.manualItems[0]!.id,
    });
  }
  expect([...byFlow.keys()].sort()).toEqual([1, 2]);

  let minute = 0;
  const start = Date.now() - 60 * 60_000;
  const test = async (flow: 1 | 2, unit: Unit, value: string, manualPass = true): Promise<StationVerdict> => {
    const station = byFlow.get(flow)!;
    const startTime = start + minute++ * 60_000;
    const result: StationResult = {
      productionCode: unit.code,
      sn: unit.sn,
      mac: unit.mac,
      startTime,
      endTime: startTime + 25_000,
      autoValues: [{ itemId: station.items.get(flow === 1 ? 'voltage' : 'temperature')!, value }],
      manualResults: [{ itemId: station.manual, pass: manualPass }],
    };
    const outcome = await station.client.submit(result);
    if (!outcome.ok) throw new Error(`${unit.code} at flow ${flow}: ${outcome.status} ${outcome.message}`);
    return outcome.verdict;
  };

  expect((await test(1, good, '3.30')).status).toBe('TEST_SUCCESS');
  expect((await test(2, good, '31')).deviceStatus).toBe('PASS');
  retestFirstVerdict = await test(1, retested, '3.72');
  expect(retestFirstVerdict).toMatchObject({ status: 'TEST_ERROR', deviceStatus: 'NOT_PASS' });
  expect((await test(1, retested, '3.28')).status).toBe('TEST_SUCCESS');
  expect((await test(2, retested, '30')).deviceStatus).toBe('PASS');
  expect((await test(1, failed, '3.31')).status).toBe('TEST_SUCCESS');
  failedVerdict = await test(2, failed, '52');
  expect(failedVerdict).toMatchObject({ status: 'TEST_ERROR', deviceStatus: 'NOT_PASS' });
  expect((await test(1, halfway, '3.25')).deviceStatus).toBeNull();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA: 'off' }), launchBrowser()]);
  const api = await adminApi(server.url);
  const seeded = await seedFactory(api, server.url, singleTaskPlan(PRODUCT, { units: UNITS, stations: 2, operatorCount: 1, padPrefix: 'REC' }));
  const task = seeded.tasks[0]!;
  taskId = task.taskId;
  const codes = await codesReader(api)(taskId);
  expect(codes).toHaveLength(UNITS);
  const unit = (index: number): Unit => ({
    code: codes[index]!,
    sn: `SN-REC-${String(index + 1).padStart(4, '0')}`,
    mac: `A4:C1:38:00:10:${String(index + 1).padStart(2, '0')}`,
  });
  [good, retested, failed, halfway] = [unit(0), unit(1), unit(2), unit(3)];
  await seedResults(task.stations);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

/** The rows of the page's (first) data table, each as the texts of its cells. */
function tableRows(scope: Page | Locator): Promise<string[][]> {
  return scope
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())));
}

/** The value of a Descriptions item by its label. */
const described = (page: Page, label: string) =>
  page.locator('.ant-descriptions-item').filter({ has: page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }) }).locator('.ant-descriptions-item-content');

const card = (page: Page, title: RegExp) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });
const flowTiles = (page: Page) => page.getByRole('list', { name: '检测流程' });
const recordRow = (page: Page, code: string) => page.locator('.ant-table-row').filter({ hasText: code });

describe('production records: list, filter, detail, flow result, history, trace', () => {
  it('finds the 不合格 device by filter, opens its failing flow and that flow’s history, then a retested flow’s history', async () => {
    const page = await signedInPage();
    await page.goto(`/productionLog?id=${taskId}`);

    // Every tested device, newest test first; the untested unit has no record.
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(4);
    await expect.poll(() => recordRow(page, halfway.code).getByText('检测中').isVisible()).toBe(true);
    const list = await tableRows(page);
    expect(list.map((cells) => cells[0])).toEqual([halfway.code, failed.code, retested.code, good.code]);
    // code, SN, MAC, time, status, line, one column per flow, actions
    expect(list.find((cells) => cells[0] === failed.code)!.slice(1, 3)).toEqual([failed.sn, failed.mac]);
    expect(list.find((cells) => cells[0] === failed.code)!.slice(4, 8)).toEqual(['不合格', 'LOAD_01', '合格', '不合格']);
    expect(list.find((cells) => cells[0] === retested.code)!.slice(4, 8)).toEqual(['合格', 'LOAD_01', '合格', '合格']);
    expect(list.find((cells) => cells[0] === halfway.code)!.slice(4, 8)).toEqual(['检测中', 'LOAD_01', '合格', '未检测']);

    // 不合格: exactly the device that failed 整机终检
    await pickOption(page, page.locator('.production-log-page'), '检测状态', '不合格');
    await expect.poll(async () => (await tableRows(page)).map((cells) => cells[0])).toEqual([failed.code]);
    await recordRow(page, failed.code).getByRole('button', { name: '详情' }).click();

    // 详情: the device and its two flows as tiles, the failing one marked
    await expect.poll(() => pathOf(page)).toBe('/productionLogDetail');
    await expect.poll(() => described(page, '生产码').textContent()).toBe(failed.code);
    expect(await described(page, 'SN').textContent()).toBe(failed.sn);
    expect(await described(page, '检测状态').textContent()).toBe('不合格');
    const tiles = flowTiles(page).getByRole('button');
    await expect.poll(() => tiles.evaluateAll((all) => all.map((tile) => tile.getAttribute('aria-label')))).toEqual([
      '流程1 上电检测 合格',
      '流程2 整机终检 不合格',
    ]);
    const failingTile = flowTiles(page).getByRole('button', { name: '流程2 整机终检 不合格' });
    expect(await failingTile.getAttribute('class')).toContain('record-flow-tiles__tile--fail');
    expect(await flowTiles(page).getByRole('button', { name: '流程1 上电检测 合格' }).getAttribute('class')).toContain('record-flow-tiles__tile--pass');
    await failingTile.click();

    // The failing result: the item row shows 不合格 with its value and standard
    await expect.poll(() => pathOf(page)).toBe('/productionFlowDetail');
    const checks = card(page, /^自动检测/);
    await expect.poll(() => tableRows(checks)).toEqual([['工作温度', failedVerdict.items[0]!.standard, '52', '不合格']]);
    expect(failedVerdict.items[0]!.standard).toMatch(/^20 ~ 45/);
    expect(await tableRows(card(page, /^人工检测/))).toEqual([['外壳无划痕', '合格']]);
    expect(await described(page, '检测结果').textContent()).toBe('不合格');
    expect(await described(page, '检测轮次').textContent()).toBe('第1次');
    expect(await described(page, '流程').textContent()).toBe('整机终检');

    // 历史次数 → the device's results at 整机终检
    await described(page, '历史次数').getByRole('button', { name: '1', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/productionFlowTestLog');
    await expect.poll(() => page.getByRole('heading', { name: '整机终检 · 检测历史' }).isVisible()).toBe(true);
    await expect.poll(async () => (await tableRows(page)).map((cells) => cells.slice(1, 4))).toEqual([['load01@admin', '不合格', '第1次']]);

    // The retested device: 上电检测 shows its latest (passing) result, and the history both, newest first.
    await page.goto(`/productionLog?id=${taskId}`);
    await page.getByLabel('生产码/SN/MAC').fill(retested.sn);
    await page.getByLabel('生产码/SN/MAC').press('Enter');
    await expect.poll(async () => (await tableRows(page)).map((cells) => cells[0])).toEqual([retested.code]);
    await recordRow(page, retested.code).getByRole('button', { name: '详情' }).click();
    await flowTiles(page).getByRole('button', { name: '流程1 上电检测 合格' }).click();
    await expect.poll(() => pathOf(page)).toBe('/productionFlowDetail');
    await expect.poll(() => described(page, '检测轮次').textContent()).toBe('第2次');
    expect(await described(page, '检测结果').textContent()).toBe('合格');
    await described(page, '历史次数').getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/productionFlowTestLog');
    await expect.poll(() => page.getByRole('heading', { name: '上电检测 · 检测历史' }).isVisible()).toBe(true);
    await expect.poll(async () => (await tableRows(page)).map((cells) => cells.slice(2, 4))).toEqual([
      ['合格', '第2次'],
      ['不合格', '第1次'],
    ]);

    // The first, failed attempt opens from the history with its value and standard.
    await page.locator('.ant-table-row').filter({ hasText: '第1次' }).getByRole('button', { name: '详情' }).click();
    await expect.poll(() => described(page, '检测轮次').textContent()).toBe('第1次');
    await expect.poll(() => tableRows(card(page, /^自动检测/))).toEqual([['供电电压', retestFirstVerdict.items[0]!.standard, '3.72', '不合格']]);
    expect(retestFirstVerdict.items[0]!.standard).toMatch(/^3\.1 ~ 3\.5/);
    await page.context().close();
  });

  it('traces the failed device from the header search by its SN, with every result', async () => {
    const page = await signedInPage();
    await page.goto(`/productionLog?id=${taskId}`);
    const search = page.getByRole('textbox', { name: '设备追溯' });
    await search.fill(failed.sn);
    await search.press('Enter');

    await expect.poll(() => pathOf(page)).toBe('/deviceTrace');
    expect(new URL(page.url()).searchParams.get('text')).toBe(failed.sn);
    const device = page.getByRole('region', { name: `设备 ${failed.code}` });
    await expect.poll(() => device.isVisible(), { timeout: 5000 }).toBe(true);
    expect(await page.getByRole('region', { name: /^设备 / }).count()).toBe(1);
    expect(await described(page, '检测状态').textContent()).toBe('不合格');
    expect(await described(page, 'MAC').textContent()).toBe(failed.mac);
    expect(await device.getByText('检测经历（2）').isVisible()).toBe(true);
    const entries = device.locator('.device-trace-card__entry');
    expect(await entries.evaluateAll((all) => all.map((entry) => entry.getAttribute('aria-label')))).toEqual(['上电检测 第1次', '整机终检 第1次']);
    expect(await entries.nth(0).locator('.ant-tag').textContent()).toBe('合格');
    expect(await entries.nth(1).locator('.ant-tag').textContent()).toBe('不合格');

    // The failing result opens to its checks.
    await entries.nth(1).click();
    const failing = device.locator('.ant-collapse-item-active');
    await expect.poll(async () => (await tableRows(failing)).find((cells) => cells[0] === '工作温度')).toEqual([
      '工作温度',
      '52',
      failedVerdict.items[0]!.standard,
      '不合格',
    ]);

    // The retested device by its MAC: three results in time order.
    await search.fill(retested.mac);
    await search.press('Enter');
    const other = page.getByRole('region', { name: `设备 ${retested.code}` });
    await expect.poll(() => other.isVisible(), { timeout: 5000 }).toBe(true);
    expect(
      await other.locator('.device-trace-card__entry').evaluateAll((all) => all.map((entry) => (entry.textContent ?? '').match(/^(.+?第\d次)(合格|不合格)/)?.slice(1))),
    ).toEqual([
      ['上电检测第1次', '不合格'],
      ['上电检测第2次', '合格'],
      ['整机终检第1次', '合格'],
    ]);

    // A text no device carries
    await search.fill('SN-NOBODY-9999');
    await search.press('Enter');
    await expect.poll(() => page.getByText('未找到该设备').isVisible(), { timeout: 5000 }).toBe(true);
    expect(await page.getByRole('region', { name: /^设备 / }).count()).toBe(0);
    await page.context().close();
  });
});
