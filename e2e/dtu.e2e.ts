import path from 'node:path';
import { DTU_ENDPOINTS, DTU_TASK_ENDPOINTS, DTU_TASK_MSG, FITTING_ENDPOINTS, dtuReportTopic } from '@factory/contracts';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCESSORIES, DEMO_DTU_TESTING, type DtuTestingPlan, imeiOf, seedAccessories, seedDtuTesting, startDtuTesting } from '../packages/simulator/src/index.js';
import { type ConsoleApi, pageApi, seedPad } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { message, panel, pathOf, pickOption, settledScreenshot, signInAsAdmin } from './support/ui.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ConsoleApi;
/** the cellular DTU model of the demo's part, and the task the panel makes for it */
let dtuId: number;
let partsId: number;
let taskId: number;

/** The demo's DTU testing, small: no Excel (the new task below has none either), a few units. */
const plan: DtuTestingPlan = {
  ...DEMO_DTU_TESTING,
  aimLineNum: 'NONE',
  tasks: DEMO_DTU_TESTING.tasks.map((task) => ({ ...task, productionNumber: 40, excelRows: task.excelRows > 0 ? 60 : 0 })),
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA: 'off' }), launchBrowser()]);
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A screenshot of the settled page, kept in docs/screenshots. */
const shot = (target: Page, name: string) => settledScreenshot(target, path.join(SCREENSHOTS, name));

const taskQuery = () => `taskId=${taskId}&dtuId=${dtuId}&partsId=${partsId}&partsType=1&dtuNumber=${encodeURIComponent('HR4GDTU01')}`;

