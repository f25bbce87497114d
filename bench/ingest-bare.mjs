// The bare twins of bench/ingest.mjs: Fastify with its JSON body parser and two handlers that check nothing.
//  - SAME_SQL_PATH runs the product's own statements for a result (bench/ingest-product-sql.mjs, logged from
//    the built server): the session and context read by the station's token hash, then the result, the
//    device, its latest result at the flow, the terminal's counters, its failed items, the five-minute
//    bucket and the day's row; on SQLite with the product's group commit (the results of one turn of the
//    event loop in one transaction, a savepoint each), on PostgreSQL as the product does (the read, then the
//    one statement of every write, no transaction). What is left out is what the layers do: the route's
//    validation, the guard's rules, the verdict (the status and failed items come in the body), Kysely.
//    product/bare here is the goal.
//  - BARE_PATH is the first twin, kept for comparison: the four writes of a result as hand-written
//    SQL (no session, no rollups), plus the finished units read after a pass.
//   node bench/ingest-bare.mjs <DATABASE_URL of a seeded task> <port>
// Imported by bench/ingest.mjs for openRaw.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { deviceUpdateSql, PRODUCT_SQL } from './ingest-product-sql.mjs';

export const BARE_PATH = '/bare/result';
export const SAME_SQL_PATH = '/bare/same-sql';

/** The read's fixed parameters as the product binds them (station-guard.ts: the APP menus), then the code and the token's hash. */
const READ_CONSTANTS = [1, 0, 'PDA', '/app/pda/stockIn', '/app/pda/spotCheck', '/app/pda/stockOut', 'PDA', '/app/pad/overallCheck', '/app/pad/partsCheck',
  1, 0, '/app/pad/overallCheck', 1, 0, '/app/pad/partsCheck', 2, 1];
const BUCKET_MS = 5 * 60_000;
const DAY_SHARDS = 16;
/** The factory's day of a time in Asia/Shanghai (UTC+8, no summer time), as the product's default zone. */
const dayOf = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const hashOf = (token) => createHash('sha256').update(token).digest('hex');

/**
 * What a result writes, from the context read and the body, as station-result.ts computes it (docs/metrics.md),
 * without its checks and verdict.
 */
