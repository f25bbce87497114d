// Screenshots of 生产记录 (/productionLog and the pages under it) and 设备追溯 (/deviceTrace and the
// header's search box) into docs/screenshots/ at 1440x900: records-list, records-list-failed,
// records-list-empty, record-detail, record-detail-missing, flow-detail, flow-history, header-search,
// device-trace, device-trace-none. Build first (node scripts/ensure-built.mjs: the simulator's library
// is used from dist), start a server (CAPTCHA=off, ADMIN_PASSWORD=Admin12345) and pass its address:
//   node scripts/screenshots/records.mjs http://127.0.0.1:18641
// A line, four PADs, station users, the 智能网关 product (four flows) and a started task are made by the
// simulator's seedFactory; then results are sent through the station API as the PADs send them: most
// devices pass, some fail and are retested, some fail for good, some are still on the line.
/* global document -- the functions handed to the page run in the browser */
import path from 'node:path';
import { openBrowser, signIn } from './harness.mjs';

const { codesReader, consoleLogin, deviceOf, GATEWAY, itemValue, seedFactory, seededRandom, StationClient } = await import(
  path.resolve(import.meta.dirname, '../../packages/simulator/dist/index.js')
);

const base = process.argv[2] ?? 'http://127.0.0.1:18641';
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';
const stamp = Date.now().toString(36).slice(-4).toUpperCase();

// ---- data ----------------------------------------------------------------------------------------

const { api } = await consoleLogin(base, 'admin', password);
const plan = {
  lines: [{ lineName: '总装一线', lineNum: `ZZ_${stamp}` }],
  products: [{ ...GATEWAY, number: `GW_100_${stamp}`, code: `GW100${stamp}` }],
  tasks: [{ productNumber: `GW_100_${stamp}`, lineNums: [`ZZ_${stamp}`], units: 60, stations: 4, expireDays: 14 }],
  padPrefix: `REC${stamp}`,
  operatorPrefix: 'zhang_wei',
  operatorPassword: 'Station123',
  operatorCount: 1,
};
const seeded = await seedFactory(api, base, plan);
const task = seeded.tasks[0];
const codes = await codesReader(api)(task.taskId);

/** One signed-in station per flow, by flow order. */
const stations = new Map();
for (const login of task.stations) {
  const client = new StationClient({ baseUrl: base });
  await client.login(login.terminalCode, login.username, login.password);
  const assignment = await client.assignment();
  stations.set(assignment.flowOrder, { client, assignment });
}

/**
 * What each device goes through, in order: [flow, what fails] per test (item codes or manual
 * checks by name; none is a pass). Devices not listed pass all four flows.
 */
const FOCUS = 21;
const STORIES = {
  [FOCUS]: [
    [1, ['current']],
    [1, ['current']],
    [1, []],
    [2, []],
    [3, []],
    [4, ['temperature', '标签端正']],
  ],
  22: [
    [1, []],
    [2, ['rssi']],
  ],
  23: [
    [1, []],
    [2, ['signal_level']],
    [2, []],
    [3, []],
    [4, []],
  ],
  24: [
    [1, []],
    [2, []],
    [3, ['firmware_version']],
  ],
  25: [[1, []], [2, []]],
  26: [[1, []], [2, []]],
  27: [[1, []], [2, []], [3, []]],
  28: [[1, []]],
  29: [[1, ['指示灯常亮']]],
};
const TESTED = 29;
const everyFlow = [[1, []], [2, []], [3, []], [4, []]];