describe('DTU testing: a task made in the console, units tested by PADs while the DTUs report over MQTT', () => {
  it('makes a DTU task in the panel the new-task link opens', { timeout: 90_000 }, async () => {
    await signInAsAdmin(page);
    api = await pageApi(page);
    await seedAccessories(api, DEMO_ACCESSORIES);
    partsId = (await api(FITTING_ENDPOINTS.fittingList, { fittingType: 1 })).list[0]!.id;
    const dtus = await api(DTU_ENDPOINTS.dtuList, { fittingId: partsId });
    dtuId = dtus.list.find((dtu) => dtu.communicationType === 'THREE_2_ONE')!.id;
    // the demo's line, PADs and testers (and its own three tasks, which take their PADs)
    const demo = await seedDtuTesting(api, server.url, plan);
    const { productLineId } = await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId: demo.tasks[0]!.taskId });
    await seedPad(api, 'E2E-DTU-01', '端到端工位', productLineId);

    await page.goto(`/dtuTask?dtuId=${dtuId}&partsId=${partsId}&partsType=1&dtuNumber=HR4GDTU01&isAdd=yes`);
    const drawer = panel(page, '新增DTU任务');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => drawer.getByText(DTU_TASK_MSG.nameRequired).isVisible()).toBe(true);
    await drawer.getByLabel('任务名称').fill('端到端DTU任务');
    await pickOption(page, drawer, '生产检测', '配件检测线');
    await pickOption(page, drawer, '目标客户', '配件检测线');
    await pickOption(page, drawer, '终端', 'E2E-DTU-01');
    await page.keyboard.press('Escape');
    await drawer.getByLabel('交货日期').click();
    await page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').click();
    await drawer.getByLabel('生产总量').fill('20');
    await drawer.getByLabel('固件版本').fill('1.2.0');
    await shot(page, 'dtu-task-form.png');
    await drawer.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => message(page, DTU_TASK_MSG.added).isVisible(), { timeout: 5000 }).toBe(true);
    const tasks = await api(DTU_TASK_ENDPOINTS.dtuTaskList, { dtuId, reworkTask: false, fittingType: '端到端DTU任务' });
    expect(tasks.list).toHaveLength(1);
    expect(tasks.list[0]).toMatchObject({ status: 'UNSTART', productionNumber: 20, testFirmwareVersion: '1.2.0' });
    expect(tasks.list[0]!.pads.map((pad) => pad.code)).toEqual(['E2E-DTU-01']);
    taskId = tasks.list[0]!.id;
    await expect.poll(() => page.getByRole('row').filter({ hasText: '端到端DTU任务' }).isVisible()).toBe(true);
  });

  it('tests units at the PAD in the station app while the unit reports over MQTT', { timeout: 90_000 }, async () => {
    const station = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 }, hasTouch: true });
    const pad = await station.newPage();
    await pad.goto('/station');
    await pad.getByLabel('终端编号').fill('E2E-DTU-01');
    await pad.getByLabel('用户名').fill('peijian@admin');
    await pad.getByLabel('密码').fill('Station123');
    await pad.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => pad.getByText('端到端DTU任务').first().isVisible(), { timeout: 15_000 }).toBe(true);

    // the unit boots and reports itself before it is scanned; the report joins its test at the scan
    const imei = imeiOf(900_001);
    const broker = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`);
    try {
      const report = { IMEI: imei, ICCID: '89860419220000000017', IMSI: '460001234567890', CSQ: 24, VERSION: '1.2.0', VOLTAGE: 3.8, MAC: 'C8:47:8C:00:00:01' };
      await broker.publishAsync(dtuReportTopic(imei), JSON.stringify(report), { qos: 1 });
      await pad.keyboard.type(imei);
      await pad.keyboard.press('Enter');
      await expect.poll(() => pad.getByText(imei).first().isVisible(), { timeout: 10_000 }).toBe(true);
      await broker.publishAsync(dtuReportTopic(imei), JSON.stringify({ CSQ: 25 }), { qos: 1 });
      await expect.poll(() => pad.getByText('25', { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    } finally {
      await broker.endAsync();
    }
    await shot(pad, 'station-parts-check.png');
    for (const button of await pad.getByRole('button', { name: '合格', exact: true }).all()) await button.click();
    await pad.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => pad.getByRole('alertdialog').isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(pad, 'station-parts-check-verdict.png');
    await station.close();

    const records = await api(DTU_TASK_ENDPOINTS.dtuTaskCheckinfoList, { taskId });
    expect(records.list).toHaveLength(1);
    expect(records.list[0]).toMatchObject({ imei, serverVerified: true });
  });

  it('has the simulated benches test units of the demo tasks over MQTT and HTTP', { timeout: 60_000 }, async () => {
    const seeded = await seedDtuTesting(api, server.url, plan);
    const run = await startDtuTesting({
      baseUrl: server.url,
      mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
      benches: seeded.benches,
      rate: 0,
      failureRate: 0.2,
      rescanRate: 0,
      randomSeed: 7,
      serialStart: 500,
      log: () => undefined,
    });
    try {
      await expect.poll(() => run.stats.tested, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(12);
    } finally {
      await run.stop();
    }
    expect(run.stats.unexpected).toBe(0);
    const cellular = seeded.tasks.find((task) => !task.reworkTask && task.dtuType === 'HR4GDTU01')!;
    const detail = await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId: cellular.taskId });
    expect(detail.status).toBe('START');
    expect(detail.testedNumber).toBeGreaterThan(0);
  });

  it('shows the task list, the progress page with the tested unit, its detail, the board and the check log', { timeout: 90_000 }, async () => {
    await page.goto(`/dtuTask?dtuId=${dtuId}&partsId=${partsId}&partsType=1&dtuNumber=HR4GDTU01&isAdd=no`);
    await expect.poll(() => page.getByRole('row').filter({ hasText: '端到端DTU任务' }).isVisible()).toBe(true);
    await shot(page, 'dtu-task-list.png');

    await page.goto(`/dtuTaskWatch?${taskQuery()}&taskType=normal&check=N`);
    const row = page.getByRole('row').filter({ hasText: '成功' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'dtu-task-watch.png');
    await row.getByRole('link', { name: '详情' }).or(row.getByRole('button', { name: '详情' })).first().click();
    await expect.poll(() => pathOf(page)).toBe('/dtuTaskWatchDetail');
    await expect.poll(() => page.getByText('自动检测').first().isVisible()).toBe(true);
    await shot(page, 'dtu-task-watch-detail.png');

    await page.goto(`/dtuTaskDataWatch?${taskQuery()}&taskType=normal`);
    await expect.poll(() => page.getByText('0,001').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await shot(page, 'dtu-task-data-watch.png');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(`/checkLog?${taskQuery()}&taskType=normal`);
    await expect.poll(() => page.getByText('"CSQ": 25').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'dtu-check-log.png');
  });
});