function sameWrites(r, body, now) {
  const pass = body.status === 'TEST_SUCCESS';
  const wasPass = r.latestStatus === 'TEST_SUCCESS';
  const wasFail = r.latestStatus === 'TEST_ERROR';
  const passedFlows = r.passedFlows - (wasPass ? 1 : 0) + (pass ? 1 : 0);
  const failedFlows = r.failedFlows - (wasFail ? 1 : 0) + (pass ? 0 : 1);
  const flowCount = Number(r.flowCount);
  const testStatus = failedFlows > 0 ? 'NOT_PASS' : passedFlows === flowCount ? 'PASS' : null;
  const finishDelta = (pass ? 1 : 0) - (wasPass ? 1 : 0);
  const attempt = (r.attempts ?? 0) + 1;
  const everFailedBefore = r.everFailed === 1;
  const counts = {
    failed: pass ? 0 : 1,
    finishDelta,
    testedUnits: r.resultCount === 0 ? 1 : 0,
    repairUnits: wasFail && r.repaired === 0 ? 1 : 0,
    onePassUnits: !everFailedBefore && testStatus === 'PASS' && r.testStatus !== 'PASS' ? 1 : 0,
    failedUnits: !everFailedBefore && !pass ? 1 : 0,
    firstCount: attempt === 1 ? 1 : 0,
    firstPassCount: attempt === 1 && pass ? 1 : 0,
  };
  const produced = r.flowSequence === flowCount ? finishDelta : 0;
  const device = {
    sn: r.sn === null ? body.sn : null,
    mac: null,
    imei: null,
    testStatus,
    firstTestTime: r.firstTestTime === null ? body.endTime : Math.min(r.firstTestTime, body.endTime),
    passedFlows,
    failedFlows,
    everFailed: everFailedBefore || !pass ? 1 : 0,
    resultCount: r.resultCount + 1,
    lastTestTime: r.lastTestTime === null ? body.endTime : Math.max(r.lastTestTime, body.endTime),
    repaired: r.repaired === 1 || wasFail ? 1 : 0,
  };
  const failItems = pass ? [] : body.failedItems;
  return {
    result: [body.clientResultId, r.contextTaskId, r.contextFlowId, r.flowSequence, r.deviceId, r.terminalId, r.accountId, r.userName, body.status, attempt,
      body.startTime, body.endTime, now, JSON.stringify(body.autoValues), JSON.stringify(body.manualResults)],
    device,
    shape: [device.sn !== null, false, false, testStatus !== r.testStatus, device.firstTestTime !== r.firstTestTime].reduce((bits, on, n) => (on ? bits | (1 << n) : bits), 0),
    latest: (resultId) => [r.deviceId, r.contextFlowId, resultId, body.status, attempt, resultId, body.status, attempt],
    counter: [r.contextFlowId, r.terminalId, 1, ...Object.values(counts)],
    failures: failItems.map((itemId) => [r.contextFlowId, r.terminalId, 'auto', itemId, 1]),
    bucket: [r.contextFlowId, Math.floor(body.endTime / BUCKET_MS) * BUCKET_MS, r.terminalId, produced, counts.firstCount, counts.firstPassCount, 1, body.startTime, body.endTime],
    day: [r.ownerId, dayOf(body.endTime), r.contextTaskId, r.terminalId % DAY_SHARDS, produced, counts.testedUnits, counts.onePassUnits, counts.failedUnits],
    writeDay: produced !== 0 || counts.testedUnits !== 0 || counts.onePassUnits !== 0 || counts.failedUnits !== 0 ? 1 : 0,
    pgWrite(resultCount) {
      return [device.sn, null, null, testStatus, passedFlows, failedFlows, device.everFailed, device.resultCount, device.firstTestTime, device.lastTestTime,
        device.repaired, r.deviceId, resultCount, ...this.result.slice(0, 15), r.deviceId, r.contextFlowId, body.status, attempt, 'START', now, now,
        r.contextTaskId, 'UNSTART', r.contextFlowId, r.terminalId, failItems.map(() => 'auto'), failItems, ...this.bucket.slice(0, 6), body.startTime,
        body.endTime, ...this.day, this.writeDay, r.contextFlowId, r.terminalId, ...Object.values(counts)];
    },
  };
}

/** The statements of the bare route, `?` placeholders (numbered for pg). */
const BARE_SQL = {
  device: (postgres) => `select c.id, c."passedFlows", c."failedFlows", d."latestStatus", d.attempts
    from production_code c left join device_flow d on d."codeId" = c.id and d."taskFlowId" = ?
    where c.code = ?${postgres ? ' for update of c' : ''}`,
  result: `insert into flow_result ("clientResultId", "taskId", "taskFlowId", "flowSequence", "codeId", "terminalId", "accountId", "userName",
      status, attempt, "startTime", "endTime", "createTime", "autoResults", "manualResults")
    values (?, ?, ?, ?, ?, ?, null, 'bare', ?, ?, ?, ?, ?, ?, ?) returning id`,
  code: `update production_code set "passedFlows" = ?, "failedFlows" = ?, "resultCount" = "resultCount" + 1, "lastTestTime" = ? where id = ?`,
  deviceFlow: `insert into device_flow ("codeId", "taskFlowId", "latestResultId", "latestStatus", attempts) values (?, ?, ?, ?, ?)
    on conflict ("codeId", "taskFlowId") do update set "latestResultId" = excluded."latestResultId", "latestStatus" = excluded."latestStatus", attempts = excluded.attempts`,
  counter: `insert into flow_counter ("taskFlowId", "terminalId", "totalCount", "failCount", "finishNumber") values (?, ?, 1, ?, ?)
    on conflict ("taskFlowId", "terminalId") do update set "totalCount" = flow_counter."totalCount" + 1,
      "failCount" = flow_counter."failCount" + excluded."failCount", "finishNumber" = flow_counter."finishNumber" + excluded."finishNumber"`,
  finished: `select t."productionCount", (select coalesce(sum(fc."finishNumber"), 0) from flow_counter fc where fc."taskFlowId" = ?) as finished
    from task t where t.id = ?`,
};

