// The bare route of bench/ingest.mjs: Fastify with its JSON body parser and one handler that writes
// what a station result writes (one flow_result row, the device's latest result at the flow, the
// device's counters and the terminal's counter row at the flow) with hand-written SQL in one
// transaction, then, as the product does after a pass at the last flow, reads the units finished
// there; it checks nothing.
//   node bench/ingest-bare.mjs <DATABASE_URL of a seeded task> <port>
// Imported by bench/ingest.mjs for openRaw.
import { pathToFileURL } from 'node:url';

export const BARE_PATH = '/bare/result';

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
    return {
      all: async (text) => db.prepare(text).all(),
      get: async (text) => db.prepare(text).get(),
      async writeResult(flow, body, now) {
        const { id, finishCheck } = write(flow, body, now);
        if (finishCheck) sql.finished.get(flow.id, flow.taskId);
        return id;
      },
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
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  await app.listen({ port, host: '127.0.0.1' });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runBareServer(process.argv[2], Number(process.argv[3]));
