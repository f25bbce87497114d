import path from 'node:path';
import {
  DATA_CENTER_ENDPOINTS,
  LINE_ENDPOINTS,
  MENU_ENDPOINTS,
  MENUS,
  PRODUCT_ENDPOINTS,
  ROLE_ENDPOINTS,
  STOCK_MSG,
  TASK_ENDPOINTS,
  TASK_TERMINAL_ENDPOINTS,
  TERMINAL_ENDPOINTS,
  USER_ENDPOINTS,
} from '@factory/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesReader, setFirstPassword, StationClient } from '../packages/simulator/src/index.js';
import { adminApi, type ConsoleApi, seedLine, seedPad, seedPublishedProduct } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { pathOf, signInAsAdmin } from './support/ui.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const MODEL = 'GW_STOCK_E2E';
const FLOWS = ['上电检测', '整机终检'];
/** a user made under admin signs in as name@admin */
const WORKER = 'stk_worker@admin';
const KEEPER = 'stk_keeper@admin';
const PASSWORD = 'Station123';
const PDA_CODE = 'PDA-STK-1';

let server: RunningServer;
let browser: Browser;
let api: ConsoleApi;
/** the SNs of the six units that passed both flows, and of the one that failed 上电检测 */
let passed: string[];
let failed: string;
let before: { info: Awaited<ReturnType<typeof statistics>>; rates: Awaited<ReturnType<typeof rates>> };
/** the batch numbers the PDA shows: the first accepted, the second rejected */
let accepted: string;
let rejected: string;

const statistics = () => api(DATA_CENTER_ENDPOINTS.dataCenterStatisticInfo);
const rates = () => api(DATA_CENTER_ENDPOINTS.dataCenterTaskCount, { hold: 2 });

/** A role holding `app` and the given menus of it, made as the role editor makes it, and a user of the line who set their password. */
async function seedUser(userName: string, roleName: string, app: string, urls: string[] | null, lineId: number): Promise<void> {
  const tree = await api(MENU_ENDPOINTS.menuTree, { withFunction: 'true' });
  const root = tree.find((menu) => menu.name === app)!;
  const menus = [root, ...root.children.filter((menu) => urls === null || urls.includes(menu.url))];
  await api(ROLE_ENDPOINTS.roleCreate, { roleName, roleMenuFunctionVOS: menus.map((menu) => ({ menuId: menu.id, funIdList: [] })) });
  const role = (await api(ROLE_ENDPOINTS.roleAll)).find((candidate) => candidate.roleName === roleName)!;
  const factories = await api(LINE_ENDPOINTS.factoryList, { pageSize: 0 });
  await api(USER_ENDPOINTS.userCreate, { userName, roleId: role.id, facLineVos: [{ factoryId: factories.list[0]!.id, lineId: [lineId] }] });
  await setFirstPassword(server.url, `${userName}@admin`, await api(USER_ENDPOINTS.userDefaultPassword), PASSWORD);
}

/**
 * Seven units tested over the station API, a minute apart: six pass both flows (PASS), the
 * seventh fails 上电检测 (NOT_PASS). The PAD UI itself is station.e2e.ts's journey.
 */
