import {
  FLOW_ENDPOINTS,
  LINE_ENDPOINTS,
  MENU_ENDPOINTS,
  PATHS,
  PRODUCT_ENDPOINTS,
  PROPERTY_ENDPOINTS,
  ROLE_ENDPOINTS,
  STATION_MSG,
  TASK_ENDPOINTS,
  TASK_TERMINAL_ENDPOINTS,
  USER_ENDPOINTS,
} from '@factory/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesReader, setFirstPassword } from '../packages/simulator/src/index.js';
import { adminApi, type ConsoleApi, seedLine, seedPad } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { openDb } from './support/db.js';
import { type RunningServer, startServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
let api: ConsoleApi;
let codes: string[];
let taskId: number;

const WORKER_NAME = 'st_worker';
/** a user made under admin signs in as name@admin */
const WORKER = `${WORKER_NAME}@admin`;
const WORKER_PASSWORD = 'Station123';

/** A product whose 上电检测 checks a voltage range and a switch and binds the MAC, and whose 整机终检 follows it. */
async function seedProduct(): Promise<{ productId: number; productTypeId: number; number: string }> {
  const types = await api(PRODUCT_ENDPOINTS.productTypes);
  const formats = await api(PRODUCT_ENDPOINTS.dataFormats);
  const productId = await api(PRODUCT_ENDPOINTS.productCreate, {
    productTypeId: types.find((type) => type.name === '智能网关')!.id,
    number: 'GW_STATION_E2E',
    code: 'GW_STATION_E2E',
    connectInternet: false,
    dataFormatId: formats[0]!.id,
    description: '工位端到端测试产品',
  });
  for (const property of [
    { name: '供电电压', code: 'voltage', dataTypeId: 'float', min: '0', max: '5', description: '板载供电电压' },
    { name: '电源开关', code: 'power', dataTypeId: 'boolean', trueValue: '开', falseValue: '关', description: '主电源状态' },
  ] as const) {
    await api(PROPERTY_ENDPOINTS.propertyAdd, { productId, valueDescription: '', ...property });
  }
  const properties = (await api(PROPERTY_ENDPOINTS.propertyList, { productId, pageSize: 0 })).list;
  const id = (code: string) => properties.find((property) => property.code === code)!.id;
  const flows = [
    {
      name: '上电检测',
      bindMac: true,
      items: [
        { id: id('voltage'), intervalNumber: 1, normalValue: '3.1', normalValueMax: '3.5' },
        { id: id('power'), normalBoolean: 1 },
      ],
      manualItems: ['外观完好'],
    },
    { name: '整机终检', bindMac: false, items: [], manualItems: ['包装完好'] },
  ];
  for (const flow of flows) {
    const form = new FormData();
    form.append('productFlowParams', JSON.stringify({ productId, ...flow }));
    await api(FLOW_ENDPOINTS.flowAdd, form);
  }
  await api(PRODUCT_ENDPOINTS.productPublish, { id: productId });
  const detail = await api(PRODUCT_ENDPOINTS.productDetail, { id: productId });
  return { productId, productTypeId: detail.productTypeId, number: detail.number };
}

/**
 * A role holding PAD APP (made as the role editor makes it) and a worker of the line
 * who set their own password: a sub-user signs in only at terminals of its own lines.
 */
async function seedWorker(lineId: number): Promise<void> {
  const tree = await api(MENU_ENDPOINTS.menuTree, { withFunction: 'true' });
  const padApp = tree.find((menu) => menu.name === 'PAD APP')!;
  const roleMenuFunctionVOS = [padApp, ...padApp.children].map((menu) => ({ menuId: menu.id, funIdList: [] }));
  await api(ROLE_ENDPOINTS.roleCreate, { roleName: '产线工人', roleMenuFunctionVOS });
  const roles = await api(ROLE_ENDPOINTS.roleAll);
  const factories = await api(LINE_ENDPOINTS.factoryList, { pageSize: 0 });
  const facLineVos = [{ factoryId: factories.list[0]!.id, lineId: [lineId] }];
  await api(USER_ENDPOINTS.userCreate, { userName: WORKER_NAME, roleId: roles.find((role) => role.roleName === '产线工人')!.id, facLineVos });
  await setFirstPassword(server.url, WORKER, await api(USER_ENDPOINTS.userDefaultPassword), WORKER_PASSWORD);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA: 'off' }), launchBrowser()]);
  api = await adminApi(server.url);
  const lineId = await seedLine(api, '总装一线', 'ZZ_ST');
  const powerPad = await seedPad(api, 'PAD-ST-1', '上电检测1号', lineId);
  const finalPad = await seedPad(api, 'PAD-ST-2', '整机终检1号', lineId);
  const product = await seedProduct();
  await seedWorker(lineId);
  const expire = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  taskId = await api(TASK_ENDPOINTS.taskCreate, { ...product, productionLineIds: [lineId], productionCount: 10, expireTime: expire });
  const edit = await api(TASK_ENDPOINTS.taskEditData, { taskId });
  // UNSTART: the first result starts the task.
  await api(TASK_TERMINAL_ENDPOINTS.padSet, {
    taskId,
    flowId2PadId: edit.flowPads.map((flowPad, index) => ({ flowId: flowPad.flow.id, padIdList: [index === 0 ? powerPad : finalPad] })),
  });
  codes = await codesReader(api)(taskId);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function newTablet(): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 }, hasTouch: true });
}

