// The bulk loader of bench/boards.mjs: writes the histories of boards-history.mjs straight into the
// database, not through the HTTP path, with the server stopped. SQLite: better-sqlite3 prepared
// statements in one transaction per batch. PostgreSQL: one multi-row INSERT … SELECT FROM unnest(…)
// per table and batch, the JSON of results sent once per statement as a template array, two batches
// writing at once on two connections while the next is generated. Rollups are summed per batch and
// added to their rows (ON CONFLICT … + excluded), so loading in several steps keeps them right.
import { ENDPOINTS } from '@factory/contracts';
import { addDevice, dayFormatter, emptyBatch } from './boards-history.mjs';

const STATUS = (pass) => (pass ? 'TEST_SUCCESS' : 'TEST_ERROR');
const clientIdOf = (id) => `bench-${String(id).padStart(12, '0')}`;

const COUNTER_COLUMNS = ['totalCount', 'failCount', 'finishNumber', 'testedUnits', 'repairUnits', 'onePassUnits', 'failedUnits', 'firstCount', 'firstPassCount'];
const ROLLUPS = {
  counters: { table: 'flow_counter', keys: ['taskFlowId', 'terminalId'], sums: COUNTER_COLUMNS },
  failures: { table: 'item_failure', keys: ['taskFlowId', 'terminalId', 'kind', 'itemId'], sums: ['failCount'] },
  buckets: { table: 'task_bucket', keys: ['taskFlowId', 'bucketStart', 'terminalId'], sums: ['produced', 'firstCount', 'firstPassCount'] },
  days: { table: 'daily_output', keys: ['ownerId', 'day', 'taskId', 'shard'], sums: ['produced', 'tested', 'onePassUnits', 'failedUnits'] },
};
const PG_TYPES = {
  taskFlowId: 'int', terminalId: 'int', kind: 'text', itemId: 'int', taskId: 'int', bucketStart: 'bigint', ownerId: 'int', day: 'text', shard: 'int',
};
const q = (name) => `"${name}"`;
/** `?` placeholders as PostgreSQL's $1, $2 … */
const numbered = (text) => {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
};
const upsertSql = ({ table, keys, sums }, values) =>
  `insert into ${table} (${[...keys, ...sums].map(q).join(', ')}) ${values}
   on conflict (${keys.map(q).join(', ')}) do update set ${sums.map((c) => `${q(c)} = ${table}.${q(c)} + excluded.${q(c)}`).join(', ')}`;

const RESULT_COLUMNS = ['id', 'clientResultId', 'taskId', 'taskFlowId', 'flowSequence', 'codeId', 'terminalId', 'accountId', 'userName', 'status',
  'attempt', 'startTime', 'endTime', 'createTime', 'autoResults', 'manualResults'];
const DEVICE_SET = ['sn', 'testStatus', 'passedFlows', 'failedFlows', 'everFailed', 'resultCount', 'firstTestTime', 'lastTestTime', 'repaired'];

