// Issue 18's streamed .xlsx of a DTU batch (docs/dtu-submission.md: a task of tens of thousands of units keeps the
// server's memory flat). Per dialect (SQLite on a fresh file; PostgreSQL on a fresh schema of TEST_DATABASE_URL when
// that is set, dropped afterwards): the built server, the demo's accessory catalogue and one DTU task of the cellular
// model seeded through the API, then, with the server stopped, one submitted batch of 10,000 tested units with their
// values and a few samples written straight into the database (bench/dtu-batch-load.mjs). Over HTTP as the
// administrator, each of the three exports (the task's 导出, the batch's device list, the inspection report):
//   - a first call (cold): time, and the server's memory growth while it runs;
//   - a fast client (reads as fast as it can): time, rows/s, file size, the server's resident memory before and at
//     its peak (sampled from /proc every 20 ms); the file read back with exceljs's streaming reader, its rows counted;
//   - a slow client (reads 1 MB/s): the server's memory peak while the client holds it back.
// Then five more rounds of the three (the server's memory after each: whether it climbs round by round), and the report's detail
// and its signal map (reportDetail, reportGprs): p50 and p95 over 20 calls.
// Figures are printed against their targets (memory growth < 100 MB, 10,000 rows well under 5 s), never asserted:
// only a crash fails.
//   DTU_EXPORT_DIALECTS=sqlite node bench/dtu-batch-export.mjs   (one dialect)
//   DTU_EXPORT_UNITS=50000 node bench/dtu-batch-export.mjs        (a bigger batch)
import { checkedAnswer, DTU_SUBMISSION_ENDPOINTS, RECORD_COUNT_HEADER, requestOf } from '@factory/contracts';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadDtuBatch } from './dtu-batch-load.mjs';
import { buildServer, forEachDialect, freePort, getText, root, startServer } from './support.mjs';

const DIALECTS = (process.env.DTU_EXPORT_DIALECTS ?? 'sqlite,postgres').split(',');
const UNITS = Number(process.env.DTU_EXPORT_UNITS ?? 10_000);
const SAMPLES = 5;
const TARGET_MS = 5_000;
const TARGET_GROWTH = 100 * 1024 * 1024;
const SLOW_BYTES_PER_S = 1024 * 1024;
const RSS_EVERY_MS = 20;
const LATENCY_CALLS = 20;
const ROUNDS = 5;
const ADMIN_PASSWORD = 'Admin12345';

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n) => Number(n).toLocaleString('en');
const verdict = (ok) => (ok ? 'OK' : 'OVER');

/** The demo's cellular DTU task alone, its target the batch, no major/minor Excel and no manual PAD. */
function benchPlan(sim) {
  const [cellular] = sim.DEMO_DTU_TESTING.tasks;
  return {
    ...sim.DEMO_DTU_TESTING,
    aimLineNum: 'NONE',
    manualUser: undefined,
    tasks: [{ ...cellular, fittingType: 'DTU导出压测', productionNumber: UNITS, excelRows: 0, benches: cellular.benches.slice(0, 1), manualPads: [] }],
  };
}

async function main() {
  try {
    buildServer();
  } catch {
    console.log('tsc -b reported errors (another change in progress?): measuring the last build in packages/server/dist');
  }
  console.log(
    `DTU batch exports of ${count(UNITS)} units, ${os.cpus().length} cores, targets: < ${seconds(TARGET_MS)} each, server memory growth < ${mb(TARGET_GROWTH)}`,
  );
  await forEachDialect('dtu_export', benchDialect, DIALECTS);
}

