import { MSG, PATHS } from '@factory/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPdf } from '../packages/server/test/factories/files.js';
import { GATEWAY, seedFactory, type SeededTask, singleTaskPlan } from '../packages/simulator/src/index.js';
import { ROUTES } from '../packages/web/src/app/route-table.js';
import { adminApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { watchCsp } from './support/csp.js';
import { type RunningServer, startServer } from './support/server.js';
import { message, signInAsAdmin } from './support/ui.js';

// Issue 12, findings 5 and 8: every page runs under the server's Content-Security-Policy
// (platform/security-headers.ts) without a single violation, and no url the browser asks
// for carries the session token (live events open with one-use tickets).

const MODEL = 'GW_CSP_E2E';

let server: RunningServer;
let browser: Browser;
let task: SeededTask;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA: 'off' }), launchBrowser()]);
  const api = await adminApi(server.url);
  const plan = singleTaskPlan({ ...GATEWAY, number: MODEL, code: 'GWCSPE2E' }, { units: 10, stations: 1, padPrefix: 'CSP' });
  task = (await seedFactory(api, server.url, plan)).tasks[0]!;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newContext(): Promise<{ context: BrowserContext; page: Page; violations: string[]; urls: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const violations = await watchCsp(context);
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return { context, page, violations, urls };
}

/** Opens a console page and waits until its own title is up (the page's chunk loaded and rendered). */
async function open(page: Page, url: string, title: string): Promise<void> {
  await page.goto(url);
  await expect.poll(() => page.title(), { timeout: 10_000 }).toContain(title);
}

/** Moves the mouse over the middle of every chart on the page, so ECharts draws its tooltips. */
async function hoverCharts(page: Page): Promise<void> {
  for (const canvas of await page.locator('canvas').all()) {
    if (await canvas.isVisible()) await canvas.hover();
  }
}

describe('pages under the Content-Security-Policy', () => {
  it('runs every console page, its dialogs, charts, live events and PDF viewer without a violation', async () => {
    const { context, page, violations, urls } = await newContext();
    await signInAsAdmin(page);
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('factory-console-session') ?? '{}').state?.token as string);
    expect(token).toBeTruthy();

    for (const route of ROUTES) {
      if (route.public || route.path.includes(':')) continue;
      await open(page, route.path, route.title);
    }

    // antd's dialogs, form errors and dropdowns write their styles when they first appear.
    await open(page, '/productionLine', '产线管理');
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await open(page, '/account', '用户列表');
    await page.locator('.ant-select').first().click();
    await expect.poll(() => page.locator('.ant-select-dropdown').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // The dashboard and the board: ECharts, their tooltips, and the live-event streams.
    await open(page, '/dataCenter', '数据中心');
    await expect.poll(() => urls.some((url) => url.includes(`${PATHS.dataCenterEvents}?ticket=`))).toBe(true);
    await hoverCharts(page);
    const twice = (text: string) => encodeURIComponent(encodeURIComponent(text));
    await open(page, `/dataWatch?id=${task.taskId}&productNumber=${twice(MODEL)}&productionLineName=${twice('测试产线')}`, '数据看板');
    await expect.poll(() => urls.some((url) => url.includes(`${PATHS.boardEvents}?taskId=${task.taskId}&ticket=`))).toBe(true);
    await hoverCharts(page);

    // A stored PDF in the document viewer's frame: the file answers with frame-ancestors 'self'.
    await open(page, '/userDoc', '用户文档');
    await page.locator('input[type=file]').setInputFiles({ name: '安全手册.pdf', mimeType: 'application/pdf', buffer: tinyPdf('CSP manual') });
    await expect.poll(() => message(page, MSG.documentUploaded).isVisible()).toBe(true);
    const frame = page.locator('iframe');
    await expect.poll(async () => (await frame.getAttribute('src')) ?? '').toMatch(/^\/api\/file\/[\w-]+$/);
    const fileUrl = new URL((await frame.getAttribute('src'))!, server.url).href;
    await expect.poll(() => page.frames().some((child) => child.url() === fileUrl), { timeout: 5000 }).toBe(true);

    expect(violations, violations.join('\n')).toEqual([]);
    expect(urls.filter((url) => url.includes(token)), 'the session token is in no url').toEqual([]);

    // The watch sees what the policy refuses: a page of the console framed by the console.
    await page.evaluate(() => {
      const framed = document.createElement('iframe');
      framed.src = '/login';
      document.body.append(framed);
    });
    await expect.poll(() => violations.join('\n'), { timeout: 5000 }).toContain("frame-ancestors 'none'");
    await context.close();
  }, 120_000);

  it('runs the station app with its work instruction, and the API documentation, without a violation', async () => {
    const { context, page, violations } = await newContext();
    const station = task.stations[0]!;
    await page.goto('/station');
    await page.getByLabel('终端编号').fill(station.terminalCode);
    await page.getByLabel('用户名').fill(station.username);
    await page.getByLabel('密码').fill(station.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByLabel('扫码').waitFor();
    await page.getByRole('button', { name: '作业指导书' }).click();
    const instruction = page.getByRole('dialog', { name: '作业指导书' }).locator('iframe');
    await expect.poll(async () => (await instruction.getAttribute('src')) ?? '').toMatch(/^\/api\/file\/[\w-]+$/);
    const fileUrl = new URL((await instruction.getAttribute('src'))!, server.url).href;
    await expect.poll(() => page.frames().some((child) => child.url() === fileUrl), { timeout: 5000 }).toBe(true);

    await page.goto(`${PATHS.docs}/`);
    await expect.poll(() => page.locator('.swagger-ui .opblock').count(), { timeout: 10_000 }).toBeGreaterThan(5);
    // Past some 130 operations Swagger UI renders them as they scroll into view: scroll to the one wanted.
    const ticket = page.locator('.opblock-summary').filter({ hasText: PATHS.dataCenterEventsTicket }).first();
    await expect
      .poll(
        async () => {
          if ((await ticket.count()) > 0) return true;
          await page.mouse.wheel(0, 4000);
          return false;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await ticket.click();
    await expect.poll(() => page.locator('.opblock.is-open').count()).toBe(1);

    expect(violations, violations.join('\n')).toEqual([]);
    await context.close();
  }, 60_000);
});