async function openSqlite(file) {
  const Database = (await import('better-sqlite3')).default;
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // A loader's shortcuts: rows are consistent by construction, and a crash only loses a bench run.
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -131072');
  const result = db.prepare(`insert into flow_result (${RESULT_COLUMNS.map(q).join(', ')}) values (${RESULT_COLUMNS.map(() => '?').join(', ')})`);
  const latest = db.prepare(`insert into device_flow ("codeId", "taskFlowId", "latestResultId", "latestStatus", attempts) values (?, ?, ?, ?, ?)`);
  const device = db.prepare(`update production_code set ${DEVICE_SET.map((c) => `${q(c)} = ?`).join(', ')} where id = ?`);
  const rollups = Object.fromEntries(
    Object.entries(ROLLUPS).map(([name, spec]) => [name, db.prepare(upsertSql(spec, `values (${[...spec.keys, ...spec.sums].map(() => '?').join(', ')})`))]),
  );
  const write = db.transaction((batch) => {
    const r = batch.results;
    for (let i = 0; i < r.id.length; i++) {
      result.run(r.id[i], clientIdOf(r.id[i]), r.taskId[i], r.taskFlowId[i], r.flowSequence[i], r.codeId[i], r.terminalId[i], r.accountId[i],
        r.userName[i], STATUS(r.pass[i]), r.attempt[i], r.startTime[i], r.endTime[i], r.createTime[i], batch.templates[r.autoResults[i]],
        batch.templates[r.manualResults[i]]);
    }
    const l = batch.latest;
    for (let i = 0; i < l.codeId.length; i++) latest.run(l.codeId[i], l.taskFlowId[i], l.latestResultId[i], STATUS(l.pass[i]), l.attempts[i]);
    const d = batch.devices;
    for (let i = 0; i < d.id.length; i++) device.run(...DEVICE_SET.map((c) => d[c][i]), d.id[i]);
    for (const [name, spec] of Object.entries(ROLLUPS)) {
      for (const row of batch[name].values()) rollups[name].run(...[...spec.keys, ...spec.sums].map((c) => row[c]));
    }
  });
  return {
    batchDevices: 20_000,
    parallel: 1,
    all: async (text, params = []) => db.prepare(text).all(...params),
    write: async (batch) => write(batch),
    async finish() {
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    close: async () => db.close(),
  };
}

async function openPostgres(url) {
  const pg = (await import('pg')).default;
  // Two connections, a batch each at a time: the server's two cores both write.
  const clients = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  for (const client of clients) {
    await client.connect();
    // Commits not waited on, and foreign-key triggers off for the load (rows are consistent by construction)
    // where the user may (a superuser); otherwise the keys are checked, which is only slower.
    await client.query('set synchronous_commit = off');
    await client.query('set session_replication_role = replica').catch(() => {});
  }
  const [client] = clients;
  let written = 0;
  const resultSql = `insert into flow_result (${RESULT_COLUMNS.map(q).join(', ')})
    select u.id, 'bench-' || lpad(u.id::text, 12, '0'), u."taskId", u."taskFlowId", u."flowSequence", u."codeId", u."terminalId", u."accountId",
      u."userName", case when u.pass then 'TEST_SUCCESS' else 'TEST_ERROR' end, u.attempt, u."startTime", u."endTime", u."createTime",
      ($15::text[])[u.auto + 1], ($15::text[])[u.manual + 1]
    from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[], $9::bool[], $10::int[],
      $11::bigint[], $12::bigint[], $13::bigint[], $14::int[], $16::int[])
      as u(id, "taskId", "taskFlowId", "flowSequence", "codeId", "terminalId", "accountId", "userName", pass, attempt,
        "startTime", "endTime", "createTime", auto, manual)`;
  const latestSql = `insert into device_flow ("codeId", "taskFlowId", "latestResultId", "latestStatus", attempts)
    select u.c, u.f, u.r, case when u.p then 'TEST_SUCCESS' else 'TEST_ERROR' end, u.a
    from unnest($1::int[], $2::int[], $3::int[], $4::bool[], $5::int[]) as u(c, f, r, p, a)`;
  const deviceSql = `update production_code c set ${DEVICE_SET.map((col) => `${q(col)} = u.${q(col)}`).join(', ')}
    from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bigint[], $9::bigint[], $10::int[])
      as u(id, ${DEVICE_SET.map(q).join(', ')})
    where c.id = u.id`;
  const rollupSql = Object.fromEntries(
    Object.entries(ROLLUPS).map(([name, spec]) => {
      const columns = [...spec.keys, ...spec.sums];
      const arrays = columns.map((c, i) => `$${i + 1}::${PG_TYPES[c] ?? 'int'}[]`).join(', ');
      return [name, upsertSql(spec, `select * from unnest(${arrays}) as u(${columns.map(q).join(', ')})`)];
    }),
  );
  const spent = {};
  const timedOn = (on) => async (name, text, params) => {
    const start = performance.now();
    await on.query(text, params);
    spent[name] = (spent[name] ?? 0) + performance.now() - start;
  };
  /*
   * Two batches may write at once. Their rollup rows overlap (one flow_counter row per flow and
   * terminal), so each statement takes its rows' locks in key order and the statements run in the same
   * order in every batch: the later batch waits for the earlier's commit, never deadlocks with it.
   */
  async function write(batch) {
    const on = clients[written++ % clients.length];
    const timed = timedOn(on);
    const r = batch.results;
    const l = batch.latest;
    const d = batch.devices;
    await on.query('begin');
    try {
      await timed('flow_result', resultSql, [r.id, r.taskId, r.taskFlowId, r.flowSequence, r.codeId, r.terminalId, r.accountId, r.userName, r.pass,
        r.attempt, r.startTime, r.endTime, r.createTime, r.autoResults, batch.templates, r.manualResults]);
      await timed('device_flow', latestSql, [l.codeId, l.taskFlowId, l.latestResultId, l.pass, l.attempts]);
      await timed('production_code', deviceSql, [d.id, ...DEVICE_SET.map((c) => d[c])]);
      for (const [name, spec] of Object.entries(ROLLUPS)) {
        const rows = [...batch[name]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
        if (rows.length > 0) await timed(name, rollupSql[name], [...spec.keys, ...spec.sums].map((c) => rows.map((row) => row[c])));
      }
      await timed('commit', 'commit');
    } catch (error) {
      await on.query('rollback');
      throw error;
    }
  }
  return {
    batchDevices: 5_000,
    parallel: clients.length,
    all: async (text, params = []) => (await client.query(numbered(text), params)).rows,
    write,
    async finish() {
      // Ids were given explicitly: the sequence goes past them for the results stations send next.
      await client.query(`select setval(pg_get_serial_sequence('flow_result', 'id'), (select max(id) from flow_result))`);
      await timedOn(client)('analyze', 'analyze');
      if (process.env.BOARDS_LOAD_TIMES) console.log(Object.entries(spent).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', '));
    },
    close: () => Promise.all(clients.map((each) => each.end())),
  };
}

export function openLoader(databaseUrl) {
  return databaseUrl.startsWith('file:') ? openSqlite(databaseUrl.slice('file:'.length)) : openPostgres(databaseUrl);
}

/**
 * The task as the loader writes it: its account (from the database), its flows in order with their
 * terminals and the user signed in at each, and the result templates of each flow, drawn from what
 * its stations were told (`task.flows`, `task.assignments`, `task.stations` as bench/boards.mjs took
 * them through the API while the task ran: a finished task's terminals are free again).
 */
export async function taskContext(loader, task, templatesOf) {
  const [row] = await loader.all('select "ownerId" from task where id = ?', [task.taskId]);
  const accounts = await loader.all('select id, "userName" from account');
  const accountOf = new Map(accounts.map((account) => [account.userName, Number(account.id)]));
  const userOf = new Map(task.stations.map((station) => [station.terminalCode, station.username]));
  const templates = [];
  return {
    taskId: task.taskId,
    ownerId: Number(row.ownerId),
    templates,
    flows: task.flows.map((flow) => {
      const terminals = flow.terminals.map((terminal) => {
        const userName = userOf.get(terminal.code);
        return { id: terminal.id, userName, accountId: accountOf.get(userName) ?? null };
      });
      if (terminals.length === 0) throw new Error(`task ${task.taskId}: no terminal at flow ${flow.id}`);
      return { id: flow.id, sequence: flow.sequence, terminals, ...templatesOf(task.assignments.get(flow.id), templates) };
    }),
  };
}

/**
 * Makes the devices of `plan` (a list of { task, from, to }: sequences from..to of each task, in
 * order) tested, their first tests spread evenly over [spanStart, spanEnd] in that order. Answers the
 * results written and the largest resident memory seen.
 */
export async function loadDevices(loader, plan, { spanStart, spanEnd, random, deviceOf, timeZone }) {
  const [{ maxId }] = await loader.all('select coalesce(max(id), 0) as "maxId" from flow_result');
  let id = Number(maxId);
  const nextId = () => ++id;
  const dayOf = dayFormatter(timeZone);
  const total = plan.reduce((sum, part) => sum + part.to - part.from + 1, 0);
  const step = (spanEnd - spanStart) / total;
  let index = 0;
  let results = 0;
  let rss = process.memoryUsage().rss;
  const pending = [];
  for (const { task, from, to } of plan) {
    const codes = await loader.all('select id, sequence from production_code where "taskId" = ? and sequence >= ? and sequence <= ? order by sequence', [
      task.taskId,
      from,
      to,
    ]);
    if (codes.length !== to - from + 1) throw new Error(`task ${task.taskId}: ${codes.length} codes in ${from}..${to}`);
    for (let at = 0; at < codes.length; at += loader.batchDevices) {
      const batch = emptyBatch();
      batch.templates = task.templates;
      for (const code of codes.slice(at, at + loader.batchDevices)) {
        const sequence = Number(code.sequence);
        const start = Math.floor(spanStart + index * step + random() * step);
        addDevice(batch, task, { id: Number(code.id), sn: deviceOf(task.taskId, sequence, '').sn }, start, random, nextId, dayOf);
        index += 1;
      }
      results += batch.results.id.length;
      if (pending.length >= loader.parallel) await pending.shift();
      const writing = loader.write(batch);
      // Awaited in turn below; until then a failure must not count as unhandled.
      writing.catch(() => {});
      pending.push(writing);
      rss = Math.max(rss, process.memoryUsage().rss);
    }
  }
  await Promise.all(pending);
  await loader.finish();
  return { results, rss };
}

/**
 * The rollups against the rows they summarise (docs/metrics.md), over the whole database: what a
 * server that wrote every result itself would also satisfy. Answers the disagreements, as text.
 */
export async function rollupMismatches(loader) {
  const byKey = (rows, key) => new Map(rows.map((row) => [String(row[key]), row]));
  const problems = [];
  const compare = (what, expected, actual, names) => {
    for (const [key, want] of expected) {
      const got = actual.get(key);
      for (const name of names) {
        if (Number(want[name]) !== Number(got?.[name] ?? 0)) problems.push(`${what} ${key} ${name}: rows say ${Number(want[name])}, rollup ${Number(got?.[name] ?? 0)}`);
      }
    }
  };
  const results = await loader.all(`select "taskFlowId", count(*) as "totalCount",
      sum(case when status = 'TEST_ERROR' then 1 else 0 end) as "failCount",
      sum(case when attempt = 1 then 1 else 0 end) as "firstCount",
      sum(case when attempt = 1 and status = 'TEST_SUCCESS' then 1 else 0 end) as "firstPassCount"
    from flow_result group by "taskFlowId"`);
  const finished = await loader.all(`select "taskFlowId", count(*) as "finishNumber" from device_flow where "latestStatus" = 'TEST_SUCCESS' group by "taskFlowId"`);
  const counters = await loader.all(`select "taskFlowId", sum("totalCount") as "totalCount", sum("failCount") as "failCount", sum("firstCount") as "firstCount",
      sum("firstPassCount") as "firstPassCount", sum("finishNumber") as "finishNumber" from flow_counter group by "taskFlowId"`);
  compare('flow', byKey(results, 'taskFlowId'), byKey(counters, 'taskFlowId'), ['totalCount', 'failCount', 'firstCount', 'firstPassCount']);
  compare('flow', byKey(finished, 'taskFlowId'), byKey(counters, 'taskFlowId'), ['finishNumber']);

  const units = await loader.all(`select "taskId", sum(case when "resultCount" > 0 then 1 else 0 end) as "testedUnits", sum(repaired) as "repairUnits",
      sum(case when "testStatus" = 'PASS' and "everFailed" = 0 then 1 else 0 end) as "onePassUnits", sum("everFailed") as "failedUnits"
    from production_code group by "taskId"`);
  const produced = byKey(await loader.all(`select tf."taskId", count(*) as produced from device_flow df join task_flow tf on tf.id = df."taskFlowId"
    where df."latestStatus" = 'TEST_SUCCESS' and tf.sequence = (select max(s.sequence) from task_flow s where s."taskId" = tf."taskId")
    group by tf."taskId"`), 'taskId');
  for (const row of units) row.produced = Number(produced.get(String(row.taskId))?.produced ?? 0);
  const taskCounters = await loader.all(`select tf."taskId", sum(fc."testedUnits") as "testedUnits", sum(fc."repairUnits") as "repairUnits",
      sum(fc."onePassUnits") as "onePassUnits", sum(fc."failedUnits") as "failedUnits"
    from flow_counter fc join task_flow tf on tf.id = fc."taskFlowId" group by tf."taskId"`);
  const buckets = await loader.all(`select tf."taskId", sum(b.produced) as produced from task_bucket b join task_flow tf on tf.id = b."taskFlowId"
    group by tf."taskId"`);
  const flowBuckets = await loader.all(`select "taskFlowId", sum("firstCount") as "firstCount", sum("firstPassCount") as "firstPassCount"
    from task_bucket group by "taskFlowId"`);
  compare('flow buckets', byKey(results, 'taskFlowId'), byKey(flowBuckets, 'taskFlowId'), ['firstCount', 'firstPassCount']);
  const tested = new Map([...byKey(units, 'taskId')].filter(([, row]) => Number(row.testedUnits) > 0));
  compare('task', tested, byKey(taskCounters, 'taskId'), ['testedUnits', 'repairUnits', 'onePassUnits', 'failedUnits']);
  compare('task buckets', tested, byKey(buckets, 'taskId'), ['produced']);

  const sum = (rows, name) => rows.reduce((total, row) => total + Number(row[name]), 0);
  const [days] = await loader.all(`select coalesce(sum(produced), 0) as produced, coalesce(sum(tested), 0) as "testedUnits",
      coalesce(sum("onePassUnits"), 0) as "onePassUnits", coalesce(sum("failedUnits"), 0) as "failedUnits" from daily_output`);
  const all = Object.fromEntries(['produced', 'testedUnits', 'onePassUnits', 'failedUnits'].map((name) => [name, sum(units, name)]));
  compare('all days', new Map([['total', all]]), new Map([['total', days]]), Object.keys(all));
  return problems;
}

/** Rows in the tables the results and the rollups fill, by table. */
export async function tableRows(loader) {
  const tables = ['flow_result', 'device_flow', 'flow_counter', 'item_failure', 'task_bucket', 'daily_output'];
  const rows = await loader.all(tables.map((table) => `select '${table}' as name, count(*) as n from ${table}`).join(' union all '));
  return rows.map((row) => ({ table: row.name, rows: Number(row.n) }));
}

/**
 * What the loader needs of a running task, taken through the API while its terminals are on it: each
 * flow's terminals, and what a station there is told (its checks and standards), with a station
 * signed in at every terminal.
 */
export async function captureTask(api, sim, url, taskId, stations) {
  const edit = await api(ENDPOINTS.taskEditData, { taskId });
  const flows = edit.flowPads
    .map((flowPad) => ({ id: flowPad.flow.id, sequence: flowPad.flow.sequence, terminals: flowPad.padInfos.map((pad) => ({ id: pad.id, code: pad.code })) }))
    .sort((a, b) => a.sequence - b.sequence);
  const assignments = new Map();
  for (const station of stations) {
    const client = new sim.StationClient({ baseUrl: url });
    await client.login(station.terminalCode, station.username, station.password);
    const assignment = await client.assignment();
    assignments.set(assignment.flowId, assignment);
  }
  return { taskId, flows, assignments, stations, tested: 0, context: null };
}
