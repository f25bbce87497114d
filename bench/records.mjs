// The records list under each of its filters at 100,000 and 1,000,000 tested devices of one task (issue 19
// item 2: every filter under 20 ms p95 at 1M). Per dialect (SQLite on a fresh file; PostgreSQL on a fresh
// schema of TEST_DATABASE_URL when that is set, dropped afterwards): a task of 100,000 units seeded through
// the API, every unit made tested by the boards' bulk loader (bench/boards-load.mjs: results, latest results,
// the devices' columns and the rollups), the list timed; then, with the server stopped, 900,000 more codes
// added to the same task by direct SQL (the API plans at most 100,000 a task) and made tested the same way,
// and the list timed again. Each filter is timed over HTTP as the administrator, sequentially after a
// warm-up (p50, p95), the filters taking turns, as the console asks it: page 1 of 10 unless told. Figures are
// printed, never asserted.
//   RECORDS_SIZES=100000 RECORDS_DIALECTS=sqlite RECORDS_SAMPLES=100 node bench/records.mjs   (a quicker look)
import { checkedAnswer, ENDPOINTS, requestOf } from '@factory/contracts';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { flowTemplates } from './boards-history.mjs';
import { captureTask, loadDevices, openLoader, taskContext } from './boards-load.mjs';
import { buildServer, forEachDialect, freePort, gatewayProduct, getEnvelope, percentile, root, startServer } from './support.mjs';

const SIZES = (process.env.RECORDS_SIZES ?? '100000,1000000').split(',').map(Number);
const DIALECTS = (process.env.RECORDS_DIALECTS ?? 'sqlite,postgres').split(',');
const SEEDED_UNITS = 100_000;
const TARGET_MS = 20;
const WARMUP = 20;
const SAMPLES = Number(process.env.RECORDS_SAMPLES) || 200;
const MAX_MS_PER_FILTER = 5_000;
const YEAR_MS = 365 * 86_400_000;
const DAY_MS = 86_400_000;
const ADMIN_PASSWORD = 'Admin12345';
const TIME_ZONE = process.env.TZ || 'Asia/Shanghai';

/** Two flows with a few checks each, as the board bench's product. */

const count = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const day = (epochMs) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(epochMs));

/**
 * The filters timed: a label and the query (taskId added), some from what the database holds (`facts`):
 * a device's SN, and the cursor of the record at list position 50,000 (page 5,001 of 10 by keyset).
 */
const FILTERS = [
  ['none', () => ({})],
  ['status PASS (合格)', () => ({ testStatus: 'PASS' })],
  ['status NOT_PASS (不合格)', () => ({ testStatus: 'NOT_PASS' })],
  ['one month', ({ month }) => month],
  ['NOT_PASS in one month', ({ month }) => ({ testStatus: 'NOT_PASS', ...month })],
  ['SN search', ({ sns }) => sns.map((searchText) => ({ searchText }))],
  ['SN prefix (many match)', ({ snPrefix }) => ({ searchText: snPrefix })],
  ['deep page by keyset', ({ deepCursor }) => ({ page: 5001, after: deepCursor })],
  ['NOT_PASS deep by keyset', ({ failedCursor }) => (failedCursor ? { testStatus: 'NOT_PASS', page: 101, after: failedCursor } : null)],
  ['last page by number', ({ tested }) => ({ page: Math.ceil(tested / 10) })],
  ['page 1000 of PASS by number', () => ({ testStatus: 'PASS', page: 1000 })],
  // Not a list: one record's detail (well under a millisecond of work), timed in the same turns, as the floor the
  // machine's load puts under every figure.
  ['(floor: one record detail)', ({ codes }) => codes.map((id) => ({ [DETAIL]: true, id }))],
];
const DETAIL = Symbol('record detail');

async function main() {
  const started = performance.now();
  try {
    buildServer();
  } catch {
    console.log('tsc -b reported errors (another change in progress?): measuring the last build in packages/server/dist');
  }
  console.log(
    `records list filters at ${SIZES.map(count).join(' / ')} tested devices of one task, ${os.cpus().length} cores, target p95 < ${TARGET_MS} ms ` +
      `(load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')})`,
  );
  const runs = await forEachDialect('records', benchDialect, DIALECTS);
  printTable(runs);
  console.log(`\nbench run time ${seconds(performance.now() - started)}`);
}

