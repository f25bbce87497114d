// Station results per second into the product (DESIGN.md §7: 5,000/s on SQLite, 2,000/s on
// PostgreSQL, under 1,000 a defect) with 50 concurrent stations, the load generator sharing the
// machine's cores with the server. The built server runs on a fresh SQLite file, and on a fresh
// schema of TEST_DATABASE_URL's PostgreSQL when that is set; a task of 100,000 units has 50 PADs
// with a station signed in at each, and every station submits as fast as it is answered. Beside
// it, on the same database, the bare twins of bench/ingest-bare.mjs: "bare" runs the product's own
// statements by hand (the goal's ratio: what the product's layers cost, i.e. Fastify's route, zod,
// the guard's rules, the verdict, Kysely), "minimal" the issue's first twin (four writes, no
// session, no rollups). The product and "bare" warm up uncounted, then take ROUNDS turns each.
// On PostgreSQL a last line runs two product processes on the one database, the stations spread over both
// (DESIGN.md §10), against the one process above.
// INGEST_SECONDS, INGEST_STATIONS, INGEST_DIALECTS=sqlite|postgres change the run.
// Figures are printed, never asserted: only a crash fails.
import { ENDPOINTS } from '@factory/contracts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BARE_PATH, openRaw, SAME_SQL_PATH } from './ingest-bare.mjs';
import { buildServer, forEachDialect, freePort, percentile, root, spawnNode, waitReady } from './support.mjs';

const STATIONS = Number(process.env.INGEST_STATIONS) || 50;
const UNITS = 100_000;
const DURATION_S = Number(process.env.INGEST_SECONDS) || 15;
const WARMUP_S = 2;
/** The product and its bare twin take turns this many times each (DURATION each in all). */
const ROUNDS = 2;
const TARGETS = { SQLite: 5_000, PostgreSQL: 2_000 };
const DEFECT = 1_000;
const ADMIN_PASSWORD = 'Admin12345';

async function main() {
  buildServer();
  console.log(
    `station results: ${STATIONS} stations submitting as fast as answered for ${DURATION_S} s in ${ROUNDS} turns (the first ${WARMUP_S} s of each not counted), ` +
      `load generator on the same ${os.cpus().length} cores`,
  );
  // INGEST_DIALECTS=postgres (or sqlite) measures one dialect only, while working on it.
  const dialects = process.env.INGEST_DIALECTS ? process.env.INGEST_DIALECTS.split(',') : undefined;
  const rows = (await forEachDialect('ingest', benchDialect, dialects)).flat();
  console.log('');
  for (const row of rows) console.log(row);
}

/** One flow checking every kind of value, and a manual check: the verdict work of a real station. */
function benchProduct(sim) {
  return {
    ...sim.GATEWAY,
    number: 'GW_INGEST_BENCH',
    code: 'GWINGEST',
    flows: [
      {
        name: '整机检测',
        items: [
          { code: 'power', flag: true },
          { code: 'voltage', range: [3.1, 3.5] },
          { code: 'current', range: [80, 150] },
          { code: 'signal_level', enums: ['1', '2'] },
          { code: 'firmware_version', text: 'v2.1.0' },
          { code: 'standby_power', value: 1.2 },
        ],
        manualItems: ['外壳无划痕'],
      },
    ],
  };
}

