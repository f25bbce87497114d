// Whether an export holds up everyone else (issue 19 item 3: a 0.7 ms record detail waited up to 583 ms behind a
// 100,000-unit xlsx export; the print view's one call for 100,000 codes held the server 230 ms). Per dialect
// (SQLite on a fresh file; PostgreSQL on a fresh schema of TEST_DATABASE_URL when that is set): the built server, a
// task of 100,000 units seeded through the API and made tested by the boards' bulk loader (bench/boards-load.mjs),
// then over HTTP as the administrator:
//   - a record detail (`/api/productionRecord/detail`) called back to back on its own: p50, p99, max;
//   - the same detail hammered (one call at a time, back to back) while each export runs to a fast client: the
//     production codes as xlsx and as csv (`/api/task/exportDeviceId`), the records list (`exportList`); the export's
//     time and size, and the detail's p50 / p99 / max meanwhile (goal: max under 50 ms, export under 5 s);
//   - the print view's codes (`/api/task/exportQrCodeUrls`) read page after page as the console reads them: pages,
//     time for the whole task, the slowest page, and the detail meanwhile.
// Then, in this process on a fresh SQLite file (the server's modules from dist): the production codes' xlsx export of
// the task into a counting sink, the product's (sheet worker) against the same exceljs writer run in this thread as
// every export ran before issue 19: time, the main thread's busy time (event-loop utilisation) and the longest gap
// between two 1 ms timers (what a request arriving then would wait).
// Figures are printed against their goals, never asserted: only a crash fails.
//   EXPORT_STALL_DIALECTS=sqlite node bench/export-stall.mjs      (one dialect)
//   EXPORT_STALL_UNITS=20000 node bench/export-stall.mjs          (a smaller task while developing)
import { checkedAnswer, ENDPOINTS, QR_CODE_PAGE, requestOf } from '@factory/contracts';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { flowTemplates } from './boards-history.mjs';
import { captureTask, loadDevices, openLoader, taskContext } from './boards-load.mjs';
import { buildServer, forEachDialect, freePort, gatewayProduct, getText, root, startServer } from './support.mjs';

const DIALECTS = (process.env.EXPORT_STALL_DIALECTS ?? 'sqlite,postgres').split(',');
const UNITS = Number(process.env.EXPORT_STALL_UNITS ?? 100_000);
const STALL_GOAL_MS = 50;
const EXPORT_GOAL_MS = 5_000;
const ALONE_CALLS = 200;
const YEAR_MS = 365 * 86_400_000;
const ADMIN_PASSWORD = 'Admin12345';
const TIME_ZONE = process.env.TZ || 'Asia/Shanghai';

const ms = (value) => `${value.toFixed(1)} ms`;
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const latency = (s) => `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)} (${s.count} calls)`;


async function main() {
  try {
    buildServer();
  } catch {
    console.log('tsc -b reported errors (another change in progress?): measuring the last build in packages/server/dist');
  }
  console.log(
    `export stall, ${UNITS.toLocaleString('en')} units, ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')};` +
      ` goals: a call beside an export waits < ${STALL_GOAL_MS} ms, an export < ${seconds(EXPORT_GOAL_MS)}`,
  );
  await forEachDialect('stall', benchDialect, DIALECTS);
  await inProcess();
}