async function benchDialect(name, databaseUrl, dir) {
  const sim = await import(path.join(root, 'packages/simulator/dist/index.js'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATABASE_URL: databaseUrl, FILES_DIR: path.join(dir, 'files'), ADMIN_PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' };
  let server = await startServer(env, url);
  const figures = new Map();
  let task;
  try {
    const { api } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
    const seedStart = performance.now();
    const plan = sim.singleTaskPlan(gatewayProduct(sim, 'GW_RECORDS_BENCH', 'GWRECORDS'), { units: SEEDED_UNITS, stations: 2, operatorCount: 2, padPrefix: 'REC' });
    const seeded = await sim.seedFactory(api, url, plan);
    task = await captureTask(api, sim, url, seeded.tasks[0].taskId, seeded.tasks[0].stations);
    console.log(`${name}: seeded a task of ${count(SEEDED_UNITS)} units through the API in ${seconds(performance.now() - seedStart)}`);
  } finally {
    await server.stop();
  }
  const random = sim.seededRandom(20_251_220);
  const now = Date.now();
  let tested = 0;
  let context = null;
  for (const size of SIZES) {
    if (size <= tested) continue;
    const loadStart = performance.now();
    const loader = await openLoader(databaseUrl);
    try {
      if (size > SEEDED_UNITS) await addCodes(databaseUrl, task.taskId, size);
      context ??= await taskContext(loader, task, (assignment, templates) => flowTemplates(sim, assignment, random, templates));
      // Each step's devices tested over their own stretch of the last year, later steps later (as a line goes on).
      const share = (n) => now - YEAR_MS + ((YEAR_MS - 3_600_000) * n) / SIZES.at(-1);
      const loaded = await loadDevices(loader, [{ task: context, from: tested + 1, to: size }], {
        spanStart: share(tested),
        spanEnd: share(size),
        random,
        deviceOf: sim.deviceOf,
        timeZone: TIME_ZONE,
      });
      console.log(`${name}: made ${count(size - tested)} devices tested (${loaded.results.toLocaleString('en')} results) in ${seconds(performance.now() - loadStart)}`);
    } finally {
      await loader.close();
    }
    tested = size;
    if (name === 'PostgreSQL') await vacuum(databaseUrl);

    server = await startServer(env, url);
    try {
      const { login } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
      const facts = await factsOf(databaseUrl, task.taskId, tested, sim);
      const chosen = FILTERS.map(([label, queryOf]) => [label, queryOf(facts)]).filter(([, made]) => made !== null);
      const queriesOf = (made) =>
        (Array.isArray(made) ? made : [made]).map((query) => (query[DETAIL] ? query : { taskId: task.taskId, page: 1, pageSize: 10, ...query }));
      // The filters take turns, a request each, so a burst of other work on the machine falls on all of them alike.
      const timings = await timeInTurns(port, login.token, chosen.map(([, made]) => queriesOf(made)));
      for (const [index, [label]] of chosen.entries()) {
        const timing = timings[index];
        figures.set(`${label}|${size}`, timing);
        console.log(
          `${name} ${count(size).padStart(4)} ${label.padEnd(28)} p50 ${timing.p50.toFixed(1).padStart(6)} ms  p95 ${timing.p95.toFixed(1).padStart(6)} ms` +
            `  total ${timing.total}  (${timing.samples} requests)${timing.errors ? `  ${timing.errors} errors: ${timing.error}` : ''}`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  return { name, figures };
}

/** Codes sequence+1..size of the task, added by direct SQL with the server stopped; the task's total raised to match. */
async function addCodes(databaseUrl, taskId, size) {
  const started = performance.now();
  const codeOf = (sequence) => `R${String(taskId).padStart(3, '0')}${String(sequence).padStart(8, '0')}`;
  const at = Date.now();
  if (databaseUrl.startsWith('file:')) {
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(databaseUrl.slice('file:'.length));
    try {
      const [{ top }] = db.prepare('select max(sequence) as top from production_code where "taskId" = ?').all(taskId);
      const insert = db.prepare('insert into production_code ("taskId", sequence, code, "createTime") values (?, ?, ?, ?)');
      db.transaction(() => {
        for (let sequence = top + 1; sequence <= size; sequence++) insert.run(taskId, sequence, codeOf(sequence), at);
        db.prepare('update task set "productionCount" = ? where id = ?').run(size, taskId);
      })();
    } finally {
      db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select max(sequence) as top from production_code where "taskId" = $1', [taskId]);
      for (let from = Number(rows[0].top) + 1; from <= size; from += 100_000) {
        const to = Math.min(size, from + 99_999);
        await client.query(
          `insert into production_code ("taskId", sequence, code, "createTime")
           select $1::int, s, 'R' || lpad($1::int::text, 3, '0') || lpad(s::text, 8, '0'), $4::bigint from generate_series($2::int, $3::int) as s`,
          [taskId, from, to, at],
        );
      }
      await client.query('update task set "productionCount" = $1 where id = $2', [size, taskId]);
    } finally {
      await client.end();
    }
  }
  console.log(`added codes up to ${count(size)} to task ${taskId} by direct SQL in ${seconds(performance.now() - started)}`);
}

async function vacuum(databaseUrl) {
  // As bench/record-export.mjs: the load wrote in seconds what a line writes over days, with autovacuum keeping up.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum (analyze) production_code, flow_result, device_flow, flow_counter');
  } finally {
    await client.end();
  }
}

/** What the filters need from the database: SNs spread over the task, and cursors deep in the list and in NOT_PASS. */
async function factsOf(databaseUrl, taskId, tested, sim) {
  const sns = Array.from({ length: 64 }, (_, n) => sim.deviceOf(taskId, 1 + Math.floor(((n + 0.5) * tested) / 64), '').sn);
  const one = async (text, params) => {
    if (databaseUrl.startsWith('file:')) {
      const Database = (await import('better-sqlite3')).default;
      const db = new Database(databaseUrl.slice('file:'.length), { readonly: true });
      try {
        return db.prepare(text).get(...params);
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      let index = 0;
      return (await client.query(text.replace(/\?/g, () => `$${++index}`), params)).rows[0];
    } finally {
      await client.end();
    }
  };
  const cursorAt = async (status, position) => {
    const row = await one(
      `select "firstTestTime" as t, id from production_code where "taskId" = ? and "firstTestTime" is not null ${status ? 'and "testStatus" = ?' : ''}
       order by "firstTestTime" desc, id desc limit 1 offset ?`,
      status ? [taskId, status, position - 1] : [taskId, position - 1],
    );
    return row ? `${row.t}_${row.id}` : null;
  };
  // Thirty days in the middle of the first tests loaded so far.
  const span = await one('select min("firstTestTime") as lo, max("firstTestTime") as hi from production_code where "taskId" = ?', [taskId]);
  const middle = (Number(span.lo) + Number(span.hi)) / 2;
  const codes = [];
  for (const sn of sns.slice(0, 8)) codes.push((await one('select code from production_code where "taskId" = ? and sn = ?', [taskId, sn])).code);
  return {
    codes,
    month: { fromTime: day(middle - 15 * DAY_MS), toTime: day(middle + 15 * DAY_MS) },
    tested,
    sns,
    // Ten devices' SNs start with it at 100k (SN + task + the first five digits of the sequence).
    snPrefix: sns[32].slice(0, -1),
    deepCursor: await cursorAt(null, 50_000),
    failedCursor: await cursorAt('NOT_PASS', 1_000),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const get = (port, token, urlPath) => getEnvelope(port, token, urlPath, agent);


/**
 * Every filter in turn, one request each (a filter with several queries cycles through them): WARMUP turns
 * not counted (the first answer of each checked against the contract), then SAMPLES turns or
 * MAX_MS_PER_FILTER × filters of them, sequential requests. Answers each filter's p50, p95 and the total it said.
 */
async function timeInTurns(port, token, filters) {
  const runs = filters.map((queries) => ({
    endpoint: queries[0][DETAIL] ? ENDPOINTS.recordDetail : ENDPOINTS.recordList,
    urls: queries.map((query) => (query[DETAIL] ? requestOf(ENDPOINTS.recordDetail, { id: query.id }) : requestOf(ENDPOINTS.recordList, query)).url),
    latencies: [],
    errors: 0,
    error: '',
    total: '',
  }));
  const end = performance.now() + WARMUP * 50 + MAX_MS_PER_FILTER * filters.length;
  for (let turn = 0; turn < WARMUP + SAMPLES && performance.now() < end; turn++) {
    for (const run of runs) {
      const sent = performance.now();
      const answer = await get(port, token, run.urls[turn % run.urls.length]);
      const took = performance.now() - sent;
      if (!answer.ok) {
        run.errors += 1;
        run.error = `${answer.status} ${answer.text.slice(0, 100)}`;
      } else if (turn === 0) {
        const page = checkedAnswer(run.endpoint, answer.json.data);
        run.total = run.endpoint === ENDPOINTS.recordList ? `${page.totalRecord.toLocaleString('en')}${page.totalCapped ? '+' : ''}` : '-';
      } else if (turn >= WARMUP) run.latencies.push(took);
    }
  }
  return runs.map((run) => {
    const sorted = run.latencies.sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), samples: sorted.length, errors: run.errors, error: run.error, total: run.total };
  });
}

function printTable(runs) {
  const columns = runs.flatMap((run) => SIZES.map((size) => ({ run, size, head: `${run.name} ${count(size)}` })));
  const width = Math.max(11, ...columns.map((column) => column.head.length + 1));
  for (const key of ['p95', 'p50']) {
    console.log(`\n${key} latency in ms (sequential requests as the administrator; ! marks p95 >= ${TARGET_MS} ms)`);
    console.log(`${'filter'.padEnd(30)}${columns.map((column) => column.head.padStart(width)).join('')}`);
    for (const [label] of FILTERS) {
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