async function signIn(page: Page, terminalCode: string): Promise<void> {
  await page.goto('/station');
  await page.getByLabel('终端编号').fill(terminalCode);
  await page.getByLabel('用户名').fill(WORKER);
  await page.getByLabel('密码').fill(WORKER_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByLabel('扫码').waitFor();
}

/**
 * A scanner: the code's characters into the focused field, then Enter. A production
 * code is checked with the server as it is scanned; the worker scans the next code
 * once the screen has taken this one, as the test does.
 */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByLabel('扫码').getAttribute('aria-busy')).toBe('false');
}

const item = (page: Page, name: string) => page.getByRole('group', { name: `检测项 ${name}` });
const verdict = (page: Page) => page.getByRole('alertdialog', { name: '检测结果' });

async function enterValues(page: Page, voltage: string): Promise<void> {
  await item(page, '供电电压').getByLabel('供电电压').fill(voltage);
  await item(page, '电源开关').getByRole('button', { name: '开' }).click();
  await page.getByRole('group', { name: '人工检查 外观完好' }).getByRole('button', { name: '合格', exact: true }).click();
}

interface StoredResult {
  clientResultId: string;
  status: string;
  code: string;
}

function storedResults(): StoredResult[] {
  const db = openDb(server.dbFile);
  try {
    return db
      .prepare('select r."clientResultId", r.status, p.code from flow_result r join production_code p on p.id = r."codeId" where r."taskId" = ? order by r.id')
      .all(taskId) as StoredResult[];
  } finally {
    db.close();
  }
}