async function benchDialect(name, databaseUrl, dir) {
  const sim = await import(path.join(root, 'packages/simulator/dist/index.js'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // INGEST_SERVER_ARGS passes node flags to the product's server and the bare route's (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const serverArgs = process.env.INGEST_SERVER_ARGS ? process.env.INGEST_SERVER_ARGS.split(' ').filter(Boolean) : [];
  const productOn = (onPort) =>
    spawnNode([...serverArgs, path.join(root, 'packages/server/dist/main.js')], {
      PORT: String(onPort),
      DATABASE_URL: databaseUrl,
      FILES_DIR: path.join(dir, 'files'),
      ADMIN_PASSWORD,
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      MQTT: 'off',
    });
  const server = productOn(port);
  const barePort = await freePort();
  let bare;
  let second;
  let product;
  let same;
  let minimal;
  let twoProcesses = null;
  try {
    await waitReady(server.child, `${url}/api/docs/json`, server.output);
    const { api } = await sim.consoleLogin(url, 'admin', ADMIN_PASSWORD);
    const seedStart = performance.now();
    const plan = sim.singleTaskPlan(benchProduct(sim), { units: UNITS, stations: STATIONS, operatorCount: 5, padPrefix: 'INGEST' });
    const seeded = await sim.seedFactory(api, url, plan);
    const task = seeded.tasks[0];
    const codes = await sim.codesReader(api)(task.taskId);
    console.log(`${name}: seeded a task of ${codes.length.toLocaleString('en')} units with ${task.stations.length} PADs in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const tokens = [];
    const clients = [];
    for (const login of task.stations) {
      const client = new sim.StationClient({ baseUrl: url });
      tokens.push((await client.login(login.terminalCode, login.username, login.password)).token);
      clients.push(client);
    }
    const assignment = await clients[0].assignment();
    // A pool of drawn results per station, cycled: drawing is the simulator's cost, not the server's.
    const random = sim.seededRandom(11);
    const pool = Array.from({ length: 200 }, () => sim.drawResult(assignment.items, assignment.manualItems, 0.05, random));
    const devices = codes.map((code, index) => sim.deviceOf(task.taskId, index + 1, code));
    // One terminal per simulated station, as in the product: each writes its own counter row.
    const db = await openRaw(databaseUrl);
    const terminals = (await db.all('select id from terminal where "taskId" is not null order by id')).map((row) => row.id);
    // PostgreSQL: the seeding's 100,000 new rows would have autovacuum and the first reads setting hint bits
    // take a core during whichever run comes first (it ran at half speed): settled first, as a factory's are.
    if (!databaseUrl.startsWith('file:')) {
      await db.all('vacuum analyze');
      await db.all('checkpoint');
    }
    await db.close();
    // Started on the seeded database (it prepares its statements at once), and idle while the product is measured.
    bare = spawnNode([...serverArgs, path.join(root, 'bench/ingest-bare.mjs'), databaseUrl, String(barePort)], {});
    await waitReady(bare.child, `http://127.0.0.1:${barePort}/ready`, bare.output);

    // The product tests the devices from the first, its bare twin from the last, so that both test devices
    // never tested before (a device's first result writes the most); the minimal twin takes any.
    let first = 0;
    let last = devices.length;
    let any = 0;
    // The product's next result, one process or two: the devices in turn from the first.
    const productNext = () => productBody(devices[first++ % devices.length], pool[first % pool.length]);
    const runs = {
      product: (seconds, warmup) => drive({ port, pid: server.child.pid, path: ENDPOINTS.stationResult.path, tokens, bodyFor: productNext }, seconds, warmup),
      same: (seconds, warmup) =>
        drive({
          port: barePort,
          pid: bare.child.pid,
          path: SAME_SQL_PATH,
          tokens,
          bodyFor: () => {
            last = last === 0 ? devices.length - 1 : last - 1;
            const drawn = pool[last % pool.length];
            // The verdict is the product's work: the bare twin is told it, and the first auto item stands for the failed ones.
            return { ...productBody(devices[last], drawn), status: drawn.expectPass ? 'TEST_SUCCESS' : 'TEST_ERROR', failedItems: drawn.expectPass ? [] : [assignment.items[0].id] };
          },
        }, seconds, warmup),
      minimal: (seconds, warmup) =>
        drive({
          port: barePort,
          pid: bare.child.pid,
          path: BARE_PATH,
          tokens: Array.from({ length: STATIONS }, () => null),
          bodyFor: (station) => {
            const now = Date.now();
            any += 1;
            return {
              clientResultId: randomUUID(),
              terminalId: terminals[station % terminals.length],
              productionCode: devices[any % devices.length].code,
              status: any % 20 === 0 ? 'TEST_ERROR' : 'TEST_SUCCESS',
              startTime: now - 1000,
              endTime: now,
              autoValues: [{ itemId: 1, value: 3.3 }],
              manualResults: [{ itemId: 1, pass: true }],
            };
          },
        }, seconds, warmup),
    };
    // Whichever twin ran first on a fresh database ran up to a third slower on PostgreSQL (its first pages,
    // WAL segments, caches): both warm up first, uncounted, then take turns, ROUNDS each, summed.
    await runs.product(WARMUP_S + 1, WARMUP_S + 1);
    await runs.same(WARMUP_S + 1, WARMUP_S + 1);
    const rounds = { product: [], same: [] };
    // Each turn counts at least a second past its warm-up, however short INGEST_SECONDS.
    const perRound = Math.max(DURATION_S / ROUNDS, WARMUP_S + 1);
    for (let round = 0; round < ROUNDS; round++) {
      // The first to go alternates too.
      for (const twin of round % 2 === 0 ? ['product', 'same'] : ['same', 'product']) rounds[twin].push(await runs[twin](perRound, WARMUP_S));
    }
    product = summarize(rounds.product);
    same = summarize(rounds.same);
    minimal = summarize([await runs.minimal(DURATION_S, WARMUP_S)]);
    if (!databaseUrl.startsWith('file:')) {
      // DESIGN.md §10: a second server process on the same PostgreSQL, the same stations spread over both.
      const secondPort = await freePort();
      second = productOn(secondPort);
      await waitReady(second.child, `http://127.0.0.1:${secondPort}/api/docs/json`, second.output);
      const two = (seconds, warmup) =>
        drive(
          {
            ports: [port, secondPort],
            pids: [server.child.pid, second.child.pid],
            path: ENDPOINTS.stationResult.path,
            tokens,
            bodyFor: productNext,
          },
          seconds,
          warmup,
        );
      await two(WARMUP_S + 1, WARMUP_S + 1);
      const turns = [];
      for (let round = 0; round < ROUNDS; round++) turns.push(await two(perRound, WARMUP_S));
      twoProcesses = summarize(turns);
    }
  } finally {
    await server.stop();
    await second?.stop();
    await bare?.stop();
  }

  const target = TARGETS[name];
  const verdict = product.perSecond >= target ? 'meets the target' : product.perSecond >= DEFECT ? 'below the target' : 'DEFECT (under 1,000/s)';
  return [
    `${name.padEnd(10)} product  ${figures(product)}  target ${target.toLocaleString('en')}/s: ${verdict}`,
    `${name.padEnd(10)} bare     ${figures(same)}  product/bare ${ratio(product, same)} (the product's statements; goal 85%)`,
    `${name.padEnd(10)} minimal  ${figures(minimal)}  product/minimal ${ratio(product, minimal)} (four writes, no session, no rollups: the issue's first twin)`,
    ...(twoProcesses
      ? [
          `${name.padEnd(10)} 2 procs  ${figures(twoProcesses)}  two/one ${ratio(twoProcesses, product)}, two/bare ${ratio(twoProcesses, same)} (two product processes on one database, the stations spread over both; CPU of both)`,
        ]
      : []),
  ];
}

const ratio = (product, bare) => `${Math.round((100 * product.perSecond) / bare.perSecond)}%`;

/** A station's result for a device, with drawn values, as the station app sends it. */
function productBody(device, drawn) {
  const now = Date.now();
  return {
    clientResultId: randomUUID(),
    productionCode: device.code,
    sn: device.sn,
    startTime: now - 1000,
    endTime: now,
    autoValues: drawn.autoValues,
    manualResults: drawn.manualResults,
  };
}

function figures(run) {
  const ms = (value) => `${value.toFixed(1)} ms`;
  // CPU per result hardly moves with what else runs on the machine, unlike results/s.
  const cpu = run.cpuMs === null ? '' : `  server CPU ${run.cpuMs.toFixed(2)} ms/result${run.databaseMs > 0 ? `, PostgreSQL's ${run.databaseMs.toFixed(2)}` : ''}`;
  const errors = run.errors > 0 ? `, ${run.errors} errors (${[...run.errorKinds].slice(0, 3).join('; ')})` : '';
  return `${Math.round(run.perSecond).toLocaleString('en').padStart(6)} results/s  p50 ${ms(run.p50)}  p95 ${ms(run.p95)}  p99 ${ms(run.p99)}${cpu}${errors}`;
}


/** The CPU time (user + system, ms) a process has used so far, from /proc; null where there is none. */
function cpuTimeOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The CPU time (ms) of each of the local PostgreSQL server's processes, by pid (none where it runs elsewhere). */
function databaseCpuTimes() {
  const times = new Map();
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres')) times.set(pid, cpuTimeOf(pid) ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return times;
}

/** The database's CPU between two readings: a connection opened meanwhile counts whole, one closed meanwhile is lost (the pools keep theirs). */
const databaseCpuBetween = (before, after) => [...after].reduce((sum, [pid, time]) => sum + time - (before.get(pid) ?? 0), 0);

/** The CPU time of several processes together; null when any cannot be read. */
function cpuTimeOfAll(pids) {
  const times = pids.map(cpuTimeOf);
  return times.includes(null) ? null : times.reduce((sum, time) => sum + time, 0);
}

/**
 * STATIONS loops, each with its own keep-alive connection, posting the next body as soon as the
 * last one is answered, for `seconds`. Counts answers with code 1 after `warmup` seconds, and their
 * latency, and the server process's CPU time over the counted part.
 */
async function drive({ port, ports = [port], path: urlPath, tokens, bodyFor, pid, pids = [pid] }, seconds, warmup) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const started = performance.now();
  const warmEnd = started + warmup * 1000;
  const end = started + seconds * 1000;
  const latencies = [];
  let counted = 0;
  let errors = 0;
  let cpuAtWarmEnd = null;
  let databaseAtWarmEnd = new Map();
  const warmTimer = setTimeout(() => {
    cpuAtWarmEnd = cpuTimeOfAll(pids);
    databaseAtWarmEnd = databaseCpuTimes();
  }, warmup * 1000);
  let cpuAtEnd = null;
  let databaseAtEnd = new Map();
  const endTimer = setTimeout(() => {
    cpuAtEnd = cpuTimeOfAll(pids);
    databaseAtEnd = databaseCpuTimes();
  }, seconds * 1000);
  const errorKinds = new Set();

  const post = (port, token, body) =>
    new Promise((resolve) => {
      const payload = JSON.stringify(body);
      const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) };
      if (token) headers.Authorization = `Bearer ${token}`;
      const request = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', agent, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, text }));
      });
      request.on('error', (error) => resolve({ status: 0, text: error.message }));
      request.end(payload);
    });

  await Promise.all(
    tokens.map(async (token, station) => {
      while (performance.now() < end) {
        const sent = performance.now();
        // Several server processes: the stations spread over them, as a balancer would spread them.
        const answer = await post(ports[station % ports.length], token, bodyFor(station));
        const done = performance.now();
        const okAnswer = answer.status === 200 && answer.text.startsWith('{"code":1');
        if (!okAnswer) {
          errors += 1;
          errorKinds.add(`${answer.status} ${answer.text.slice(0, 80)}`);
        } else if (sent >= warmEnd && done <= end) {
          counted += 1;
          latencies.push(done - sent);
        }
      }
    }),
  );
  agent.destroy();
  clearTimeout(warmTimer);
  clearTimeout(endTimer);
  const cpuMs = cpuAtWarmEnd === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtWarmEnd;
  return { counted, seconds: seconds - warmup, latencies, cpuMs, databaseMs: databaseCpuBetween(databaseAtWarmEnd, databaseAtEnd), errors, errorKinds };
}

/** The figures of one twin over its rounds: results a second, latency percentiles, server CPU per result. */
function summarize(rounds) {
  const counted = rounds.reduce((sum, round) => sum + round.counted, 0);
  const latencies = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
  const cpu = rounds.every((round) => round.cpuMs !== null) ? rounds.reduce((sum, round) => sum + round.cpuMs, 0) : null;
  return {
    perSecond: counted / rounds.reduce((sum, round) => sum + round.seconds, 0),
    p50: percentile(latencies, 0.5, 0),
    p95: percentile(latencies, 0.95, 0),
    p99: percentile(latencies, 0.99, 0),
    cpuMs: cpu === null || counted === 0 ? null : cpu / counted,
    databaseMs: counted === 0 ? 0 : rounds.reduce((sum, round) => sum + round.databaseMs, 0) / counted,
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    errorKinds: new Set(rounds.flatMap((round) => [...round.errorKinds])),
  };
}

// Last, so every constant above is initialised.
await main();