/** The parameters of each statement after the device row is known. */
function bareWrites(flow, body, device, now) {
  const pass = body.status === 'TEST_SUCCESS';
  const wasPass = device.latestStatus === 'TEST_SUCCESS';
  const wasFail = device.latestStatus === 'TEST_ERROR';
  const attempt = (device.attempts ?? 0) + 1;
  return {
    attempt,
    result: [body.clientResultId, flow.taskId, flow.id, flow.sequence, device.id, body.terminalId, body.status, attempt, body.startTime, body.endTime, now,
      JSON.stringify(body.autoValues), JSON.stringify(body.manualResults)],
    code: [device.passedFlows - (wasPass ? 1 : 0) + (pass ? 1 : 0), device.failedFlows - (wasFail ? 1 : 0) + (pass ? 0 : 1), now, device.id],
    deviceFlow: (resultId) => [device.id, flow.id, resultId, body.status, attempt],
    counter: [flow.id, body.terminalId, pass ? 0 : 1, (pass ? 1 : 0) - (wasPass ? 1 : 0)],
    finishCheck: pass && !wasPass,
  };
}

/**
 * The bare route's database: for SQLite one better-sqlite3 connection whose transaction runs
 * synchronously (nothing can interleave, the fastest SQLite allows); for PostgreSQL a pool of
 * 10 like the product's, the device row locked first as the product does.
 */