describe('station app: a PAD at a flow of a task', () => {
  it('signs in, scans, enters values with live marks, shows 合格 and 不合格, keeps a test over a reload, shows refusals', async () => {
    const context = await newTablet();
    const page = await context.newPage();
    await signIn(page, 'PAD-ST-1');
    await expect.poll(() => page.getByText('上电检测1号').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('流程1/共2').isVisible()).toBe(true);

    // A passing device: the scan field has the focus, so a scanner needs no tap.
    await scan(page, codes[0]!);
    await scan(page, 'SN-E2E-0001');
    await scan(page, 'A4:C1:38:00:00:01');
    await enterValues(page, '3.30');
    await expect.poll(() => item(page, '供电电压').getByText('✓ 合格').isVisible()).toBe(true);
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => verdict(page).getByText(STATION_MSG.pass, { exact: true }).isVisible()).toBe(true);
    await verdict(page).click();
    await expect.poll(() => verdict(page).count()).toBe(0);

    // A failing one: the verdict lists the item, its value and its standard.
    await scan(page, codes[1]!);
    await scan(page, 'SN-E2E-0002');
    await scan(page, 'A4:C1:38:00:00:02');
    await enterValues(page, '3.90');
    await expect.poll(() => item(page, '供电电压').getByText('✗ 不合格').isVisible()).toBe(true);
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => verdict(page).getByText(STATION_MSG.fail, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => verdict(page).getByRole('row', { name: /供电电压\s*3\.90\s*3\.1 ~ 3\.5/ }).isVisible()).toBe(true);

    // The next scan dismisses the verdict and starts the next device; a reload in the middle keeps it.
    await scan(page, codes[2]!);
    await expect.poll(() => verdict(page).count()).toBe(0);
    await scan(page, 'SN-E2E-0003');
    await item(page, '供电电压').getByLabel('供电电压').fill('3.45');
    const draftId = await page.evaluate(() => JSON.parse(localStorage.getItem('station.draft')!).clientResultId as string);
    await page.reload();
    await page.getByLabel('扫码').waitFor();
    await expect.poll(() => page.getByRole('listitem', { name: '生产码' }).textContent()).toContain(codes[2]!);
    await expect.poll(() => page.getByRole('listitem', { name: 'SN码' }).textContent()).toContain('SN-E2E-0003');
    await expect.poll(() => item(page, '供电电压').getByLabel('供电电压').inputValue()).toBe('3.45');
    await scan(page, 'A4:C1:38:00:00:03');
    await item(page, '电源开关').getByRole('button', { name: '开' }).click();
    await page.getByRole('group', { name: '人工检查 外观完好' }).getByRole('button', { name: '合格', exact: true }).click();
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => verdict(page).getByText(STATION_MSG.pass, { exact: true }).isVisible()).toBe(true);
    await verdict(page).click();

    // Today's list and the database agree: three results, one per submission.
    const list = page.getByRole('region', { name: '今日记录' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => list.getByText('共 3 条 · 合格 2 · 不合格 1').isVisible()).toBe(true);
    expect(storedResults().map(({ code, status }) => [code, status])).toEqual([
      [codes[0], 'TEST_SUCCESS'],
      [codes[1], 'TEST_ERROR'],
      [codes[2], 'TEST_SUCCESS'],
    ]);
    expect(storedResults()[2]!.clientResultId).toBe(draftId);

    // At the next flow, codes are checked as they are scanned: an unknown one and the device that
    // failed 上电检测 are refused at once with the reason, and the scan field waits for a production code.
    const final = await (await newTablet()).newPage();
    await signIn(final, 'PAD-ST-2');
    await scan(final, 'NOTACODE1');
    await expect.poll(() => final.getByRole('alert').textContent()).toBe(STATION_MSG.codeUnknown('NOTACODE1'));
    await scan(final, codes[1]!);
    await expect.poll(() => final.getByRole('alert').textContent()).toBe(`${STATION_MSG.previousFlowFirst('上电检测')}（生产码${codes[1]}）`);
    await expect.poll(() => final.getByRole('listitem', { name: '生产码' }).textContent()).toContain('待扫描');
    expect(await final.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('扫码');
    // The device that passed is taken, and its SN is scanned into the SN slot.
    await scan(final, codes[0]!);
    await scan(final, 'SN-E2E-0001');
    await expect.poll(() => final.getByRole('listitem', { name: 'SN码' }).textContent()).toContain('SN-E2E-0001');
    expect(storedResults()).toHaveLength(3);

    await final.context().close();
    await context.close();
  });

  it('queues a result while offline, shows 离线，N 条待上传, and sends it once when back online', async () => {
    const context = await newTablet();
    const page = await context.newPage();
    await signIn(page, 'PAD-ST-1');

    await context.setOffline(true);
    await scan(page, codes[3]!);
    await scan(page, 'SN-E2E-0004');
    await scan(page, 'A4:C1:38:00:00:04');
    await enterValues(page, '3.20');
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => page.getByText('离线，1 条待上传').isVisible()).toBe(true);
    const list = page.getByRole('region', { name: '今日记录' });
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: codes[3]! }).textContent()).toContain('待上传');
    const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('station.queue')!) as { body: { clientResultId: string } }[]);
    expect(queued).toHaveLength(1);
    expect(storedResults().filter((row) => row.code === codes[3])).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => page.getByText(/条待上传/).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: codes[3]! }).textContent()).toContain('合格');
    expect(storedResults().filter((row) => row.code === codes[3])).toEqual([
      { clientResultId: queued[0]!.body.clientResultId, status: 'TEST_SUCCESS', code: codes[3] },
    ]);

    // The server stored a result but its answer was lost: the retry is answered, not stored again.
    let posts = 0;
    page.on('request', (request) => void (request.url().endsWith(PATHS.stationResult) && (posts += 1)));
    await page.route(
      `**${PATHS.stationResult}`,
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await scan(page, codes[4]!);
    await scan(page, 'SN-E2E-0005');
    await scan(page, 'A4:C1:38:00:00:05');
    await enterValues(page, '3.25');
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: codes[4]! }).textContent(), { timeout: 15_000 }).toContain('合格');
    await expect.poll(() => page.getByText(/条待上传/).count(), { timeout: 15_000 }).toBe(0);
    expect(posts).toBeGreaterThanOrEqual(2);
    expect(storedResults().filter((row) => row.code === codes[4])).toHaveLength(1);
    expect(storedResults()).toHaveLength(5);

    await context.close();
  });
});