async function benchDialect(name, databaseUrl, dir) {
  const sim = await import(path.join(root, 'packages/simulator/dist/index.js'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATABASE_URL: databaseUrl, FILES_DIR: path.join(dir, 'files'), ADMIN_PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' };
  let server = await startServer(env, url);
  try {
    const { api, login } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
    const plan = sim.singleTaskPlan(gatewayProduct(sim, 'GW_STALL_BENCH', 'GWSTALL'), { units: UNITS, stations: 2, operatorCount: 2, padPrefix: 'STALL' });
    const seeded = await sim.seedFactory(api, url, plan);
    const task = await captureTask(api, sim, url, seeded.tasks[0].taskId, seeded.tasks[0].stations);
    await server.stop();
    const loader = await openLoader(databaseUrl);
    try {
      const random = sim.seededRandom(20_261_130);
      const context = await taskContext(loader, task, (assignment, templates) => flowTemplates(sim, assignment, random, templates));
      const now = Date.now();
      await loadDevices(loader, [{ task: context, from: 1, to: UNITS }], {
        spanStart: now - YEAR_MS,
        spanEnd: now - 3_600_000,
        random,
        deviceOf: sim.deviceOf,
        timeZone: TIME_ZONE,
      });
    } finally {
      await loader.close();
    }
    if (name === 'PostgreSQL') {
      // As bench/record-export.mjs: time the exports, not autovacuum catching up with the load.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('vacuum (analyze) production_code, flow_result, device_flow');
      } finally {
        await client.end();
      }
    }
    server = await startServer(env, url);
    console.log(`${name}: a task of ${UNITS.toLocaleString('en')} tested units ready`);

    const token = login.token;
    const firstPage = checked(ENDPOINTS.taskQrCodeUrls, await get(port, token, requestOf(ENDPOINTS.taskQrCodeUrls, { taskId: task.taskId, pageSize: 1 }).url));
    const detailPath = requestOf(ENDPOINTS.recordDetail, { id: firstPage.codes[0] }).url;
    checked(ENDPOINTS.recordDetail, await get(port, token, detailPath));

    const aloneTimes = [];
    for (let n = 0; n < ALONE_CALLS; n++) {
      const start = performance.now();
      await get(port, token, detailPath);
      aloneTimes.push(performance.now() - start);
    }
    console.log(`${name}: record detail alone: ${latency(summary(aloneTimes))}`);

    const exports = [
      ['production codes xlsx', requestOf(ENDPOINTS.taskExportCodes, { taskId: task.taskId, format: 'xlsx' }).url],
      ['production codes csv', requestOf(ENDPOINTS.taskExportCodes, { taskId: task.taskId, format: 'csv' }).url],
      ['records list xlsx', requestOf(ENDPOINTS.recordExportList, { taskId: task.taskId }).url],
    ];
    // Warm-up: the routes' code and statements, and the sheet worker's start.
    for (const [, exportPath] of exports) await download(port, token, exportPath);
    for (const [label, exportPath] of exports) {
      const run = await hammered(port, token, detailPath, () => download(port, token, exportPath));
      const verdict = run.calls.max < STALL_GOAL_MS && run.ms < EXPORT_GOAL_MS ? 'OK' : 'OVER';
      console.log(
        `${name}: ${label}: ${seconds(run.ms)}, ${mb(run.result)}; record detail meanwhile: ${latency(run.calls)} — ${verdict}`,
      );
    }

    const printRun = await hammered(port, token, detailPath, async () => {
      const pages = [];
      let codes = 0;
      for (let afterSequence = 0; afterSequence !== null; ) {
        const start = performance.now();
        const page = checked(
          ENDPOINTS.taskQrCodeUrls,
          await get(port, token, requestOf(ENDPOINTS.taskQrCodeUrls, { taskId: task.taskId, afterSequence, pageSize: QR_CODE_PAGE.size }).url),
        );
        pages.push(performance.now() - start);
        codes += page.codes.length;
        afterSequence = page.nextAfter;
      }
      return { pages: summary(pages), codes };
    });
    console.log(
      `${name}: /print codes: ${printRun.result.codes.toLocaleString('en')} in ${printRun.result.pages.count} pages of ${QR_CODE_PAGE.size.toLocaleString('en')},` +
        ` ${seconds(printRun.ms)} in all, a page p50 ${ms(printRun.result.pages.p50)}, max ${ms(printRun.result.pages.max)};` +
        ` record detail meanwhile: ${latency(printRun.calls)} — ${printRun.calls.max < STALL_GOAL_MS ? 'OK' : 'OVER'}`,
    );
  } finally {
    await server.stop();
  }
}

/** The answer's data, checked against the contract. */
function checked(endpoint, answer) {
  if (answer.status !== 200) throw new Error(`${endpoint.path}: ${answer.status} ${answer.body.slice(0, 200)}`);
  return checkedAnswer(endpoint, JSON.parse(answer.body).data);
}

/**
 * Runs `work` while a record detail is called back to back beside it (one at a time, on a connection of its own).
 * Answers the work's time and result and the calls' latency.
 */
async function hammered(port, token, detailPath, work) {
  const latencies = [];
  let running = true;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const hammer = (async () => {
    while (running) {
      const start = performance.now();
      await get(port, token, detailPath, agent);
      latencies.push(performance.now() - start);
    }
  })();
  const start = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - start, calls: summary(latencies) };
  } finally {
    running = false;
    await hammer;
    agent.destroy();
  }
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

