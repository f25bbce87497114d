// Board and dashboard latency (DESIGN.md §7: under 50 ms at p95 on this machine whether the database
// holds a thousand or a million tested devices). Per dialect (SQLite on a fresh file; PostgreSQL on a
// fresh schema of TEST_DATABASE_URL when that is set, dropped afterwards): the built server, a
// factory seeded through the API (one product with two flows, tasks of 100,000 units with two PADs
// at each flow), then, cumulatively, 1,000, 100,000 and 1,000,000 devices made tested by a bulk
// loader (bench/boards-load.mjs, direct SQL with the server stopped: results, latest results, the
// devices' columns and the rollups those results would have written), and at each size every board
// call (against the busiest task) and every dashboard call timed over HTTP as the administrator,
// sequentially after a warm-up. Figures are printed, never asserted: only a crash fails.
//   BOARDS_SIZES=1000,100000 BOARDS_DIALECTS=postgres node bench/boards.mjs   (a quicker look)
import { checkedAnswer, ENDPOINTS, requestOf } from '@factory/contracts';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { flowTemplates } from './boards-history.mjs';
import { captureTask, loadDevices, openLoader, rollupMismatches, tableRows, taskContext } from './boards-load.mjs';
import { buildServer, forEachDialect, freePort, getEnvelope, percentile, root, startServer } from './support.mjs';

