// The console's cheap list calls under load, each beside its bare twin (issue 19 item 1; DESIGN.md §7 asks
// ≥ 70% of bare Fastify). Per dialect (SQLite on a fresh file; PostgreSQL on a fresh schema of
// TEST_DATABASE_URL when that is set, dropped afterwards): a task of 100,000 units seeded through the API,
// every unit made tested by the boards' bulk loader (bench/boards-load.mjs), then the built server and
// bench/list-calls-bare.mjs side by side on that database (Fastify, one handler a call running the
// product's statements as hand-written SQL, byte for byte: one session lookup, no validation, no Kysely).
// Each call is loaded by LIST_CONNECTIONS keep-alive connections asking as fast as they are answered,
// LIST_SECONDS per server, in LIST_ROUNDS turns that alternate the servers (so a burst of other work on the
// machine falls on both sides of the ratio); every call cycles through the same paths (different SNs) on
// both. Before loading, each path's answers from the two are compared (same JSON, or the line says where
// they differ). Printed per call: requests/s of each and their ratio (! below 70%), p50/p99, and each
// server's CPU per answer (/proc, user + system) with bare/product: on a machine shared with other work the
// CPU per answer moves less than the rates do. Figures are printed, never asserted: only a crash fails.
//   LIST_SECONDS=6 LIST_CALLS=getTasks,traceBySn LIST_DIALECTS=sqlite node bench/list-calls.mjs
//   LIST_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   node flags for the product's server
//   LIST_SERVER_ARGS="--import ./bench/sql-log.mjs" LIST_BARE_ARGS="--import ./bench/sql-log.mjs" SQL_LOG=/tmp/sql.log
//                                                            every statement of both, to match them
//   LIST_BEFORE_DIST=packages/server/node_modules/.list-calls/dist-before   a kept copy of packages/server/dist (kept there,
//     out of ESLint's way, its packages still resolved) measured in the same run, "(before)"
import { isDeepStrictEqual } from 'node:util';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { flowTemplates } from './boards-history.mjs';
import { captureTask, loadDevices, openLoader, taskContext } from './boards-load.mjs';
import { buildServer, forEachDialect, freePort, gatewayProduct, getText, percentile, root, spawnNode, startServer, waitReady } from './support.mjs';

const UNITS = Number(process.env.LIST_UNITS) || 100_000;
const CONNECTIONS = Number(process.env.LIST_CONNECTIONS) || 50;
const DURATION_S = Number(process.env.LIST_SECONDS) || 15;
const ROUNDS = Number(process.env.LIST_ROUNDS) || 3;
const RUN_S = DURATION_S / ROUNDS;
const WARMUP_S = Math.min(1, RUN_S / 5);
const GOAL = 0.7;
const ADMIN_PASSWORD = 'Admin12345';
const TIME_ZONE = process.env.TZ || 'Asia/Shanghai';
const YEAR_MS = 365 * 86_400_000;
const DIALECTS = (process.env.LIST_DIALECTS ?? 'sqlite,postgres').split(',');
const SAMPLES = 64;

/** The calls measured: a name and the paths it cycles through, from what the seeding left. */
const CALLS = {
  getTasks: () => ['/api/task/getTasks?page=1&pageSize=10'],
  recordsBySn: ({ taskId, devices }) =>
    devices.map((device) => `/api/productionRecord/list?taskId=${taskId}&page=1&pageSize=10&searchText=${device.sn}`),
  traceBySn: ({ devices }) => devices.map((device) => `/api/device/trace?text=${device.sn}`),
};
const CHOSEN = (process.env.LIST_CALLS ?? Object.keys(CALLS).join(',')).split(',');

/** Two flows with a few checks each, as the board bench's product. */

async function main() {
  try {
    buildServer();
  } catch {
    console.log('tsc -b reported errors (another change in progress?): measuring the last build in packages/server/dist');
  }
  console.log(
    `list calls: ${CONNECTIONS} keep-alive connections for ${DURATION_S} s a call and server, in ${ROUNDS} turns (first ${WARMUP_S} s of each not counted), ${UNITS.toLocaleString('en')} tested devices, ` +
      `load generator on the same ${os.cpus().length} cores (load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')})`,
  );
  const rows = (await forEachDialect('lists', benchDialect, DIALECTS)).flat();
  console.log('');
  console.log(
    `${'dialect'.padEnd(10)} ${'call'.padEnd(12)} ${'product'.padStart(8)} ${'bare'.padStart(8)}  ratio  product p50/p99     bare p50/p99       ` +
      `CPU ms/answer: product bare ratio`,
  );
  for (const row of rows) console.log(row);
}

