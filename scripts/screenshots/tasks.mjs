// Screenshots of 产线检测 (/productionCenter), 任务详情 (/productionTaskDetail) and the
// print view (/print) into docs/screenshots/. Start a fresh server first (CAPTCHA=off,
// ADMIN_PASSWORD=Admin12345) on a SQLite file and pass its address and that file:
//   node scripts/screenshots/tasks.mjs http://127.0.0.1:18481 /tmp/tasks-shots.db
// Lines, PADs, published products and tasks in every status are made through the API as
// admin. Two things no API call can make yet (the station API is issue 6) are written to
// the database: workers signed in at two terminals, and the progress counters.
/* global window, document -- the functions handed to the page run in the browser */
import Database from 'better-sqlite3';
import { ENDPOINTS } from '@factory/contracts';
import { adminApi, dayFromToday, openBrowser, seedFlowProduct, seedLines, signIn } from './harness.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:18481';
const databaseFile = process.argv[3];
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';

const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const day = dayFromToday;

const seedTaskLines = (api) =>
  seedLines(api, [
    ['总装一线', `ZZ_01_${stamp}`],
    ['总装二线', `ZZ_02_${stamp}`],
  ]);

/** `count` PADs on a line, named `<prefix>1号`… with codes `<code>-…`; answers their ids. */
async function seedPads(api, lineId, prefix, code, count) {
  const categories = Object.entries(await api(ENDPOINTS.terminalCategory, { terminalType: 'PAD' }));
  const categoryId = Number(categories[0][0]);
  for (let index = 1; index <= count; index++) {
    await api(ENDPOINTS.terminalAdd, { terminalCode: `${code}-${stamp}-${index}`, terminalName: `${prefix}${index}号`, terminalType: 'PAD', categoryId, lineId });
  }
  const pads = await api(ENDPOINTS.padList, { lineIds: lineId });
  return pads.filter((pad) => pad.name.startsWith(prefix)).map((pad) => pad.id);
}

async function seedProduct(api, typeName, number, flows) {
  const productId = await seedFlowProduct(api, {
    typeName,
    number: `${number}_${stamp}`,
    code: `${number}_C_${stamp}`,
    flows,
    description: '产线检测截图用产品',
  });
  const product = await api(ENDPOINTS.productDetail, { id: productId });
  return { productId, productTypeId: product.productTypeId, number: product.number };
}

/** A task of the product on the lines; with pads, one or more per flow in order (NEW → UNSTART). */
async function seedTask(api, product, lineIds, count, expire, padGroups = null) {
  const taskId = await api(ENDPOINTS.taskCreate, { ...product, productionLineIds: lineIds, productionCount: count, expireTime: expire });
  if (padGroups) {
    const data = await api(ENDPOINTS.taskEditData, { taskId });
    const flowId2PadId = data.flowPads.map((flowPad, index) => ({ flowId: flowPad.flow.id, padIdList: padGroups[index] }));
    await api(ENDPOINTS.padSet, { taskId, flowId2PadId });
  }
  return taskId;
}

/** A row action of the task list (ENDPOINTS.taskStart, taskStop, taskFinish) on the task. */
const act = (endpoint, id) => api(endpoint, { id });

const { browser, page, shot, open } = await openBrowser(base);
await signIn(page, password);
const { api } = await adminApi(base, password);

// No task yet
await open('/productionCenter', '暂无任务');
await shot('task-list-empty');

// Lines, terminals, products and one task per status
const lines = await seedTaskLines(api);
const one = lines['总装一线'];
const two = lines['总装二线'];
const bigPads = await seedPads(api, one, '一线工位', 'PAD-A', 8);
const smallPads = await seedPads(api, two, '二线工位', 'PAD-B', 6);

const big = await seedProduct(api, '智能网关', 'GW_100', ['上电检测', '通信检测', '按键检测', '指示灯检测', '老化测试', '整机终检']);
const meter = await seedProduct(api, '智能插座', 'SP_220', ['功率校准', '整机终检']);
const plug = await seedProduct(api, '智能网关', 'GW_MINI', ['上电检测', '整机终检']);
const hub = await seedProduct(api, '智能网关', 'GW_HUB', ['上电检测', '整机终检']);
const draft = await seedProduct(api, '环境传感器', 'ENV_380', ['传感器校准', '耐压测试', '整机终检']);

