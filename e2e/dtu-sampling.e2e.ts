import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DTU_ENDPOINTS,
  DTU_SUBMISSION_ENDPOINTS,
  DTU_SUBMISSION_MSG,
  DTU_TASK_ENDPOINTS,
  dtuReportTopic,
  FITTING_ENDPOINTS,
  REPORT_ORGANISATION,
} from '@factory/contracts';
import ExcelJS from 'exceljs';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCESSORIES, DEMO_DTU_TESTING, type DtuTestingPlan, seedAccessories, seedDtuTesting, startDtuTesting } from '../packages/simulator/src/index.js';
import { type ConsoleApi, pageApi, seedPad } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { fieldError, message, panel, pathOf, pickOption, settledScreenshot, signInAsAdmin } from './support/ui.js';

/*
 * Issue 18 end to end: units tested by the simulated benches are submitted as a batch
 * in the console, its device list exported, sampling configured in the dialog, two
 * samples tested at a sampling PAD in the station app while the units report over
 * MQTT, then the batch's inspection report opened, printed to PDF by Chromium (read
 * back with poppler) and downloaded as .xlsx.
 */

const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dtu-sampling-e2e-'));

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ConsoleApi;
let dtuId: number;
let partsId: number;
let taskId: number;
let taskName: string;
let batchId: number;
let batchNo: string;
let lineId: number;

/** The demo's DTU testing, small and without Excel rows. */
const plan: DtuTestingPlan = {
  ...DEMO_DTU_TESTING,
  aimLineNum: 'NONE',
  tasks: DEMO_DTU_TESTING.tasks.map((task) => ({ ...task, productionNumber: 40, excelRows: 0 })),
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA: 'off' }), launchBrowser()]);
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A screenshot of the settled page, kept in docs/screenshots. */
const shot = (target: Page, name: string, options: { fullPage?: boolean } = {}) => settledScreenshot(target, path.join(SCREENSHOTS, name), options);

const taskQuery = () => `taskId=${taskId}&dtuId=${dtuId}&partsId=${partsId}&partsType=1&dtuNumber=HR4GDTU01&taskType=normal`;