const random = seededRandom(2024);
let clock = 0;
for (let sequence = 1; sequence <= TESTED; sequence++) {
  const device = deviceOf(task.taskId, sequence, codes[sequence - 1]);
  clock = Date.now() - (TESTED - sequence + 2) * 6 * 60_000;
  for (const [flow, failing] of STORIES[sequence] ?? everyFlow) {
    const { client, assignment } = stations.get(flow);
    const startTime = clock;
    clock += 40_000 + Math.floor(random() * 30_000);
    const outcome = await client.submit({
      productionCode: device.code,
      sn: device.sn,
      mac: device.mac,
      startTime,
      endTime: clock,
      autoValues: assignment.items.map((item) => ({ itemId: item.id, value: itemValue(item, random, !failing.includes(item.code)) })),
      manualResults: assignment.manualItems.map((item) => ({ itemId: item.id, pass: !failing.includes(item.name) })),
    });
    if (!outcome.ok) throw new Error(`${device.code} at flow ${flow}: ${outcome.message}`);
    if ((outcome.verdict.status === 'TEST_SUCCESS') !== (failing.length === 0)) throw new Error(`${device.code} at flow ${flow}: ${outcome.verdict.status}`);
    clock += 20_000;
  }
}
const focus = deviceOf(task.taskId, FOCUS, codes[FOCUS - 1]);
console.log('task', task.taskId, 'device', focus.code, focus.sn);

// ---- screenshots ---------------------------------------------------------------------------------

const { browser, page, shot: save, open } = await openBrowser(base);
/** The pointer off the page's controls first, so no row or tile is shot hovered. */
const shot = async (name) => {
  await page.mouse.move(720, 895);
  await save(name);
};
try {
  await signIn(page, password);
  const rows = page.locator('.ant-table-row');

  // The task's devices, newest test first: 合格, 不合格 and 检测中 side by side
  await open(`/productionLog?id=${task.taskId}`, codes[TESTED - 1]);
  await shot('records-list');

  // 不合格 only
  await page.getByLabel('检测状态', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '不合格' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 4);
  await shot('records-list-failed');

  // A search nothing matches
  await page.getByRole('button', { name: '重置' }).click();
  await page.getByLabel('生产码/SN/MAC').fill('SN9999');
  await page.getByLabel('生产码/SN/MAC').press('Enter');
  await page.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
  await shot('records-list-empty');

  // The failed, retested device: four tiles, the last one failed
  await open(`/productionLog?id=${task.taskId}`, focus.code);
  await rows.filter({ hasText: focus.code }).getByRole('button', { name: '详情' }).click();
  await page.getByRole('list', { name: '检测流程' }).waitFor();
  await shot('record-detail');

  // Its failing result at 整机终检
  await page.getByRole('button', { name: /^流程4 整机终检/ }).click();
  await page.getByText('整机终检 · 检测信息').waitFor();
  await shot('flow-detail');

  // The three tests of 上电检测: two failures, then the pass
  await page.goBack();
  await page.getByRole('button', { name: /^流程1 上电检测/ }).click();
  await page.getByText('上电检测 · 检测信息').waitFor();
  await page.locator('.records-page__history-link').click();
  await page.getByText('第3次').waitFor();
  await shot('flow-history');

  // A device that is gone (or out of scope)
  await open(`/productionLogDetail?taskId=${task.taskId}&resultId=NOPE${stamp}`, '生产记录不存在');
  await shot('record-detail-missing');

  // The header's search box with the device's SN typed
  await open(`/productionLog?id=${task.taskId}`, focus.code);
  const search = page.getByRole('textbox', { name: '设备追溯' });
  await search.fill(focus.sn);
  await shot('header-search');

  // Its whole life: six results, the failing one opened
  await search.press('Enter');
  await page.getByRole('region', { name: `设备 ${focus.code}` }).waitFor();
  await page.getByLabel('整机终检 第1次').click();
  await page.locator('.ant-collapse-item-active .ant-table').first().waitFor();
  await shot('device-trace');

  // Nothing carries the text
  await search.fill('SN-0000-NONE');
  await search.press('Enter');
  await page.getByText('未找到该设备').waitFor();
  await shot('device-trace-none');
} finally {
  await browser.close();
  for (const { client } of stations.values()) await client.logout();
}
