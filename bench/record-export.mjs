// The records list's export (issue 13; DESIGN.md §7: exports stream, memory stays flat, 100,000 rows in
// under 10 s). Per dialect (SQLite on a fresh file; PostgreSQL on a fresh schema of TEST_DATABASE_URL when
// that is set, dropped afterwards): the built server, a task of 100,000 units seeded through the API, every
// unit made tested by the boards' bulk loader (bench/boards-load.mjs: results, latest results, the devices'
// columns), then GET /api/productionRecord/exportList of the whole task over HTTP as the administrator:
//   - the records list's first page alone (p95, max), to compare with the same call during the exports;
//   - a tenth of the task, then the whole task, to a fast client (reads as fast as it can): time, rows/s, file size, the server's resident memory before
//     and at its peak (sampled from /proc every 20 ms), and the records list answering meanwhile (p95, max);
//   - a slow client (reads 1 MB/s): the server's memory peak while the client holds it back.
// The fast run's file is read back with exceljs's streaming reader and its rows counted.
// Figures are printed against their targets, never asserted: only a crash fails.
//   RECORD_EXPORT_DIALECTS=sqlite node bench/record-export.mjs   (one dialect)
import { checkedAnswer, ENDPOINTS, RECORD_COUNT_HEADER, requestOf } from '@factory/contracts';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { flowTemplates } from './boards-history.mjs';
import { captureTask, loadDevices, openLoader, taskContext } from './boards-load.mjs';
import { buildServer, forEachDialect, freePort, gatewayProduct, getText, root, startServer } from './support.mjs';

const DIALECTS = (process.env.RECORD_EXPORT_DIALECTS ?? 'sqlite,postgres').split(',');
const UNITS = 100_000;
const TARGET_MS = 10_000;
const SLOW_BYTES_PER_S = 1024 * 1024;
const RSS_EVERY_MS = 20;
const LIST_EVERY_MS = 100;
const YEAR_MS = 365 * 86_400_000;
const ADMIN_PASSWORD = 'Admin12345';
const TIME_ZONE = process.env.TZ || 'Asia/Shanghai';

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Two flows with a few checks each, as the board bench's product. */

async function main() {
  try {
    buildServer();
  } catch {
    console.log('tsc -b reported errors (another change in progress?): measuring the last build in packages/server/dist');
  }
  console.log(`records list export of ${UNITS.toLocaleString('en')} records, ${os.cpus().length} cores, target < ${seconds(TARGET_MS)}, memory flat`);
  await forEachDialect('recexport', benchDialect, DIALECTS);
}