/** GET an attachment as fast as it comes, dropped; answers its size. */
function download(port, token, urlPath) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${urlPath}: ${response.statusCode}`));
        response.resume();
        return;
      }
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const sharedAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const get = (port, token, urlPath, agent = sharedAgent) => getText(port, token, urlPath, agent);

/** The production codes' xlsx, in this process: the sheet worker against the in-thread writer it replaced. */
async function inProcess() {
  const dist = (file) => import(path.join(root, 'packages/server/dist', file));
  const { openDb } = await dist('platform/db.js');
  const { migrate } = await dist('platform/migrate.js');
  const { seed } = await dist('platform/seed.js');
  const { loadConfig } = await dist('platform/config.js');
  const { createProductionCodes } = await dist('platform/production-codes.js');
  const { writeCodesXlsx } = await dist('modules/production-code/code-export.js');
  const { codesAfter } = await dist('modules/production-code/production-code.repository.js');
  const { sheetWorkerReady } = await dist('platform/xlsx-streaming.js');
  const ExcelJS = createRequire(path.join(root, 'packages/server/package.json'))('exceljs');
  const quietLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quietLog };

  /** As writeCodesXlsx wrote before issue 19: exceljs in this thread, 5,000 codes a read, no turn between. */
  async function inThread(db, task, output) {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('生产编码');
    sheet.addRow(['序号', '生产编码', '产品型号', '产品编号', '任务编号']).commit();
    for (let after = 0; ; ) {
      const codes = await codesAfter(db, task.id, after, 5_000);
      if (codes.length === 0) break;
      for (const row of codes) sheet.addRow([row.sequence, row.code, task.productNumber, task.productCode, task.id]).commit();
      after = codes[codes.length - 1].sequence;
    }
    sheet.commit();
    await workbook.commit();
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-stall-'));
  const db = openDb(`file:${path.join(dir, 'factory.db')}`);
  try {
    await migrate(db);
    await seed(db, loadConfig({ ADMIN_PASSWORD, CAPTCHA: 'off' }), quietLog);
    const k = db.kysely;
    const admin = await k.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
    const type = await k.selectFrom('product_type').select('id').orderBy('sequence').executeTakeFirstOrThrow();
    const format = await k.selectFrom('data_format').select('id').orderBy('sequence').executeTakeFirstOrThrow();
    const now = Date.now();
    const product = await k
      .insertInto('product')
      .values({ productTypeId: type.id, number: 'GW_STALL_BENCH', code: 'GWSTALL', connectInternet: 0, communicationId: 'noInternet', dataFormatId: format.id, description: 'bench', publishStatus: 'PUBLISH', ownerId: admin.id, createTime: now, publishTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const task = await k
      .insertInto('task')
      .values({ ownerId: admin.id, creatorId: admin.id, productTypeId: type.id, productId: product.id, productNumber: 'GW_STALL_BENCH', productCode: 'GWSTALL', communicationId: 'noInternet', productionCount: UNITS, status: 'NEW', expireTime: null, createTime: now, updateTime: now, startTime: null, finishTime: null })
      .returning(['id', 'productNumber', 'productCode'])
      .executeTakeFirstOrThrow();
    await k.transaction().execute((trx) => createProductionCodes(trx, task.id, 1, UNITS, now));
    await sheetWorkerReady();
    for (const [label, write] of [['in-thread exceljs (before)', inThread], ['sheet worker', writeCodesXlsx], ['in-thread exceljs (before)', inThread], ['sheet worker', writeCodesXlsx]]) {
      let longest = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const at = performance.now();
        longest = Math.max(longest, at - last);
        last = at;
      }, 1);
      const sink = new Writable({ write: (chunk, _encoding, done) => ((sink.bytes += chunk.length), done()) });
      sink.bytes = 0;
      const utilisation = performance.eventLoopUtilization();
      const start = performance.now();
      await write(k, task, sink);
      const busy = performance.eventLoopUtilization(utilisation).active;
      const took = performance.now() - start;
      clearInterval(ticker);
      console.log(
        `in process, production codes xlsx, ${label}: ${seconds(took)}, ${mb(sink.bytes)}; main thread busy ${ms(busy)}, longest event-loop gap ${ms(longest)}`,
      );
    }
  } finally {
    await db.kysely.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