async function testUnits(codes: string[]): Promise<void> {
  const stations = new Map<number, { client: StationClient; manualId: number }>();
  for (const pad of ['PAD-STK-1', 'PAD-STK-2']) {
    const client = new StationClient({ baseUrl: server.url });
    await client.login(pad, WORKER, PASSWORD);
    const assignment = (await client.assignment())!;
    stations.set(assignment.flowOrder, { client, manualId: assignment.manualItems[0]!.id });
  }
  let minute = 0;
  const start = Date.now() - 30 * 60_000;
  const test = async (flow: number, code: string, sn: string, pass: boolean) => {
    const station = stations.get(flow)!;
    const startTime = start + minute++ * 60_000;
    const outcome = await station.client.submit({
      productionCode: code,
      sn,
      startTime,
      endTime: startTime + 20_000,
      manualResults: [{ itemId: station.manualId, pass }],
    });
    if (!outcome.ok) throw new Error(`${code} at flow ${flow}: ${outcome.status} ${outcome.message}`);
    return outcome.verdict;
  };
  for (const [index, sn] of passed.entries()) {
    await test(1, codes[index]!, sn, true);
    expect((await test(2, codes[index]!, sn, true)).deviceStatus).toBe('PASS');
  }
  expect((await test(1, codes[passed.length]!, failed, false)).deviceStatus).toBe('NOT_PASS');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA: 'off' }), launchBrowser()]);
  api = await adminApi(server.url);
  const lineId = await seedLine(api, '成品一线', 'CP_STK');
  const pads = [await seedPad(api, 'PAD-STK-1', '上电检测1号', lineId), await seedPad(api, 'PAD-STK-2', '整机终检1号', lineId)];
  // AQL 6.5 at level II: a lot of 2 to 15 units is sampled n=2, Ac 0, Re 1.
  const productId = await seedPublishedProduct(api, { typeName: '智能网关', number: MODEL, code: 'GWSTOCKE2E', flows: FLOWS, inspectionLevel: 'II', aql: 6.5 });
  const product = await api(PRODUCT_ENDPOINTS.productDetail, { id: productId });
  await seedUser('stk_worker', '产线工人', 'PAD APP', null, lineId);
  // The warehouse: a handheld (手持机, a PDA has no line: its batches go to the unit's task's line) and a keeper holding 入库, 抽检, 出库.
  const categories = await api(TERMINAL_ENDPOINTS.terminalCategory, { terminalType: 'PDA' });
  const categoryId = Number(Object.entries(categories).find(([, name]) => name === '手持机')![0]);
  await api(TERMINAL_ENDPOINTS.terminalAdd, { terminalCode: PDA_CODE, terminalName: '成品仓手持机1号', terminalType: 'PDA', categoryId });
  await seedUser('stk_keeper', '仓库', 'PDA APP', [MENUS.pdaStockIn, MENUS.pdaSpotCheck, MENUS.pdaStockOut], lineId);

  const expireTime = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const taskId = await api(TASK_ENDPOINTS.taskCreate, {
    productId,
    productTypeId: product.productTypeId,
    productNumber: product.number,
    productionLineIds: [lineId],
    productionCount: 8,
    expireTime,
  });
  const edit = await api(TASK_ENDPOINTS.taskEditData, { taskId });
  await api(TASK_TERMINAL_ENDPOINTS.padSet, {
    taskId,
    flowId2PadId: edit.flowPads.map((flowPad, index) => ({ flowId: flowPad.flow.id, padIdList: [pads[index]!] })),
  });
  const codes = await codesReader(api)(taskId);
  passed = [1, 2, 3, 4, 5, 6].map((n) => `SN-STK-000${n}`);
  failed = 'SN-STK-0007';
  await testUnits(codes);
  before = { info: await statistics(), rates: await rates() };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A scanner: the code typed into the focused field, then Enter; the screen puts the focus on its scan field. */
async function scan(page: Page, code: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('扫码');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** A stock-in's answer for the first unit of a batch: the batch number the server made (RK + day + sequence). */
const BATCH_OF_ONE = /批次 (RK\d{8}-\d{3}) · 已入库 1 台/;
/** The latest scan's outcome: a status when done, an alert when refused. */
const outcome = (page: Page, role: 'status' | 'alert') => page.getByRole(role, { name: '扫码结果' });
/** The value of a term of a definition list (the plan's 批量, 样本量 …; the big screen's figures). */
const fact = (list: Locator, term: string) => list.locator('div').filter({ has: list.page().getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
/** A console page once its tables have settled (no refetch in flight dims them). */
async function shot(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 5000 }).toBe(0);
  // and its fade back from the loading mask has ended (antd eases the opacity back to 1)
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('.ant-spin-container')].every((box) => getComputedStyle(box).opacity === '1')), { timeout: 5000 })
    .toBe(true);
  await page.screenshot({ path: path.join(SCREENSHOTS, name) });
}

/**
 * The handheld's whole page, from its top (the sticky header where it belongs), after
 * checking that nothing is wider than the 360 px screen.
 */
async function handheldShot(page: Page, name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
}