async function benchDialect(name, databaseUrl, dir) {
  const sim = await import(path.join(root, 'packages/simulator/dist/index.js'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), MQTT_PORT: String(await freePort()), DATABASE_URL: databaseUrl, FILES_DIR: path.join(dir, 'files'), ADMIN_PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' };
  let server = await startServer(env, url);
  try {
    const seedStart = performance.now();
    const { api, login } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
    await sim.seedAccessories(api, sim.DEMO_ACCESSORIES);
    const seeded = await sim.seedDtuTesting(api, url, benchPlan(sim));
    const { taskId } = seeded.tasks[0];
    const tester = seeded.benches[0].pad.username;
    console.log(`${name}: seeded the catalogue and DTU task ${taskId} through the API in ${seconds(performance.now() - seedStart)}`);

    // The loader writes with the server stopped, as bench/record-export.mjs does.
    await server.stop();
    const loadStart = performance.now();
    const loaded = await loadDtuBatch(databaseUrl, { sim, taskId, units: UNITS, samples: SAMPLES, testerName: tester, submitterName: 'admin' });
    console.log(
      `${name}: wrote batch ${loaded.batchId} of ${count(UNITS)} units (${count(loaded.values)} values) and ${SAMPLES} samples` +
        ` (${loaded.sampleValues} judged other properties; plan n ${loaded.plan.sampleSize}, Ac ${loaded.plan.acceptNumber}, Re ${loaded.plan.rejectNumber})` +
        ` in ${seconds(performance.now() - loadStart)}`,
    );
    server = await startServer(env, url);
    const idleRss = rssOf(server.pid);

    const { batchId } = loaded;
    const exports = [
      { label: 'task 导出 (export?taskId)', endpoint: DTU_SUBMISSION_ENDPOINTS.dtuTaskExport, query: { taskId }, firstHeader: '序号' },
      { label: 'batch 设备列表 (submitRecordExport)', endpoint: DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordExport, query: { batchId }, firstHeader: '序号' },
      { label: '检验报告 (reportExport)', endpoint: DTU_SUBMISSION_ENDPOINTS.dtuTaskReportExport, query: { batchId }, firstHeader: 'IMEI' },
    ];
    const figures = {};
    for (const { label, endpoint, query, firstHeader } of exports) {
      const urlPath = requestOf(endpoint, query).url;
      const file = path.join(dir, `${endpoint.path.split('/').at(-1)}.xlsx`);
      const cold = await measured(server.pid, () => download(port, login.token, urlPath, { sink: null }));
      const fast = await measured(server.pid, () => download(port, login.token, urlPath, { sink: file }));
      const rows = await rowsAfterHeader(file, firstHeader);
      const slow = await measured(server.pid, () => download(port, login.token, urlPath, { sink: null, bytesPerSecond: SLOW_BYTES_PER_S }));
      fs.rmSync(file);
      const announced = fast.result.announced === undefined ? '' : `announced ${fast.result.announced}, `;
      console.log(
        `${name}: ${label}: first call ${seconds(cold.ms)} (RSS +${mb(cold.rssPeak - cold.rssBefore)});` +
          ` fast client ${count(UNITS)} units in ${seconds(fast.ms)}, ${count(Math.round(UNITS / (fast.ms / 1000)))} rows/s, ${mb(fast.result.bytes)}` +
          ` (${announced}read back ${count(rows)} unit rows${rows === UNITS ? '' : ` — EXPECTED ${count(UNITS)}`}) — target < ${seconds(TARGET_MS)}: ${verdict(fast.ms < TARGET_MS)}`,
      );
      console.log(
        `${name}:   server RSS before ${mb(fast.rssBefore)}, peak ${mb(fast.rssPeak)} (+${mb(fast.rssPeak - fast.rssBefore)});` +
          ` slow client (${mb(SLOW_BYTES_PER_S)}/s) ${seconds(slow.ms)}, RSS before ${mb(slow.rssBefore)}, peak ${mb(slow.rssPeak)} (+${mb(slow.rssPeak - slow.rssBefore)})` +
          ` — target growth < ${mb(TARGET_GROWTH)}: ${verdict(Math.max(fast.rssPeak - fast.rssBefore, slow.rssPeak - slow.rssBefore) < TARGET_GROWTH)}`,
      );
      figures[endpoint.path] = { ms: fast.ms, bytes: fast.result.bytes, growth: fast.rssPeak - fast.rssBefore, slowGrowth: slow.rssPeak - slow.rssBefore };
    }

    // More rounds of the three to a fast client: memory that is flat does not climb from one round to the next
    // (a page of rows kept by mistake would add its share every time).
    const afterMeasured = rssOf(server.pid);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const { endpoint, query } of exports) await download(port, login.token, requestOf(endpoint, query).url, { sink: null });
      rounds.push(rssOf(server.pid));
    }
    console.log(
      `${name}: server RSS idle ${mb(idleRss)}, after the exports above ${mb(afterMeasured)}, after each of ${ROUNDS} more rounds of the three: ${rounds.map(mb).join(', ')}`,
    );

    // The report page's two calls, their answers checked against the contract first.
    const detailPath = requestOf(DTU_SUBMISSION_ENDPOINTS.dtuTaskReportDetail, { id: batchId }).url;
    const gprsPath = requestOf(DTU_SUBMISSION_ENDPOINTS.dtuTaskReportGprs, { batchId }).url;
    const detail = checkedAnswer(DTU_SUBMISSION_ENDPOINTS.dtuTaskReportDetail, JSON.parse((await get(port, login.token, detailPath)).body).data);
    const gprs = checkedAnswer(DTU_SUBMISSION_ENDPOINTS.dtuTaskReportGprs, JSON.parse((await get(port, login.token, gprsPath)).body).data);
    const detailTimes = await latencies(port, login.token, detailPath);
    const gprsTimes = await latencies(port, login.token, gprsPath);
    console.log(
      `${name}: reportDetail (${detail.batchRecords.length} device rows, complete ${detail.batchRecordsComplete}, ${detail.categories.length} categories):` +
        ` p50 ${detailTimes.p50.toFixed(1)} ms, p95 ${detailTimes.p95.toFixed(1)} ms; reportGprs (${count(Object.keys(gprs).length)} units):` +
        ` p50 ${gprsTimes.p50.toFixed(1)} ms, p95 ${gprsTimes.p95.toFixed(1)} ms (${LATENCY_CALLS} calls each)`,
    );
    return { name, figures, rounds, detail: detailTimes, gprs: gprsTimes };
  } finally {
    await server.stop();
  }
}

