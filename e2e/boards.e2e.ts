import { BOARD_ENDPOINTS, DATA_CENTER_ENDPOINTS } from '@factory/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codesReader,
  type ConsoleApi,
  GATEWAY,
  seedFactory,
  type SeededTask,
  type Simulation,
  singleTaskPlan,
  startSimulation,
  type StationLogin,
} from '../packages/simulator/src/index.js';
import { adminApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { signInAsAdmin } from './support/ui.js';

const MODEL = 'GW_BOARD_E2E';

let server: RunningServer;
let browser: Browser;
let task: SeededTask;
let api: ConsoleApi;
let simulation: Simulation | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA: 'off' }), launchBrowser()]);
  api = await adminApi(server.url);
  const plan = singleTaskPlan({ ...GATEWAY, number: MODEL, code: 'GWBOARDE2E' }, { units: 400, stations: 4, operatorCount: 2 });
  task = (await seedFactory(api, server.url, plan)).tasks[0]!;
});
afterAll(async () => {
  simulation?.abort();
  await browser?.close();
  await server?.stop();
});

/** The board's 已生产 figure as a number (the slide may be faded out; its text is still there). */
async function produced(page: Page): Promise<number> {
  const value = page.locator('dl[aria-label="生产数据"] .board-figure').filter({ hasText: '已生产' }).locator('.board-figure__value');
  return Number((await value.textContent())?.replace(/\D/g, '') || 'NaN');
}

const run = (stations: StationLogin[]) =>
  startSimulation({
    baseUrl: server.url,
    stations,
    rate: 0,
    failureRate: 0.1,
    repairDelayMs: 100,
    codesOf: codesReader(api),
    randomSeed: 3,
    backoffMs: 50,
    maxBackoffMs: 500,
  });

describe('the task board and the dashboard move with the stations', () => {
  it("shows the board's produced count rising while the simulator runs, without a reload", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await signInAsAdmin(page);
    const twice = (text: string) => encodeURIComponent(encodeURIComponent(text));
    await page.goto(`/dataWatch?id=${task.taskId}&productNumber=${twice(MODEL)}&productionLineName=${twice('测试产线')}`);
    await expect.poll(() => produced(page), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.getByText(MODEL).first().isVisible()).toBe(true);
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { boardMark: number }).boardMark = 7));

    simulation = await run(task.stations);
    // Live (server-sent events): well within the board's 10 s poll.
    await expect.poll(() => produced(page), { timeout: 8000 }).toBeGreaterThan(0);
    const first = await produced(page);
    await expect.poll(() => produced(page), { timeout: 8000 }).toBeGreaterThan(first);
    await simulation.stop();
    simulation = undefined;
    expect(await page.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(7);

    // Once the stations stop, the board settles on what the server counts.
    const schedule = await api(BOARD_ENDPOINTS.boardSchedule, { taskId: task.taskId });
    await expect.poll(() => produced(page), { timeout: 12_000 }).toBe(schedule.productedCount);

    // The dashboard's today counter shows the same units, four digits at least.
    await page.goto('/dataCenter');
    const today = await api(DATA_CENTER_ENDPOINTS.dataCenterRealTimeInput);
    expect(today.producedProductToday).toBe(schedule.productedCount);
    const digits = String(today.producedProductToday).padStart(4, '0');
    await expect.poll(() => page.getByText('今日已生产').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await page.locator('body').textContent())?.replace(/\s/g, '').includes(digits.split('').join('')), {
      timeout: 10_000,
    }).toBe(true);
    await context.close();
  }, 90_000);
});

/**
 * Texts in `selector` that do not fit: a cell or value wider than its box, or one text
 * wrapped onto a second line (the task list's dates and models, the dashboard's
 * figures). Each text node's line boxes are counted, so a date and a time set on two
 * lines on purpose (two elements) still pass.
 */
async function textsThatDoNotFit(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((query) => {
    const misfits: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(query))) {
      if (element.scrollWidth > element.clientWidth + 1) misfits.push(`overflows: ${element.textContent ?? ''}`);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lineTops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        if (lineTops.size > 1) misfits.push(`wraps: ${node.textContent}`);
      }
    }
    return misfits;
  }, selector);
}

describe('the task list and the dashboard at the screens the factory uses (issue 13)', () => {
  it.each([
    [1366, 768],
    [1440, 900],
    [1920, 1080],
  ])('fits every date, model and figure at %i×%i', async (width, height) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width, height } });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/productionCenter');
    await expect.poll(() => page.getByText(MODEL).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await textsThatDoNotFit(page, '.ant-table-thead th, .ant-table-tbody td:not(:last-child)')).toEqual([]);

    await page.goto('/dataCenter');
    await expect.poll(() => page.getByText('计划总量').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.locator('.dc-figure__value').count()).toBeGreaterThan(10);
    expect(await textsThatDoNotFit(page, '.dc-figure__value, .dc-figure__label')).toEqual([]);
    await context.close();
  }, 60_000);
});
