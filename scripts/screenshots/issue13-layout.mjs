// Issue 13 items 9 and 10: the task list, the task detail, the task board and the dashboard at the
// three screen sizes a factory office has (1366x768, 1440x900, 1920x1080), after a demo factory has
// run for a while, so the figures are in the thousands and every flow has failures in the pie.
// Start a fresh server first (CAPTCHA=off, ADMIN_PASSWORD=Admin12345) and pass its address, and,
// when the console is served apart (vite dev), the console's address second:
//   node scripts/screenshots/issue13-layout.mjs http://127.0.0.1:18913 [http://127.0.0.1:18914]
// Saves layout-task-list-<width>.png, layout-task-detail-<width>.png, layout-board-schedule-<width>.png,
// layout-board-problems-<width>.png and layout-data-center-<width>.png into docs/screenshots/ (a prefix
// of their own, so they never overwrite boards.mjs's data-watch-* and data-center-* shots).
import { ENDPOINTS } from '@factory/contracts';
import path from 'node:path';
import { codesReader, consoleLogin, demoPlan, seedFactory, startSimulation } from '../../packages/simulator/dist/index.js';
import { openBrowser, out, signIn } from './harness.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:18913';
const consoleBase = process.argv[3] ?? base;
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';
const runSeconds = Number(process.env.RUN_SECONDS ?? 45);
const SIZES = [
  [1366, 768],
  [1440, 900],
  [1920, 1080],
];

const { api } = await consoleLogin(base, 'admin', password);
const seeded = await seedFactory(api, base, demoPlan({ stations: 10, units: 30000 }));
console.log('seeded tasks', seeded.tasks.map((task) => `#${task.taskId} ${task.productNumber}`).join(', '));

const simulation = await startSimulation({
  baseUrl: base,
  stations: seeded.tasks.flatMap((task) => task.stations),
  rate: 0,
  failureRate: 0.12,
  repairDelayMs: 50,
  codesOf: codesReader(api),
  randomSeed: 13,
});
await new Promise((resolve) => setTimeout(resolve, runSeconds * 1000));
simulation.abort();
console.log('simulated', runSeconds, 's');

const { browser, page } = await openBrowser(consoleBase);
await signIn(page, password);
const shot = async (name) => {
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(out, `${name}.png`) });
  console.log('saved', name);
};

const task = seeded.tasks[0];
const twice = (text) => encodeURIComponent(encodeURIComponent(text));
const detail = await api(ENDPOINTS.taskDetail, { id: task.taskId });
const board = `/dataWatch?id=${task.taskId}&productNumber=${twice(detail.number)}&productionLineName=${twice(detail.productionLineName)}`;

try {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.goto('/productionCenter');
    await page.getByRole('columnheader', { name: '任务编号' }).waitFor();
    await page.getByText(task.productNumber).first().waitFor();
    await shot(`layout-task-list-${width}`);

    await page.goto(`/productionTaskDetail?id=${task.taskId}`);
    await page.getByText('任务编号').first().waitFor();
    await shot(`layout-task-detail-${width}`);

    await page.goto(board);
    await page.locator('.board-top-bar').waitFor();
    await shot(`layout-board-schedule-${width}`);
    // The board turns its slides by itself; wait for 问题分布 (slide 2).
    await page.getByText('问题分布 2/4').waitFor({ timeout: 40_000 });
    await shot(`layout-board-problems-${width}`);

    await page.goto('/dataCenter');
    await page.getByText('计划总量').first().waitFor();
    await shot(`layout-data-center-${width}`);
  }
} finally {
  await browser.close();
}