/** The rows of a downloaded workbook's sheet, as arrays of cell texts. */
async function sheetRows(file: string, sheetName: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet(sheetName);
  expect(sheet, `sheet ${sheetName}`).toBeTruthy();
  const rows: string[][] = [];
  sheet!.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

/** Clicks something that downloads a file and answers where it was saved, and its name. */
async function download(target: Page, click: () => Promise<void>): Promise<{ file: string; name: string }> {
  const [file] = await Promise.all([target.waitForEvent('download', { timeout: 20_000 }), click()]);
  const saved = path.join(work, file.suggestedFilename());
  await file.saveAs(saved);
  return { file: saved, name: file.suggestedFilename() };
}

describe('DTU batches: submitted, sampled at a station, reported', () => {
  it('submits the units the benches tested as one batch from the task list', { timeout: 120_000 }, async () => {
    await signInAsAdmin(page);
    api = await pageApi(page);
    await seedAccessories(api, DEMO_ACCESSORIES);
    partsId = (await api(FITTING_ENDPOINTS.fittingList, { fittingType: 1 })).list[0]!.id;
    dtuId = (await api(DTU_ENDPOINTS.dtuList, { fittingId: partsId })).list.find((dtu) => dtu.communicationType === 'THREE_2_ONE')!.id;
    const seeded = await seedDtuTesting(api, server.url, plan);
    const cellular = seeded.tasks.find((task) => !task.reworkTask && task.dtuType === 'HR4GDTU01')!;
    taskId = cellular.taskId;
    const run = await startDtuTesting({
      baseUrl: server.url,
      mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
      benches: seeded.benches.filter((bench) => bench.taskId === taskId),
      rate: 0,
      failureRate: 0.2,
      rescanRate: 0,
      randomSeed: 18,
      serialStart: 700,
      log: () => undefined,
    });
    try {
      await expect.poll(() => run.stats.tested, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(8);
    } finally {
      await run.stop();
    }
    expect(run.stats.unexpected).toBe(0);
    const detail = await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId });
    taskName = detail.fittingType;
    lineId = detail.productLineId;
    const before = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordList, { taskId });
    // before the first 提交 the task's submission and sampling pages are empty, and say so
    expect(before.total).toBe(0);
    for (const [address, name] of [['/submitRecord', 'submit-record-empty.png'], ['/checkTask', 'check-task-empty.png']] as const) {
      await page.goto(`${address}?${taskQuery()}`);
      await expect.poll(() => page.getByText(taskName).first().isVisible(), { timeout: 10_000 }).toBe(true);
      // the table's empty state (the picture above it carries the same words as its title)
      await expect.poll(() => page.locator('.ant-empty-description').filter({ hasText: '暂无数据' }).isVisible(), { timeout: 10_000 }).toBe(true);
      await shot(page, name);
    }

    await page.goto(`/dtuTask?dtuId=${dtuId}&partsId=${partsId}&partsType=1&dtuNumber=HR4GDTU01&isAdd=no`);
    const row = page.getByRole('row').filter({ hasText: taskName });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByText('更多').click();
    await page.getByRole('menuitem', { name: '提交', exact: true }).click();
    await page.getByRole('dialog').filter({ hasText: '提示' }).getByRole('button', { name: '确定' }).click();
    await expect.poll(() => message(page, '该DTU任务已提交').isVisible(), { timeout: 10_000 }).toBe(true);

    const after = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordList, { taskId });
    expect(after.total).toBe(before.total + 1);
    const batch = after.list[0]!;
    // every unit judged when the benches stopped, production records only
    const records = await api(DTU_TASK_ENDPOINTS.dtuTaskCheckinfoList, { taskId, manageStatus: 'SUBMIT', pageSize: 0 });
    expect(batch.submitNumber).toBe(records.total);
    expect(batch.submitNumber).toBeGreaterThanOrEqual(8);
    batchId = batch.id;
    batchNo = batch.batchNo;
  });

  it('lists the batch on /submitRecord, exports its devices as .xlsx and shows them on /submitRecordDetail', { timeout: 60_000 }, async () => {
    await page.goto(`/submitRecord?${taskQuery()}`);
    const row = page.getByRole('row').filter({ hasText: batchNo });
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'submit-record.png');

    await row.getByRole('button', { name: '导出' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: DTU_SUBMISSION_MSG.exportBatchConfirm });
    const { file, name } = await download(page, () => confirm.getByRole('button', { name: '确定' }).click());
    expect(name).toBe(`${taskName}_批次${batchNo}_设备列表.xlsx`);
    const rows = await sheetRows(file, '设备列表');
    const units = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordDetailList, { batchId, pageSize: 0 });
    expect(rows.length).toBe(units.total + 1);
    expect(rows[0]!.slice(0, 3)).toEqual(['序号', 'IMEI', 'MAC']);
    expect(rows.slice(1).map((cells) => cells[1]).sort()).toEqual(units.list.map((unit) => unit.imei).sort());

    await row.getByRole('link', { name: `批次${batchNo}的设备` }).click();
    await expect.poll(() => pathOf(page)).toBe('/submitRecordDetail');
    await expect.poll(() => page.getByText(units.list[0]!.imei).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'submit-record-detail.png');
  });

  it('configures sampling in the dialog: a line, a sampling PAD and the quantity', { timeout: 60_000 }, async () => {
    await seedPad(api, 'E2E-CHECK-01', '抽检工位', lineId);
    await page.goto(`/checkTask?${taskQuery()}`);
    const configure = page.getByRole('button', { name: '配置抽检任务' });
    await expect.poll(() => configure.isEnabled(), { timeout: 10_000 }).toBe(true);
    await configure.click();
    const dialog = panel(page, '配置抽检任务');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => fieldError(dialog, DTU_SUBMISSION_MSG.lineRequired).isVisible()).toBe(true);
    await pickOption(page, dialog, '抽检产线', '配件检测线');
    await pickOption(page, dialog, '终端', 'E2E-CHECK-01');
    await page.keyboard.press('Escape');
    await dialog.getByLabel('抽检数量').fill('2');
    await expect.poll(() => dialog.getByLabel('建议抽样方案').isVisible()).toBe(true);
    await shot(page, 'check-task-dialog.png');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => message(page, DTU_SUBMISSION_MSG.bound).isVisible(), { timeout: 10_000 }).toBe(true);
    const config = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoCheckDetail, { taskId });
    expect(config).toMatchObject({ productLineId: lineId, productionNumber: 2, canCheck: true });
    expect(config.pads.map((pad) => pad.code)).toEqual(['E2E-CHECK-01']);
  });

  it('samples two units of the batch at the sampling PAD while they report over MQTT; the batch is accepted', { timeout: 120_000 }, async () => {
    const units = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordDetailList, { batchId, pageSize: 0 });
    const passed = units.list.filter((unit) => unit.testStatus === 'PASS').slice(0, 2);
    expect(passed).toHaveLength(2);
    const { testFirmwareVersion } = await api(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId });

    const station = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 }, hasTouch: true });
    const pad = await station.newPage();
    pad.setDefaultTimeout(10_000);
    await pad.goto('/station');
    await pad.getByLabel('终端编号').fill('E2E-CHECK-01');
    await pad.getByLabel('用户名').fill('peijian@admin');
    await pad.getByLabel('密码').fill('Station123');
    await pad.getByRole('button', { name: '登录' }).click();
    const batchButton = pad.getByRole('region', { name: '抽检批次' }).getByRole('button').filter({ hasText: batchNo });
    await expect.poll(() => batchButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(pad, 'station-sampling-batches.png');
    await batchButton.click();

    const broker = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`);
    try {
      for (const [index, unit] of passed.entries()) {
        await pad.keyboard.type(unit.imei);
        await pad.keyboard.press('Enter');
        await expect.poll(() => pad.getByText(unit.imei).first().isVisible(), { timeout: 10_000 }).toBe(true);
        const report = {
          IMEI: unit.imei,
          ICCID: `8986${unit.imei.slice(-15)}${index}`.slice(0, 20),
          IMSI: `46000${unit.imei.slice(-10)}`,
          CSQ: 26,
          VERSION: testFirmwareVersion,
          VOLTAGE: 3.8,
          MAC: unit.mac || `C8:47:8C:00:10:0${index}`,
        };
        await broker.publishAsync(dtuReportTopic(unit.imei), JSON.stringify(report), { qos: 1 });
        await expect.poll(() => pad.getByText('26', { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
        // the other checks (each with a measured value), then the key tests
        const others = pad.getByRole('region', { name: '其他检测' });
        for (const input of await others.getByRole('textbox').all()) await input.fill('符合');
        for (const button of await others.getByRole('button', { name: '合格', exact: true }).all()) await button.click();
        for (const button of await pad.getByRole('button', { name: '合格', exact: true }).all()) {
          if (!(await button.evaluate((node) => node.getAttribute('aria-pressed') === 'true'))) await button.click();
        }
        if (index === 0) await shot(pad, 'station-sampling.png');
        await pad.getByRole('button', { name: '提交' }).click();
        await expect.poll(() => pad.getByRole('alertdialog').isVisible(), { timeout: 10_000 }).toBe(true);
        if (index === 1) await shot(pad, 'station-sampling-verdict.png');
        await expect.poll(() => pad.getByRole('alertdialog').isVisible(), { timeout: 15_000 }).toBe(false);
      }
    } finally {
      await broker.endAsync();
      await station.close();
    }

    const batches = await api(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoGroupList, { taskId });
    expect(batches.list.find((batch) => batch.id === batchId)).toMatchObject({ checkCount: 2, defectCount: 0, sampleSize: 2, verdict: 'ACCEPT' });
  });

  it('shows the sampled batch on /checkTask and its samples, with the other checks, on the watch page', { timeout: 60_000 }, async () => {
    await page.goto(`/checkTask?${taskQuery()}`);
    const row = page.getByRole('row').filter({ hasText: batchNo });
    await expect.poll(() => row.getByText('合格').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'check-task.png');
    await row.getByRole('button', { name: '查看' }).or(row.getByRole('link', { name: '查看' })).first().click();
    await expect.poll(() => pathOf(page)).toBe('/dtuTaskWatch');
    expect(new URL(page.url()).searchParams.get('check')).toBe('Y');
    const samples = page.getByRole('row').filter({ hasText: '成功' });
    await expect.poll(() => samples.count(), { timeout: 10_000 }).toBe(2);
    await shot(page, 'dtu-task-watch-sampling.png');
    await samples.first().getByRole('link', { name: '详情' }).or(samples.first().getByRole('button', { name: '详情' })).first().click();
    await expect.poll(() => pathOf(page)).toBe('/dtuTaskWatchDetail');
    await expect.poll(() => page.getByText('其他检测').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'dtu-task-watch-sample-detail.png');
  });

  it('opens the inspection report, prints it to an A4 PDF and downloads its .xlsx', { timeout: 90_000 }, async () => {
    await page.goto(`/checkReport?batchId=${batchId}&${taskQuery()}`);
    const sheet = page.getByRole('article', { name: '检验报告' });
    await expect.poll(() => sheet.getByText(REPORT_ORGANISATION).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => sheet.locator('svg').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'check-report.png', { fullPage: true });

    // 打印 asks the browser to print (recorded here: headless Chromium has no print dialog)
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByRole('button', { name: '打印' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // what the print CSS gives on paper
    await page.emulateMedia({ media: 'print' });
    const pdf = path.join(work, 'report.pdf');
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    for (const expected of ['检验报告', REPORT_ORGANISATION, batchNo, '基本信息', '订单信息', '基本检测', '信号强度', '基本性能']) expect(text).toContain(expected);
    // the console's own header and menu stay off the paper
    expect(text).not.toContain('退出登录');
    execFileSync('pdftoppm', ['-r', '60', '-png', pdf, path.join(work, 'report-page')]);
    const pages = fs.readdirSync(work).filter((name) => name.startsWith('report-page')).sort();
    expect(pages.length).toBeGreaterThanOrEqual(1);
    // A4 portrait, as the print CSS asks
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+59\d(\.\d+)? x 84\d(\.\d+)? pts \(A4\)/);
    fs.copyFileSync(path.join(work, pages[0]!), path.join(SCREENSHOTS, 'check-report-print.png'));

    const { file, name } = await download(page, () => page.getByRole('button', { name: '下载Excel' }).click());
    expect(name).toBe(`HR4GDTU01_检验报告_${batchNo}.xlsx`);
    const rows = await sheetRows(file, '检验报告');
    const cells = rows.flat();
    expect(cells).toContain(REPORT_ORGANISATION);
    expect(cells).toContain(batchNo);
    expect(cells).toContain('合格');
  });

  it('says what is missing: a report opened without its batch, the pages of a task that does not exist', { timeout: 60_000 }, async () => {
    await page.goto(`/checkReport?${taskQuery()}`);
    await expect.poll(() => page.getByText('未指定提交批次', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'check-report-no-batch.png');
    await page.goto(`/checkTask?${taskQuery().replace(`taskId=${taskId}`, 'taskId=987654')}`);
    await expect.poll(() => page.getByText('DTU任务不存在', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'check-task-missing.png');
    await page.getByRole('button', { name: '返回DTU任务' }).click();
    await expect.poll(() => pathOf(page)).toBe('/dtuTask');
  });
});