describe('finished goods: a PDA stocks, spot-checks and ships; the console and the big screen follow', () => {
  it('stocks passed units, refuses a failed and a stocked one, fixes the plan, reaches ACCEPT and REJECT, ships two units and refuses one twice', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    // An action waiting for an element that never comes fails with its step, well within the test's time.
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto('/station');
    await page.getByLabel('终端编号').fill(PDA_CODE);
    await page.getByLabel('用户名').fill(KEEPER);
    await page.getByLabel('密码').fill(PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    const tabs = page.getByRole('tablist');
    await expect.poll(() => tabs.getByRole('tab').allTextContents(), { timeout: 5000 }).toEqual(['入库', '抽检', '出库']);
    expect(await tabs.getByRole('tab', { name: '入库' }).getAttribute('aria-selected')).toBe('true');

    // 入库: the first unit opens the day's batch, each next one counts into it.
    await scan(page, passed[0]!);
    await expect.poll(() => outcome(page, 'status').textContent(), { timeout: 5000 }).toMatch(BATCH_OF_ONE);
    accepted = (await outcome(page, 'status').textContent())!.match(BATCH_OF_ONE)![1]!;
    for (const [index, sn] of passed.slice(1, 4).entries()) {
      await scan(page, sn);
      await expect.poll(() => outcome(page, 'status').textContent()).toContain(`批次 ${accepted} · 已入库 ${index + 2} 台`);
    }
    const stocking = page.getByRole('region', { name: '入库中的批次' });
    const openBatch = stocking.getByRole('listitem', { name: `批次 ${accepted}` });
    await expect.poll(() => openBatch.textContent()).toContain('4 台');
    // A unit that failed its test, and one already in the batch, are refused, naming the unit.
    await scan(page, failed);
    await expect.poll(() => outcome(page, 'alert').textContent()).toContain(STOCK_MSG.unitNotPassed(failed));
    await scan(page, passed[0]!);
    await expect.poll(() => outcome(page, 'alert').textContent()).toContain(STOCK_MSG.unitStocked(passed[0]!, accepted));
    await expect.poll(() => openBatch.textContent()).toContain('4 台');

    // 结束入库, confirmed: the lot of 4 gets its plan (II, AQL 6.5: code letter A, n=2, Ac 0, Re 1).
    await openBatch.getByRole('button', { name: '结束入库' }).click();
    await openBatch.getByRole('group', { name: '确认结束入库' }).getByRole('button', { name: '确认结束' }).click();
    const closed = page.getByRole('region', { name: '已结束入库' });
    await expect.poll(() => closed.getByText(`批次 ${accepted} 已结束入库`).isVisible(), { timeout: 5000 }).toBe(true);
    const plan = closed.getByLabel('抽样方案');
    expect(await fact(plan, '批量').textContent()).toBe('4');
    expect(await fact(plan, '字码').textContent()).toBe('A');
    expect(await fact(plan, '样本量').textContent()).toBe('2');
    expect(await fact(plan, 'Ac').textContent()).toBe('0');
    expect(await fact(plan, 'Re').textContent()).toBe('1');
    await expect.poll(() => openBatch.count()).toBe(0);
    await handheldShot(page, 'pda-stock-in-360.png');

    // The next units of the product open the next batch; it is closed with two.
    await scan(page, passed[4]!);
    await expect.poll(() => outcome(page, 'status').textContent()).toMatch(BATCH_OF_ONE);
    rejected = (await outcome(page, 'status').textContent())!.match(BATCH_OF_ONE)![1]!;
    expect(rejected).not.toBe(accepted);
    await scan(page, passed[5]!);
    await expect.poll(() => outcome(page, 'status').textContent()).toContain(`批次 ${rejected} · 已入库 2 台`);
    const second = stocking.getByRole('listitem', { name: `批次 ${rejected}` });
    await second.getByRole('button', { name: '结束入库' }).click();
    await second.getByRole('button', { name: '确认结束' }).click();
    await expect.poll(() => closed.getByText(`批次 ${rejected} 已结束入库`).isVisible(), { timeout: 5000 }).toBe(true);

    // 抽检: the batch picked from the list shows its plan and progress; the sample is scanned and judged.
    await tabs.getByRole('tab', { name: '抽检' }).click();
    const toCheck = page.getByRole('region', { name: '待抽检批次' });
    await expect.poll(() => toCheck.getByRole('button').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label'))), { timeout: 5000 }).toEqual([
      `批次 ${accepted}`,
      `批次 ${rejected}`,
    ]);
    await toCheck.getByRole('button', { name: `批次 ${accepted}` }).click();
    const head = page.getByRole('region', { name: `批次 ${accepted}` });
    await expect.poll(() => head.textContent(), { timeout: 5000 }).toContain('已检 0/2');
    const sample = Number(await fact(head.getByLabel('抽样方案'), '样本量').textContent());
    expect(sample).toBe(2);
    const judge = page.getByRole('region', { name: '判定' });
    for (const [index, sn] of passed.slice(0, sample).entries()) {
      await scan(page, sn);
      await expect.poll(() => judge.textContent(), { timeout: 5000 }).toContain(sn);
      if (index === sample - 1) await handheldShot(page, 'pda-spot-check-360.png');
      await judge.getByRole('button', { name: '合格', exact: true }).click();
      if (index < sample - 1) {
        await expect.poll(() => page.getByRole('status').filter({ hasText: `设备 ${sn} 已记为合格` }).isVisible()).toBe(true);
        await expect.poll(() => head.textContent()).toContain(`已检 ${index + 1}/2`);
      }
    }
    // n checked, no defect: ACCEPT, over the whole screen.
    const verdict = page.getByRole('alertdialog', { name: '抽检结论' });
    await expect.poll(() => verdict.textContent(), { timeout: 5000 }).toContain('批次合格');
    expect(await verdict.textContent()).toContain(`批次 ${accepted}`);
    expect(await verdict.textContent()).toContain('本批次设备可以出库');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'pda-verdict-360.png');
    await verdict.click();
    await expect.poll(() => verdict.count()).toBe(0);
    await expect.poll(() => head.textContent()).toContain('已检 2/2');
    expect(await page.getByText('批次合格 · 可以出库').isVisible()).toBe(true);

    // The second batch: one 不合格 with its note reaches Re=1, REJECT.
    await page.getByRole('button', { name: '‹ 批次列表' }).click();
    await toCheck.getByRole('button', { name: `批次 ${rejected}` }).click();
    // Scanned before the batch is open, a unit would open its batch instead of being taken as a sample.
    await expect.poll(() => page.getByRole('region', { name: `批次 ${rejected}` }).textContent(), { timeout: 5000 }).toContain('已检 0/2');
    await scan(page, passed[4]!);
    await expect.poll(() => judge.textContent(), { timeout: 5000 }).toContain(passed[4]!);
    await judge.getByRole('button', { name: '不合格' }).click();
    const reasons = page.getByRole('group', { name: '不合格原因' });
    await reasons.getByRole('button', { name: '外观不良' }).click();
    expect(await reasons.getByLabel('不合格说明').inputValue()).toBe('外观不良');
    await reasons.getByRole('button', { name: '确认不合格' }).click();
    await expect.poll(() => verdict.textContent(), { timeout: 5000 }).toContain('批次不合格');
    await verdict.click();
    await expect.poll(() => page.getByRole('region', { name: '已检设备' }).textContent()).toContain('外观不良');

    // 出库: a unit of the rejected batch is refused; two of the accepted batch leave, and one of them again is refused.
    await tabs.getByRole('tab', { name: '出库' }).click();
    await expect.poll(() => page.getByText('扫描设备出库').isVisible()).toBe(true);
    await scan(page, passed[5]!);
    await expect.poll(() => outcome(page, 'alert').textContent(), { timeout: 5000 }).toContain(STOCK_MSG.unitBatchRejected(passed[5]!, rejected));
    for (const sn of passed.slice(0, 2)) {
      await scan(page, sn);
      // named as scanned, as the refusals name it
      await expect.poll(() => outcome(page, 'status').textContent(), { timeout: 5000 }).toContain(`设备 ${sn} 已出库`);
    }
    await expect.poll(() => page.getByText('本次已出库 2 台').isVisible()).toBe(true);
    await scan(page, passed[0]!);
    await expect.poll(() => outcome(page, 'alert').textContent()).toContain(STOCK_MSG.unitShipped(passed[0]!));
    await expect.poll(() => page.getByRole('region', { name: '今日记录' }).textContent()).toContain('入库 6 · 抽检 3 · 出库 2');
    await handheldShot(page, 'pda-stock-out-360.png');
    await context.close();
  });

  it('shows the batches, their units, a unit’s production tests and the shipped units in the console; the big screen moves', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInAsAdmin(page);

    // The big screen: six stocked, three checked, two reports (one accepted), two shipped.
    const after = await statistics();
    expect({
      stockCount: after.stockCount - before.info.stockCount,
      checkRandomCount: after.checkRandomCount - before.info.checkRandomCount,
      reportCheckCount: after.reportCheckCount - before.info.reportCheckCount,
      outStockCount: after.outStockCount - before.info.outStockCount,
      recheckCount: after.recheckCount - before.info.recheckCount,
    }).toEqual({ stockCount: 6, checkRandomCount: 3, reportCheckCount: 2, outStockCount: 2, recheckCount: 0 });
    expect(before.rates.checkPassRate).toBe(0);
    expect((await rates()).checkPassRate).toBe(0.5);
    const panel = page.getByRole('region', { name: '抽检与库存' });
    const figure = (label: string) => fact(panel.locator('dl'), label);
    await expect.poll(() => figure('入库数量').textContent(), { timeout: 10_000 }).toBe(`${after.stockCount}台`);
    expect(await figure('抽检数量').textContent()).toBe(`${after.checkRandomCount}台`);
    expect(await figure('出库数量').textContent()).toBe(`${after.outStockCount}台`);
    await expect.poll(() => page.getByRole('meter', { name: '抽检合格率' }).getAttribute('aria-valuenow')).toBe('50');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'data-center-stock-1440.png') });

    // 抽检管理: today's two batches, each with its plan and verdict.
    await page.goto('/spotCheck');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(2);
    const row = (text: string) => rows.filter({ hasText: text });
    expect(await row(accepted).getByText('合格', { exact: true }).isVisible()).toBe(true);
    expect(await row(accepted).textContent()).toContain('n=2 Ac=0 Re=1');
    expect(await row(accepted).textContent()).toContain(MODEL);
    expect(await row(rejected).getByText('不合格', { exact: true }).isVisible()).toBe(true);
    await shot(page, 'spot-check-1440.png');

    // 进入: the batch's units, the two checked marked 已抽检.
    await row(accepted).getByRole('link', { name: '进入' }).click();
    await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/spotCheckDevice');
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(4);
    const checked = rows.filter({ has: page.getByText('已抽检', { exact: true }) });
    expect(await checked.count()).toBe(2);
    for (const sn of passed.slice(0, 2)) expect(await row(sn).getByText('已抽检', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: '抽样方案' }).textContent()).toContain('合格');
    await shot(page, 'spot-check-device-1440.png');

    // 进入 a checked unit: its check and its production tests, one per flow, oldest first.
    await row(passed[0]!).getByRole('link', { name: '进入' }).click();
    await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/spotCheckDeviceDetail');
    const tests = page.getByRole('region', { name: '生产检测' });
    const entries = tests.getByRole('listitem');
    await expect.poll(() => entries.count(), { timeout: 5000 }).toBe(FLOWS.length);
    for (const [index, flow] of FLOWS.entries()) expect(await entries.nth(index).textContent()).toMatch(new RegExp(`${flow}检测人员 ${WORKER}合格$`));
    expect(await tests.textContent()).toContain('合格');
    await shot(page, 'spot-check-device-detail-1440.png');

    // 出库记录: the two units shipped today.
    await page.goto('/stockOut');
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(2);
    for (const sn of passed.slice(0, 2)) expect(await row(sn).textContent()).toContain(accepted);
    await shot(page, 'stock-out-1440.png');
    await context.close();
  });
});