async function benchDialect(name, databaseUrl, dir) {
  const sim = await import(path.join(root, 'packages/simulator/dist/index.js'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATABASE_URL: databaseUrl, FILES_DIR: path.join(dir, 'files'), ADMIN_PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' };
  let server = await startServer(env, url);
  let task;
  try {
    const { api } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
    const seedStart = performance.now();
    const plan = sim.singleTaskPlan(gatewayProduct(sim, 'GW_LIST_BENCH', 'GWLIST'), { units: UNITS, stations: 2, operatorCount: 2, padPrefix: 'LIST' });
    const seeded = await sim.seedFactory(api, url, plan);
    task = await captureTask(api, sim, url, seeded.tasks[0].taskId, seeded.tasks[0].stations);
    console.log(`${name}: seeded a task of ${UNITS.toLocaleString('en')} units through the API in ${seconds(performance.now() - seedStart)}`);
  } finally {
    await server.stop();
  }
  const loadStart = performance.now();
  const loader = await openLoader(databaseUrl);
  try {
    const random = sim.seededRandom(20_251_219);
    const context = await taskContext(loader, task, (assignment, templates) => flowTemplates(sim, assignment, random, templates));
    const now = Date.now();
    const loaded = await loadDevices(loader, [{ task: context, from: 1, to: UNITS }], {
      spanStart: now - YEAR_MS,
      spanEnd: now - 3_600_000,
      random,
      deviceOf: sim.deviceOf,
      timeZone: TIME_ZONE,
    });
    console.log(`${name}: made the devices tested (${loaded.results.toLocaleString('en')} results) in ${seconds(performance.now() - loadStart)}`);
  } finally {
    await loader.close();
  }
  if (name === 'PostgreSQL') {
    // As bench/record-export.mjs: the load wrote in seconds what a line writes over days, with autovacuum keeping up.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('vacuum (analyze) production_code, flow_result, device_flow');
    } finally {
      await client.end();
    }
  }

  // Devices spread over the task, the same for every call and both servers.
  const devices = Array.from({ length: SAMPLES }, (_, n) => sim.deviceOf(task.taskId, 1 + Math.floor(((n + 0.5) * UNITS) / SAMPLES), ''));
  const paths = Object.fromEntries(CHOSEN.map((call) => [call, CALLS[call]({ taskId: task.taskId, devices })]));

  // LIST_SERVER_ARGS: node flags for the product's server (a CPU profile, the SQL log of bench/sql-log.mjs);
  // LIST_SERVER_DIST: another build of the server to measure (a copy of packages/server/dist kept from before a change).
  const serverArgs = process.env.LIST_SERVER_ARGS ? process.env.LIST_SERVER_ARGS.split(' ').filter(Boolean) : [];
  const dist = process.env.LIST_SERVER_DIST ? path.resolve(process.env.LIST_SERVER_DIST) : path.join(root, 'packages/server/dist');
  const product = spawnNode([...serverArgs, path.join(dist, 'main.js')], env);
  const barePort = await freePort();
  // LIST_BARE_ARGS: node flags for the bare twin (the SQL log, to match its statements with the product's).
  const bareArgs = process.env.LIST_BARE_ARGS ? process.env.LIST_BARE_ARGS.split(' ').filter(Boolean) : [];
  const bare = spawnNode([...bareArgs, path.join(root, 'bench/list-calls-bare.mjs'), databaseUrl, String(barePort)], { TZ: TIME_ZONE });
  // LIST_BEFORE_DIST: a build kept from before a change (a copy of packages/server/dist under packages/server/node_modules),
  // loaded in turn with the other two on the same database: before and after in one run, the same load around both.
  const beforePort = await freePort();
  const before = process.env.LIST_BEFORE_DIST
    ? spawnNode([path.join(path.resolve(process.env.LIST_BEFORE_DIST), 'main.js')], { ...env, PORT: String(beforePort) })
    : null;
  const results = {};
  try {
    await waitReady(product.child, `${url}/api/docs/json`, product.output);
    if (before) await waitReady(before.child, `http://127.0.0.1:${beforePort}/api/docs/json`, before.output);
    await waitReady(bare.child, `http://127.0.0.1:${barePort}/ready`, bare.output);
    const { login } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
    for (const call of CHOSEN) {
      const same = [];
      for (const each of paths[call].slice(0, 8)) same.push(compare(await get(port, login.token, each), await get(barePort, login.token, each)));
      // Both servers up, loaded in turn in ROUNDS short runs each: a burst of other work on the machine
      // then falls on both sides of the ratio rather than on one.
      const runs = { product: [], bare: [], before: [] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.product.push(await drive(port, login.token, paths[call], product.child.pid));
        runs.bare.push(await drive(barePort, login.token, paths[call], bare.child.pid));
        if (before) runs.before.push(await drive(beforePort, login.token, paths[call], before.child.pid));
      }
      results[call] = {
        product: merged(runs.product),
        bare: merged(runs.bare),
        before: before ? merged(runs.before) : null,
        differs: same.find((text) => text !== null),
      };
    }
  } finally {
    await product.stop();
    await bare.stop();
    await before?.stop();
  }

  const line = (label, p, b, differs) => {
    const ratio = p.perSecond / b.perSecond;
    return (
      `${name.padEnd(10)} ${label.padEnd(12)} ${rate(p)} ${rate(b)}  ${`${Math.round(100 * ratio)}%`.padStart(4)}${ratio >= GOAL ? ' ' : '!'}` +
      ` ${latency(p)}  ${latency(b)}  ${cpuOf(p)} ${cpuOf(b)} ${`${Math.round((100 * b.cpuPerAnswer) / p.cpuPerAnswer)}%`.padStart(4)}${errorsOf(p, 'product')}${errorsOf(b, 'bare')}${differs ? `  ANSWERS DIFFER: ${differs}` : ''}`
    );
  };
  return CHOSEN.flatMap((call) => {
    const { product, bare: b, before: earlier, differs } = results[call];
    return [line(call, product, b, differs), ...(earlier ? [line(`  (before)`, earlier, b)] : [])];
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rate = (run) => Math.round(run.perSecond).toLocaleString('en').padStart(8);
const latency = (run) => `${run.p50.toFixed(1).padStart(6)}/${run.p99.toFixed(1).padEnd(7)} ms`;
const cpuOf = (run) => `${run.cpuPerAnswer.toFixed(2).padStart(5)}`;
const errorsOf = (run, who) => (run.errors > 0 ? `  ${who}: ${run.errors} errors (${[...run.errorKinds].slice(0, 2).join('; ')})` : '');

/** null when both answers hold the same JSON, else where they first differ. */
function compare(product, bare) {
  if (product.status !== 200 || bare.status !== 200) return `status ${product.status} against ${bare.status}`;
  const a = JSON.parse(product.body);
  const b = JSON.parse(bare.body);
  if (isDeepStrictEqual(a, b)) return null;
  const at = [...product.body].findIndex((char, index) => char !== bare.body[index]);
  return `at ${at}: product …${product.body.slice(Math.max(0, at - 40), at + 40)}… bare …${bare.body.slice(Math.max(0, at - 40), at + 40)}…`;
}

const TICK_MS = 1000 / 100;
/** The process's CPU time so far (user + system, /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}


/** A GET that never throws: a failed connection is status 0 with its message (counted as an error). */
const get = (port, token, urlPath, agent) => getText(port, token, urlPath, agent).catch((error) => ({ status: 0, body: error.message }));

/** CONNECTIONS loops on their own keep-alive connections, each asking the next path as soon as answered. */
async function drive(port, token, paths, pid) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const started = performance.now();
  const warmEnd = started + WARMUP_S * 1000;
  const end = started + RUN_S * 1000;
  let cpuFrom = null;
  let cpuTo = null;
  const latencies = [];
  let counted = 0;
  let errors = 0;
  let next = 0;
  const errorKinds = new Set();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        const answer = await get(port, token, paths[next++ % paths.length], agent);
        const done = performance.now();
        if (cpuFrom === null && done >= warmEnd) cpuFrom = { ms: cpuMsOf(pid), counted };
        if (done <= end) cpuTo = { ms: cpuMsOf(pid), counted };
        if (answer.status !== 200 || !answer.body.startsWith('{"code":1')) {
          errors += 1;
          errorKinds.add(`${answer.status} ${answer.body.slice(0, 80)}`);
        } else if (sent >= warmEnd && done <= end) {
          counted += 1;
          latencies.push(done - sent);
        }
      }
    }),
  );
  agent.destroy();
  // The server's CPU over the answers counted, as far as the samples bracket them.
  const cpu = cpuFrom && cpuTo && cpuTo.counted > cpuFrom.counted ? { ms: cpuTo.ms - cpuFrom.ms, answers: cpuTo.counted - cpuFrom.counted } : { ms: 0, answers: 0 };
  return { counted, seconds: RUN_S - WARMUP_S, latencies, errors, errorKinds, cpu };
}

/** The runs of one server on one call as one: requests per counted second, latency percentiles over all. */
function merged(runs) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const counted = runs.reduce((sum, run) => sum + run.counted, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    perSecond: counted / seconds,
    p50: percentile(latencies, 0.5, 0),
    p99: percentile(latencies, 0.99, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    errorKinds: new Set(runs.flatMap((run) => [...run.errorKinds])),
    cpuPerAnswer: runs.reduce((sum, run) => sum + run.cpu.ms, 0) / Math.max(1, runs.reduce((sum, run) => sum + run.cpu.answers, 0)),
  };
}

await main();