async function benchDialect(name, databaseUrl, dir) {
  const sim = await import(path.join(root, 'packages/simulator/dist/index.js'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATABASE_URL: databaseUrl, FILES_DIR: path.join(dir, 'files'), ADMIN_PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' };
  let server = await startServer(env, url);
  try {
    const { api, login } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
    const seedStart = performance.now();
    const plan = sim.singleTaskPlan(gatewayProduct(sim, 'GW_EXPORT_BENCH', 'GWEXPORT'), { units: UNITS, stations: 2, operatorCount: 2, padPrefix: 'EXPORT' });
    const seeded = await sim.seedFactory(api, url, plan);
    const task = await captureTask(api, sim, url, seeded.tasks[0].taskId, seeded.tasks[0].stations);
    console.log(`${name}: seeded a task of ${UNITS.toLocaleString('en')} units through the API in ${seconds(performance.now() - seedStart)}`);

    // The loader writes with the server stopped, as bench/boards.mjs does.
    await server.stop();
    const loadStart = performance.now();
    const loader = await openLoader(databaseUrl);
    try {
      const random = sim.seededRandom(20_251_125);
      const context = await taskContext(loader, task, (assignment, templates) => flowTemplates(sim, assignment, random, templates));
      const now = Date.now();
      const loaded = await loadDevices(loader, [{ task: context, from: 1, to: UNITS }], {
        spanStart: now - YEAR_MS,
        spanEnd: now - 3_600_000,
        random,
        deviceOf: sim.deviceOf,
        timeZone: TIME_ZONE,
      });
      console.log(`${name}: made ${UNITS.toLocaleString('en')} devices tested (${loaded.results.toLocaleString('en')} results) in ${seconds(performance.now() - loadStart)}`);
    } finally {
      await loader.close();
    }
    if (name === 'PostgreSQL') {
      // The load rewrote 100,000 devices and added 200,000 results within seconds; a line adds them over days, with
      // autovacuum keeping up. Vacuumed here so the figures time the export, not autovacuum catching up beside it.
      const vacuumStart = performance.now();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('vacuum (analyze) production_code, flow_result, device_flow');
      } finally {
        await client.end();
      }
      console.log(`${name}: vacuumed the loaded tables in ${seconds(performance.now() - vacuumStart)}`);
    }
    server = await startServer(env, url);

    const exportPath = (query) => requestOf(ENDPOINTS.recordExportList, { taskId: task.taskId, ...query }).url;
    const listPath = requestOf(ENDPOINTS.recordList, { taskId: task.taskId, page: 1, pageSize: 10 }).url;
    // Warm-up: the route's code, the statements, the caches; a small export (one status) and a list page,
    // its answer checked against the contract.
    await download(port, login.token, exportPath({ testStatus: 'NOT_PASS' }), { sink: null });
    checkedAnswer(ENDPOINTS.recordList, JSON.parse((await get(port, login.token, listPath)).body).data);
    const idle = [];
    for (let n = 0; n < 50; n++) {
      const start = performance.now();
      await get(port, login.token, listPath);
      idle.push(performance.now() - start);
    }
    const alone = summary(idle);
    console.log(`${name}: records list page 1 alone: p95 ${alone.p95.toFixed(1)} ms, max ${alone.max.toFixed(1)} ms (${alone.count} calls)`);

    // About a tenth of the task (the loader spreads first tests over a year): memory that is flat does not grow
    // from this export to the whole task's.
    const tenthFrom = new Date(Date.now() - YEAR_MS / 10).toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
    const tenth = await measured(server.pid, port, login.token, listPath, () =>
      download(port, login.token, exportPath({ fromTime: tenthFrom }), { sink: null }),
    );
    console.log(
      `${name}: a tenth (first tests from ${tenthFrom}): ${Number(tenth.result.announced).toLocaleString('en')} records in ${seconds(tenth.ms)},` +
        ` server RSS before ${mb(tenth.rssBefore)}, peak ${mb(tenth.rssPeak)} (+${mb(tenth.rssPeak - tenth.rssBefore)})`,
    );

    const fast = await measured(server.pid, port, login.token, listPath, () =>
      download(port, login.token, exportPath(), { sink: path.join(dir, 'records.xlsx') }),
    );
    const rows = await rowsIn(path.join(dir, 'records.xlsx'));
    const rate = Math.round(UNITS / (fast.ms / 1000));
    console.log(
      `${name}: fast client: ${UNITS.toLocaleString('en')} records in ${seconds(fast.ms)}, ${rate.toLocaleString('en')} rows/s, ${mb(fast.result.bytes)}` +
        ` (announced ${fast.result.announced}, read back ${rows.toLocaleString('en')} rows + header) — target < ${seconds(TARGET_MS)}: ${fast.ms < TARGET_MS ? 'OK' : 'OVER'}`,
    );
    console.log(
      `${name}: server RSS before ${mb(fast.rssBefore)}, peak ${mb(fast.rssPeak)} (+${mb(fast.rssPeak - fast.rssBefore)}) during the export;` +
        ` records list meanwhile: ${fast.list.count} calls, p95 ${fast.list.p95.toFixed(1)} ms, max ${fast.list.max.toFixed(1)} ms`,
    );

    const slow = await measured(server.pid, port, login.token, listPath, () =>
      download(port, login.token, exportPath(), { sink: null, bytesPerSecond: SLOW_BYTES_PER_S }),
    );
    console.log(
      `${name}: slow client (${mb(SLOW_BYTES_PER_S)}/s): ${seconds(slow.ms)}, server RSS before ${mb(slow.rssBefore)}, peak ${mb(slow.rssPeak)} (+${mb(slow.rssPeak - slow.rssBefore)});` +
        ` records list meanwhile: p95 ${slow.list.p95.toFixed(1)} ms, max ${slow.list.max.toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
  }
}

/** The server's resident memory now, from /proc (kB there). */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
}

/**
 * Runs `work` while sampling the server's memory and timing a records list call every LIST_EVERY_MS
 * (one at a time), so the figures show both what the export holds and whether other callers wait on it.
 */
async function measured(pid, port, token, listPath, work) {
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), RSS_EVERY_MS);
  const latencies = [];
  let running = true;
  const lister = (async () => {
    while (running) {
      const start = performance.now();
      await get(port, token, listPath);
      latencies.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, LIST_EVERY_MS));
    }
  })();
  const start = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - start, rssBefore, get rssPeak() { return rssPeak; }, list: summary(latencies) };
  } finally {
    running = false;
    await lister;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, rssOf(pid));
  }
}

function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN, max: sorted.at(-1) ?? NaN };
}

/**
 * GET an attachment, written to `sink` (a file) or dropped; `bytesPerSecond` paces the reading (the
 * socket's buffers then fill and the server must wait). Answers the bytes and the announced count.
 */
function download(port, token, urlPath, { sink, bytesPerSecond }) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${urlPath}: ${response.statusCode}`));
        response.resume();
        return;
      }
      const file = sink ? fs.createWriteStream(sink) : null;
      let bytes = 0;
      const started = performance.now();
      response.on('data', (chunk) => {
        bytes += chunk.length;
        file?.write(chunk);
        if (bytesPerSecond) {
          const due = (bytes / bytesPerSecond) * 1000 - (performance.now() - started);
          if (due > 0) {
            response.pause();
            setTimeout(() => response.resume(), due);
          }
        }
      });
      response.on('end', () => {
        const done = () => resolve({ bytes, announced: response.headers[RECORD_COUNT_HEADER] });
        if (file) file.end(done);
        else done();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Rows of the one sheet, read with exceljs's streaming reader (the header included). */
async function rowsIn(file) {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  for await (const sheet of reader) {
    for await (const _row of sheet) rows += 1;
  }
  return rows - 1;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const get = (port, token, urlPath) => getText(port, token, urlPath, agent);

await main();