// FINISH first: finishing frees its terminals for the next task.
const finished = await seedTask(api, hub, [two], 50, day(20), [[smallPads[0]], [smallPads[1]]]);
await act(ENDPOINTS.taskStart, finished);
await act(ENDPOINTS.taskFinish, finished);

const running = await seedTask(api, big, [one], 500, day(14), [
  [bigPads[0], bigPads[1]],
  [bigPads[2]],
  [bigPads[3]],
  [bigPads[4]],
  [bigPads[5], bigPads[6]],
  [bigPads[7]],
]);
await act(ENDPOINTS.taskStart, running);
const stopped = await seedTask(api, meter, [two], 200, day(-1), [[smallPads[0]], [smallPads[1]]]);
await act(ENDPOINTS.taskStart, stopped);
await act(ENDPOINTS.taskStop, stopped);
const waiting = await seedTask(api, plug, [two], 80, day(30), [[smallPads[2]], [smallPads[3]]]);
const fresh = await seedTask(api, draft, [one, two], 1000, day(45));

// What the station API will write (issue 6): workers at two terminals, and progress.
if (databaseFile) {
  const db = new Database(databaseFile);
  const now = Date.now();
  const addWorker = db.prepare(
    'insert into account (userName, passwordHash, roleId, parentId, status, platformAdmin, mustChangePassword, createTime) values (?, ?, null, 1, 1, 0, 0, ?)',
  );
  const wang = Number(addWorker.run(`wang_li_${stamp}`, 'x', now).lastInsertRowid);
  const zhao = Number(addWorker.run(`zhao_min_${stamp}`, 'x', now).lastInsertRowid);
  db.prepare('update terminal set workerId = ? where id = ?').run(wang, bigPads[0]);
  db.prepare('update terminal set workerId = ? where id = ?').run(zhao, bigPads[2]);
  const flows = db.prepare('select id from task_flow where taskId = ? order by sequence').all(running);
  const progress = [
    [180, 196],
    [150, 162],
    [121, 124],
    [96, 99],
    [40, 41],
    [12, 12],
  ];
  // Counters are kept per flow and terminal (flow_counter); a task's finished units are its last flow's.
  const setCounter = db.prepare(
    'insert into flow_counter (taskFlowId, terminalId, totalCount, failCount, finishNumber) values (?, ?, ?, ?, ?)',
  );
  flows.forEach((flow, index) => setCounter.run(flow.id, bigPads[index], progress[index][1], progress[index][1] - progress[index][0], progress[index][0]));
  const lastFlow = db.prepare('select id from task_flow where taskId = ? order by sequence desc limit 1');
  setCounter.run(lastFlow.get(stopped).id, smallPads[1], 64, 0, 64);
  setCounter.run(lastFlow.get(finished).id, smallPads[1], 50, 0, 50);
  db.close();
}

// The list with every status
await open('/productionCenter', big.number);
await shot('task-list');

// The export dropdown of the running task
const row = page.getByRole('row', { name: new RegExp(big.number) });
await row.getByRole('button', { name: '导出生产码' }).click();
await page.getByRole('menuitem', { name: '导出Excel' }).waitFor();
await shot('task-list-actions');
await page.keyboard.press('Escape');
await page.locator('.page-header__title').click();

// 更多 of the stopped task
await page.getByRole('row', { name: new RegExp(meter.number) }).getByRole('button', { name: '更多' }).click();
await page.getByRole('menuitem', { name: '结束' }).waitFor();
await shot('task-list-more');
await page.locator('.page-header__title').click();

// The detail of the running task: six flows, so the snake turns
await open(`/productionTaskDetail?id=${running}`, '整机终检');
await shot('task-detail', { fullPage: true });

// 终端管理 with PADs on tasks: each card names the model and flow, each line its task
await open('/terminalManage', '总装一线');
await shot('terminal-manage-tasks', { fullPage: true });

// A missing task
await open('/productionTaskDetail?id=999999', '任务不存在');
await shot('task-detail-missing');

// The print view of the small task: printing and closing stood in for so the page stays
await page.addInitScript(() => {
  window.print = () => console.log('print called');
  window.close = () => console.log('close called');
});
await open(`/print?id=${waiting}`, '共 80 个二维码');
await page.waitForFunction(() => [...document.images].every((image) => image.complete));
await shot('task-print');

console.log('tasks', { finished, running, stopped, waiting, fresh });
await browser.close();