export async function openRaw(databaseUrl) {
  if (databaseUrl.startsWith('file:')) {
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(databaseUrl.slice('file:'.length));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // The product's connection checks foreign keys (platform/db.ts): part of what each write costs.
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const sql = Object.fromEntries(Object.entries({ ...BARE_SQL, device: BARE_SQL.device(false) }).map(([key, text]) => [key, db.prepare(text)]));
    const write = db.transaction((flow, body, now) => {
      const device = sql.device.get(flow.id, body.productionCode);
      const writes = bareWrites(flow, body, device, now);
      const row = sql.result.get(...writes.result);
      sql.code.run(...writes.code);
      sql.deviceFlow.run(...writes.deviceFlow(row.id));
      sql.counter.run(...writes.counter);
      return { id: row.id, finishCheck: writes.finishCheck };
    });
    const same = Object.fromEntries(Object.entries(PRODUCT_SQL).filter(([key]) => key !== 'pgWrite').map(([key, text]) => [key, db.prepare(text)]));
    const deviceUpdates = new Map();
    const writeOne = (body, tokenHash, now) => {
      const read = same.read.get(...READ_CONSTANTS, body.productionCode, tokenHash);
      const w = sameWrites(read, body, now);
      const { id } = same.result.get(...w.result);
      let update = deviceUpdates.get(w.shape);
      if (!update) {
        const { text, columns } = deviceUpdateSql(w.shape);
        const statement = db.prepare(text);
        deviceUpdates.set(w.shape, (update = (device, codeId) => statement.run(...columns.map((column) => device[column]), codeId)));
      }
      update(w.device, read.deviceId);
      same.deviceFlow.run(...w.latest(id));
      same.counter.run(...w.counter);
      for (const failure of w.failures) same.failure.run(...failure);
      same.bucket.run(...w.bucket);
      if (w.writeDay) same.day.run(...w.day);
      return id;
    };
    // The product's group commit (platform/group-commit.ts), its statements included: the results that arrived
    // in one turn of the event loop share a transaction, each in a savepoint.
    const savepoint = db.prepare('savepoint piece');
    const release = db.prepare('release piece');
    const rollback = db.prepare('rollback to piece');
    let waiting = [];
    const runBatch = db.transaction((batch) =>
      batch.map(({ body, tokenHash, now }) => {
        savepoint.run();
        try {
          const id = writeOne(body, tokenHash, now);
          release.run();
          return { id };
        } catch (error) {
          rollback.run();
          release.run();
          return { error };
        }
      }),
    );
    const writeSame = (body, tokenHash, now) =>
      new Promise((resolve, reject) => {
        waiting.push({ body, tokenHash, now, resolve, reject });
        if (waiting.length > 1) return;
        setImmediate(() => {
          const batch = waiting;
          waiting = [];
          for (let start = 0; start < batch.length; start += 200) {
            const part = batch.slice(start, start + 200);
            const outcomes = runBatch(part);
            part.forEach((job, n) => (outcomes[n].error ? job.reject(outcomes[n].error) : job.resolve(outcomes[n].id)));
          }
        });
      });
    return {
      all: async (text) => db.prepare(text).all(),
      get: async (text) => db.prepare(text).get(),
      async writeResult(flow, body, now) {
        const { id, finishCheck } = write(flow, body, now);
        if (finishCheck) sql.finished.get(flow.id, flow.taskId);
        return id;
      },
      writeSame: async (body, token, now) => writeSame(body, hashOf(token), now),
      close: async () => db.close(),
    };
  }
  const pg = (await import('pg')).default;
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const numbered = (text) => {
    let index = 0;
    return text.replace(/\?/g, () => `$${++index}`);
  };
  // Named statements, parsed and planned once per connection, as the product's hot path is (platform/db.ts).
  const text = Object.fromEntries(
    Object.entries({ ...BARE_SQL, device: BARE_SQL.device(true) }).map(([key, value]) => [key, { name: `bare_${key}`, text: numbered(value) }]),
  );
  const run = (client, statement, values) => client.query({ ...statement, values });
  const sameText = { read: { name: 'same_read', text: numbered(PRODUCT_SQL.read) }, pgWrite: { name: 'same_write', text: PRODUCT_SQL.pgWrite } };
  return {
    all: async (query) => (await pool.query(query)).rows,
    get: async (query) => (await pool.query(query)).rows[0],
    async writeResult(flow, body, now) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const device = (await run(client, text.device, [flow.id, body.productionCode])).rows[0];
        const writes = bareWrites(flow, body, device, now);
        const row = (await run(client, text.result, writes.result)).rows[0];
        await run(client, text.code, writes.code);
        await run(client, text.deviceFlow, writes.deviceFlow(row.id));
        await run(client, text.counter, writes.counter);
        await client.query('commit');
        if (writes.finishCheck) await run(client, text.finished, [flow.id, flow.taskId]);
        return row.id;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async writeSame(body, token, now) {
      const read = (await run(pool, sameText.read, [...READ_CONSTANTS, body.productionCode, hashOf(token)])).rows[0];
      const w = sameWrites(read, body, now);
      const row = (await run(pool, sameText.pgWrite, w.pgWrite(read.resultCount))).rows[0];
      // Another result of the device came in between: the product reads again; here it is an error, which never happens in the bench.
      if (!row) throw new Error('the device changed since it was read');
      return row.resultId;
    },
    close: () => pool.end(),
  };
}

async function runBareServer(databaseUrl, port) {
  const Fastify = (await import('fastify')).default;
  const db = await openRaw(databaseUrl);
  const flow = await db.get('select id, "taskId", sequence from task_flow order by id limit 1');
  const app = Fastify({ logger: false });
  app.get('/ready', async () => ({ code: 1, data: null, errorMsg: null }));
  app.post(BARE_PATH, async (request) => ({ code: 1, data: { resultId: await db.writeResult(flow, request.body, Date.now()) }, errorMsg: null }));
  app.post(SAME_SQL_PATH, async (request) => ({
    code: 1,
    data: { resultId: await db.writeSame(request.body, request.headers.authorization.slice('Bearer '.length), Date.now()) },
    errorMsg: null,
  }));
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  await app.listen({ port, host: '127.0.0.1' });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runBareServer(process.argv[2], Number(process.argv[3]));