/** The server's resident memory now, from /proc (kB there). */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
}

/** Runs `work` while sampling the server's memory every RSS_EVERY_MS. */
async function measured(pid, work) {
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), RSS_EVERY_MS);
  const start = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - start;
    rssPeak = Math.max(rssPeak, rssOf(pid));
    return { result, ms, rssBefore, rssPeak };
  } finally {
    clearInterval(sampler);
  }
}

/** `LATENCY_CALLS` sequential GETs after three to warm up: p50 and p95 in ms. */
async function latencies(port, token, urlPath) {
  for (let n = 0; n < 3; n++) await get(port, token, urlPath);
  const times = [];
  for (let n = 0; n < LATENCY_CALLS; n++) {
    const start = performance.now();
    const answer = await get(port, token, urlPath);
    times.push(performance.now() - start);
    if (answer.status !== 200) throw new Error(`${urlPath}: ${answer.status} ${answer.body}`);
  }
  const sorted = times.sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];
  return { p50: at(0.5), p95: at(0.95) };
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

/**
 * The unit rows of the one sheet, read with exceljs's streaming reader: the rows after the first whose first
 * cell is `firstHeader` (the device table's header; the report has its head and checks above it).
 */
async function rowsAfterHeader(file, firstHeader) {
  let rows = 0;
  let inTable = false;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (inTable) rows += 1;
      else if (row.values[1] === firstHeader) inTable = true;
    }
  }
  return rows;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const get = (port, token, urlPath) => getText(port, token, urlPath, agent);

await main();