const SIZES = (process.env.BOARDS_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const DIALECTS = (process.env.BOARDS_DIALECTS ?? 'sqlite,postgres').split(',');
const UNITS_PER_TASK = 100_000;
const PADS_PER_FLOW = 2;
const TARGET_MS = 50;
const WARMUP = 20;
const SAMPLES = 200;
const MAX_MS_PER_CALL = 5_000;
const YEAR_MS = 365 * 86_400_000;
const ADMIN_PASSWORD = 'Admin12345';
const TIME_ZONE = process.env.TZ || 'Asia/Shanghai';

/**
 * The 6 board calls (against one task) and the 10 dashboard calls, with the queries the console sends:
 * label, endpoint, its input for the task.
 */
const CALLS = [
  ['board schedule', ENDPOINTS.boardSchedule, (taskId) => ({ taskId })],
  ['board problemTotal', ENDPOINTS.boardProblemTotal, (taskId) => ({ taskId })],
  ['board problemChart', ENDPOINTS.boardProblemChart, (taskId) => ({ taskId })],
  ['board problemTop', ENDPOINTS.boardProblemTop, (taskId) => ({ taskId, number: 10 })],
  ['board onePassTotal', ENDPOINTS.boardOnePassTotal, (taskId) => ({ taskId, interval: 60, hold: 2 })],
  ['board onePassDetail', ENDPOINTS.boardOnePassDetail, (taskId) => ({ taskId, hold: 4 })],
  ['dataCenter realTimeInput', ENDPOINTS.dataCenterRealTimeInput, () => undefined],
  ['dataCenter statisticInfo', ENDPOINTS.dataCenterStatisticInfo, () => undefined],
  ['dataCenter devOutput', ENDPOINTS.dataCenterDevOutput, () => undefined],
  ['dataCenter productionTop', ENDPOINTS.dataCenterProductionTop, () => ({ topNum: 5 })],
  ['dataCenter pdaCount', ENDPOINTS.dataCenterPdaCount, () => undefined],
  ['dataCenter padCount', ENDPOINTS.dataCenterPadCount, () => undefined],
  ['dataCenter deviceAverage', ENDPOINTS.dataCenterDeviceAverage, () => undefined],
  ['dataCenter taskCount', ENDPOINTS.dataCenterTaskCount, () => ({ hold: 2 })],
  ['dataCenter deviceProductivity', ENDPOINTS.dataCenterDeviceProductivity, () => ({ timeType: 'PRE_12_MONTH' })],
  ['dataCenter deviceOnePass', ENDPOINTS.dataCenterDeviceOnePass, () => ({ timeType: 'PRE_12_MONTH' })],
];

/** Two flows, a few auto checks of different kinds and one manual check each. */
function benchProduct(sim) {
  return {
    ...sim.GATEWAY,
    number: 'GW_BOARD_BENCH',
    code: 'GWBOARD',
    flows: [
      {
        name: '上电检测',
        items: [{ code: 'power', flag: true }, { code: 'voltage', range: [3.1, 3.5] }, { code: 'current', range: [80, 150] }],
        manualItems: ['指示灯常亮'],
      },
      {
        name: '整机终检',
        items: [
          { code: 'firmware_version', text: 'v2.1.0' },
          { code: 'signal_level', enums: ['1', '2'] },
          { code: 'standby_power', value: 1.2 },
          { code: 'temperature', range: [20, 45] },
        ],
        manualItems: ['外壳无划痕'],
      },
    ],
  };
}

async function main() {
  const started = performance.now();
  try {
    buildServer();
  } catch {
    console.log('tsc -b reported errors (another change in progress?): measuring the last build in packages/server/dist');
  }
  console.log(`board and dashboard calls at ${SIZES.map(count).join(' / ')} tested devices, ${os.cpus().length} cores, target p95 < ${TARGET_MS} ms`);
  const runs = await forEachDialect('boards', benchDialect, DIALECTS);
  printTables(runs);
  console.log(`\nbench run time ${seconds(performance.now() - started)}`);
}

const count = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function benchDialect(name, databaseUrl, dir) {
  const sim = await import(path.join(root, 'packages/simulator/dist/index.js'));
  const dialectStart = performance.now();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATABASE_URL: databaseUrl, FILES_DIR: path.join(dir, 'files'), ADMIN_PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' };
  let server = await startServer(env, url);
  const figures = new Map();
  try {
    const { api, login } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
    const seedStart = performance.now();
    const plan = sim.singleTaskPlan(benchProduct(sim), {
      units: UNITS_PER_TASK,
      stations: PADS_PER_FLOW * 2,
      operatorCount: PADS_PER_FLOW * 2,
      padPrefix: 'BOARD',
    });
    const seeded = await sim.seedFactory(api, url, plan);
    const operators = seeded.tasks[0].stations.map((station) => ({ username: station.username, password: station.password }));
    const tasks = [await captureTask(api, sim, url, seeded.tasks[0].taskId, seeded.tasks[0].stations)];
    console.log(`${name}: seeded the factory and a task of ${count(UNITS_PER_TASK)} units in ${seconds(performance.now() - seedStart)}`);
    const random = sim.seededRandom(20_240_601);
    let tested = 0;

    for (const size of SIZES) {
      if (size <= tested) continue;
      const taskStart = performance.now();
      const before = tasks.length;
      while (tasks.length < Math.ceil(size / UNITS_PER_TASK)) {
        // A product has one unfinished task at a time: the full one is finished, as a planner would.
        await api(ENDPOINTS.taskFinish, { id: tasks.at(-1).taskId });
        tasks.push(await addTask(api, sim, url, plan, tasks.length + 1, operators));
      }
      if (tasks.length > before) {
        console.log(`${name}: finished the full task and created ${tasks.length - before} more of ${count(UNITS_PER_TASK)} units through the API in ${seconds(performance.now() - taskStart)}`);
      }
      await server.stop();

      const loadStart = performance.now();
      const loader = await openLoader(databaseUrl);
      try {
        for (const task of tasks.filter((candidate) => candidate.context === null)) {
          task.context = await taskContext(loader, task, (assignment, templates) => flowTemplates(sim, assignment, random, templates));
        }
        const parts = [];
        for (const task of tasks) {
          const want = Math.min(UNITS_PER_TASK, Math.max(0, size - tasks.indexOf(task) * UNITS_PER_TASK));
          if (want > task.tested) parts.push({ task: task.context, from: task.tested + 1, to: want });
        }
        const now = Date.now();
        // First tests spread over the last twelve months, ending an hour ago (a retest can take 40 minutes).
        const loaded = await loadDevices(loader, parts, { spanStart: now - YEAR_MS, spanEnd: now - 3_600_000, random, deviceOf: sim.deviceOf, timeZone: TIME_ZONE });
        for (const part of parts) tasks.find((task) => task.taskId === part.task.taskId).tested = part.to;
        const loadMs = performance.now() - loadStart;
        const devices = size - tested;
        console.log(
          `${name}: loaded ${count(devices)} devices (${loaded.results.toLocaleString('en')} results) in ${seconds(loadMs)}` +
            `, ${Math.round(devices / (loadMs / 1000)).toLocaleString('en')} devices/s, bench RSS peak ${Math.round(loaded.rss / 1024 / 1024)} MB` +
            (name === 'PostgreSQL' ? ' (ANALYZE included)' : ''),
        );
        const checkStart = performance.now();
        const problems = await rollupMismatches(loader);
        const checked = `(checked in ${seconds(performance.now() - checkStart)})`;
        const rows = (await tableRows(loader)).map((table) => `${table.table} ${table.rows.toLocaleString('en')}`).join(', ');
        if (problems.length === 0) console.log(`${name}: the rollups agree with the rows they count ${checked}; rows: ${rows}`);
        else console.log(`${name}: ROLLUPS DISAGREE with the rows ${checked}:\n  ${problems.slice(0, 10).join('\n  ')}`);
      } finally {
        await loader.close();
      }
      tested = size;

      server = await startServer(env, url);
      // The task with the most tested devices; of equals the last, the one still running.
      const busiest = tasks.reduce((best, task) => (task.tested >= best.tested ? task : best));
      await sanityLine(name, api, busiest);
      for (const [label, endpoint, inputOf] of CALLS) {
        const timing = await timeCall(port, login.token, endpoint, inputOf(busiest.taskId));
        figures.set(`${label}|${size}`, timing);
        console.log(`${name} ${count(size).padStart(4)} ${label.padEnd(30)} p50 ${timing.p50.toFixed(1).padStart(6)} ms  p95 ${timing.p95.toFixed(1).padStart(6)} ms  (${timing.samples} requests)${timing.errors ? `  ${timing.errors} errors: ${timing.error}` : ''}`);
      }
    }
  } finally {
    await server.stop();
  }
  console.log(`${name}: done in ${seconds(performance.now() - dialectStart)}`);
  return { name, figures };
}

/** A further task of the product through the API, as a planner would: its PADs, the task (making its codes), PADs on flows, started. */
async function addTask(api, sim, url, plan, number, operators) {
  const factoryId = (await api(ENDPOINTS.factoryList, { pageSize: 0 })).list[0].id;
  const line = (await api(ENDPOINTS.lineList, { factoryId, pageSize: 0 })).list.find((row) => row.lineNum === plan.lines[0].lineNum);
  const category = Number(Object.keys(await api(ENDPOINTS.terminalCategory, { terminalType: 'PAD' }))[0]);
  const productPlan = plan.products[0];
  const pads = [];
  for (let index = 0; index < PADS_PER_FLOW * productPlan.flows.length; index++) {
    const flowIndex = index % productPlan.flows.length;
    const terminalCode = `${plan.padPrefix}-${number}-${String(index + 1).padStart(2, '0')}`;
    const terminalName = `${productPlan.flows[flowIndex].name}${Math.floor(index / productPlan.flows.length) + 1}号`;
    const id = await api(ENDPOINTS.terminalAdd, { terminalCode, terminalName, terminalType: 'PAD', categoryId: category, lineId: line.id });
    pads.push({ id, flowIndex });
  }
  const product = (await api(ENDPOINTS.productQuery, { pageSize: 0 })).list.find((row) => row.number === productPlan.number);
  const detail = await api(ENDPOINTS.productDetail, { id: product.id });
  const expire = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const taskId = await api(ENDPOINTS.taskCreate, {
    productTypeId: detail.productTypeId,
    productId: product.id,
    productNumber: detail.number,
    productionLineIds: [line.id],
    productionCount: UNITS_PER_TASK,
    expireTime: expire,
  });
  const edit = await api(ENDPOINTS.taskEditData, { taskId });
  const flowId2PadId = edit.flowPads.map((flowPad, index) => ({ flowId: flowPad.flow.id, padIdList: pads.filter((pad) => pad.flowIndex === index).map((pad) => pad.id) }));
  await api(ENDPOINTS.padSet, { taskId, flowId2PadId });
  await api(ENDPOINTS.taskStart, { id: taskId });
  const codes = await sim.taskTerminalCodes(api, taskId);
  return captureTask(api, sim, url, taskId, codes.map((terminalCode, index) => ({ terminalCode, ...operators[index % operators.length] })));
}

/** What the board and dashboard say after the load, beside what was loaded: the rollups must agree with the devices. */
async function sanityLine(name, api, busiest) {
  const schedule = await api(ENDPOINTS.boardSchedule, { taskId: busiest.taskId });
  const onePass = await api(ENDPOINTS.boardOnePassDetail, { taskId: busiest.taskId, hold: 4 });
  const output = await api(ENDPOINTS.dataCenterDevOutput);
  const rates = await api(ENDPOINTS.dataCenterTaskCount, { hold: 4 });
  const mismatch = schedule.inputCount === busiest.tested ? '' : `  MISMATCH: ${busiest.tested} devices loaded into the task`;
  console.log(
    `${name}: task ${busiest.taskId} (busiest): inputCount ${schedule.inputCount}, productedCount ${schedule.productedCount}, repairCount ${schedule.repairCount}, ` +
      `one-pass ${onePass.currentRate}; dashboard outputCount ${output.outputCount}, onePassRate ${rates.onePassRate}${mismatch}` +
      `; load average ${os.loadavg()[0].toFixed(1)}`,
  );
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const get = (port, token, urlPath) => getEnvelope(port, token, urlPath, agent);


/**
 * A warm-up, then SAMPLES sequential requests or MAX_MS_PER_CALL of them, whichever ends first. The url
 * is the endpoint's (its query as the console sends it), and the first answer is checked against its
 * contract (an AnswerMismatch fails the bench); the timed ones are not parsed beyond the envelope.
 */
async function timeCall(port, token, endpoint, input) {
  const urlPath = requestOf(endpoint, input).url;
  for (let i = 0; i < WARMUP; i++) {
    const answer = await get(port, token, urlPath);
    if (i === 0 && answer.ok) checkedAnswer(endpoint, answer.json.data);
  }
  const latencies = [];
  let errors = 0;
  let error = '';
  const end = performance.now() + MAX_MS_PER_CALL;
  while (latencies.length < SAMPLES && performance.now() < end) {
    const sent = performance.now();
    const answer = await get(port, token, urlPath);
    const took = performance.now() - sent;
    if (answer.ok) latencies.push(took);
    else {
      errors += 1;
      error = `${answer.status} ${answer.text.slice(0, 100)}`;
      if (errors > 20) break;
    }
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), samples: latencies.length, errors, error };
}

function printTables(runs) {
  const sizes = SIZES.filter((size, index) => SIZES.indexOf(size) === index);
  const columns = runs.flatMap((run) => sizes.map((size) => ({ run, size, head: `${run.name} ${count(size)}` })));
  const width = Math.max(11, ...columns.map((column) => column.head.length + 1));
  for (const [title, key] of [['p95', 'p95'], ['p50', 'p50']]) {
    console.log(`\n${title} latency in ms (sequential requests as the administrator; ! marks p95 >= ${TARGET_MS} ms)`);
    console.log(`${'call'.padEnd(30)}${columns.map((column) => column.head.padStart(width)).join('')}`);
    for (const [label] of CALLS) {
      const cells = columns.map(({ run, size }) => {
        const timing = run.figures.get(`${label}|${size}`);
        if (!timing) return '-'.padStart(width);
        const mark = key === 'p95' && !(timing.p95 < TARGET_MS) ? '!' : ' ';
        return `${Number.isNaN(timing[key]) ? 'error' : timing[key].toFixed(1)}${mark}`.padStart(width);
      });
      console.log(`${label.padEnd(30)}${cells.join('')}`);
    }
  }
}

// Last, so every constant above is initialised.
await main();
