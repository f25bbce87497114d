// Screenshots of the task board and the big-screen dashboard into docs/screenshots/:
// data-watch-slide-{1..4}.png and data-center.png at 1920x1080, data-center-1366.png at 1366x768.
// Run it against a server that is already running (CAPTCHA=off) with a task that has results,
// e.g. one the simulator is feeding:
//   ADMIN_PASSWORD=Admin12345 node scripts/screenshots/boards.mjs http://127.0.0.1:18631 8
// Nothing is seeded: the screens show whatever the server answers (a failing call shows 0 / 暂无数据).
import { ENDPOINTS } from '@factory/contracts';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { adminApi, out, signIn } from './harness.mjs';

const [base, taskId] = process.argv.slice(2);
if (!base || !/^\d+$/.test(taskId ?? '')) {
  console.error('usage: node scripts/screenshots/boards.mjs <server url> <task id>');
  process.exit(2);
}
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';
const SLIDES = ['生产进度', '问题分布', '一次通过率曲线', '一次通过率总览'];

// A screen at the factory runs in the factory's zone, as the server's times (the curve's hours) are.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({
  baseURL: base,
  locale: 'zh-CN',
  timezoneId: process.env.TZ ?? 'Asia/Shanghai',
  viewport: { width: 1920, height: 1080 },
});
const page = await context.newPage();
page.on('pageerror', (error) => console.error('page error:', error.message));
const shot = async (name) => {
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(out, `${name}.png`) });
  console.log('saved', name);
};

try {
  await signIn(page, password);
  const { api } = await adminApi(base, password);

  // The board's address as the task list builds it: model and line names encoded twice.
  let number = '';
  let lineName = '';
  try {
    const task = await api(ENDPOINTS.taskDetail, { id: Number(taskId) });
    number = task.number;
    lineName = task.productionLineName;
  } catch (error) {
    console.warn(`task ${taskId} not found (${error.message}); the board shows no names`);
  }
  const twice = (text) => encodeURIComponent(encodeURIComponent(text));
  await page.goto(`/dataWatch?id=${taskId}&productNumber=${twice(number)}&productionLineName=${twice(lineName)}`);

  // The carousel turns by itself every 10 s: each slide is taken once its caption shows and
  // its fade and the charts' entry animation are over, well before the next turn.
  for (const [index, title] of SLIDES.entries()) {
    await page.getByText(`${title} ${index + 1}/${SLIDES.length}`).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(index === 0 ? 1500 : 600);
    await shot(`data-watch-slide-${index + 1}`);
  }

  await page.goto('/dataCenter');
  await page.getByRole('heading', { name: '数据中心' }).waitFor();
  await page.getByRole('group', { name: '今日已生产' }).waitFor();
  await page.waitForTimeout(2000);
  await shot('data-center');

  await page.setViewportSize({ width: 1366, height: 768 });
  // the charts follow their panels' new size
  await page.waitForTimeout(1000);
  await shot('data-center-1366');
} finally {
  await browser.close();
}
