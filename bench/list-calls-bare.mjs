// The bare twin of bench/list-calls.mjs: Fastify answering the same paths with the product's statements
// written out by hand (as bench/sql-log.mjs logged them from the built server), run through better-sqlite3
// prepared statements (SQLite) or named statements on a pool of 10 (PostgreSQL, as the product's pool):
// one session lookup by the token's hash like the product's guard, then the call's statements, the answer
// built in the product's shape. No validation, no permission check past the session, no Kysely.
//   node bench/list-calls-bare.mjs <DATABASE_URL of a seeded database> <port>
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const TRACE_MATCHES = 20;

const DEVICE = `"production_code"."id", "production_code"."taskId", "production_code"."code", "production_code"."sn", "production_code"."mac", "production_code"."imei", "production_code"."testStatus", "production_code"."firstTestTime", "production_code"."lastTestTime"`;
const FINISHED = `(select coalesce(sum(fc."finishNumber"), 0) from flow_counter fc
    inner join task_flow lf on lf.id = fc."taskFlowId"
    where lf."taskId" = "task"."id" and lf.sequence = (select max(s.sequence) from task_flow s where s."taskId" = "task"."id"))`;
/** `"production_code"."<column>"` starts with the text: a range and the exact prefix (records.repository.ts startsWith). */
const startsWith = (column) =>
  `("production_code"."${column}" >= ? and "production_code"."${column}" < ? and substr("production_code"."${column}", 1, ?) = ?)`;
const MATCHED_SQLITE = `(select "production_code"."id" from "production_code" where ${startsWith('code')} union select "production_code"."id" from "production_code" where "production_code"."taskId" = ? and ${startsWith('sn')} union select "production_code"."id" from "production_code" where "production_code"."taskId" = ? and ${startsWith('mac')} union select "production_code"."id" from "production_code" where "production_code"."taskId" = ? and ${startsWith('imei')}) as "matched" cross join "production_code" where "production_code"."id" = "matched"."id" and "production_code"."taskId" = ? and "production_code"."firstTestTime" is not null`;
const MATCHED_POSTGRES = `"production_code" where "production_code"."taskId" = ? and "production_code"."firstTestTime" is not null and (${['code', 'sn', 'mac', 'imei'].map(startsWith).join(' or ')})`;
const DEVICE_WITH_TASK = `${DEVICE}, "task"."status" as "taskStatus", "task"."productNumber", "product_type"."name" as "productTypeName"`;

/** The statements, `?` placeholders (numbered for PostgreSQL); `(postgres) => text` where the dialects differ. */
export const BARE_SQL = {
  session: `select "session"."tokenHash", "session"."lastSeenAt", "account"."id", "account"."userName", "account"."parentId", "account"."roleId", "account"."status", "account"."platformAdmin", "account"."mustChangePassword" from "session" inner join "account" on "account"."id" = "session"."accountId" where "session"."tokenHash" = ?`,
  taskCount: `select count(*) as "count" from "task" inner join "product_type" on "product_type"."id" = "task"."productTypeId" left join "account" on "account"."id" = "task"."creatorId"`,
  taskPage: `select "task"."id", "task"."ownerId", "task"."creatorId", "account"."userName" as "creatorName", "task"."productTypeId", "product_type"."name" as "productTypeName", "task"."productId", "task"."productNumber", "task"."productCode", "task"."productionCount", ${FINISHED} as "finishNumber", "task"."status", "task"."expireTime", "task"."createTime", "task"."startTime", "task"."finishTime" from "task" inner join "product_type" on "product_type"."id" = "task"."productTypeId" left join "account" on "account"."id" = "task"."creatorId" order by "task"."createTime" desc, "task"."id" desc limit ? offset ?`,
  lines: (postgres) =>
    `select "task_line"."taskId", "task_line"."lineId" as "id", coalesce("production_line"."lineName", "task_line"."lineName") as "lineName", coalesce("production_line"."lineNum", "task_line"."lineNum") as "lineNum" from "task_line" left join "production_line" on "production_line"."id" = "task_line"."lineId" where ${inList(postgres, '"task_line"."taskId"')} order by "task_line"."taskId", "task_line"."sequence"`,
  flows: (postgres) =>
    `select "task_flow"."id", "task_flow"."taskId", "task_flow"."name", "task_flow"."sequence", coalesce(sum("flow_counter"."finishNumber"), 0) as "finishNumber", coalesce(sum("flow_counter"."totalCount"), 0) as "totalCount" from "task_flow" left join "flow_counter" on "flow_counter"."taskFlowId" = "task_flow"."id" where ${inList(postgres, '"task_flow"."taskId"')} group by "task_flow"."id", "task_flow"."taskId", "task_flow"."name", "task_flow"."sequence" order by "task_flow"."taskId", "task_flow"."sequence"`,
  taskVisible: `select "task"."id" from "task" where "task"."id" = ?`,
  recordPage: (postgres) =>
    `select ${DEVICE} from ${postgres ? MATCHED_POSTGRES : MATCHED_SQLITE} order by "production_code"."firstTestTime" desc, "production_code"."id" desc limit ? offset ?`,
  taskFlows: `select "id", "name", "sequence" from "task_flow" where "taskId" = ? order by "sequence"`,
  latest: (postgres) =>
    `select "device_flow"."codeId", "device_flow"."taskFlowId", "device_flow"."attempts", "flow_result"."id", "flow_result"."startTime", "flow_result"."endTime", "flow_result"."status" from "device_flow" inner join "flow_result" on "flow_result"."id" = "device_flow"."latestResultId" where ${inList(postgres, '"device_flow"."codeId"')}`,
  devices: (postgres) =>
    `select * from (${['code', 'sn', 'mac', 'imei'].map((column) => traceBranch(postgres, column)).join(' union ')}) as "matched" order by coalesce("matched"."lastTestTime", 0) desc, "matched"."id" desc limit ?`,
  results: (postgres) =>
    `select "flow_result"."id", "flow_result"."taskId", "flow_result"."codeId", "production_code"."code", "flow_result"."taskFlowId", "task_flow"."name" as "flowName", "task_flow"."sequence" as "flowSequence", "flow_result"."userName", "terminal"."terminalName", "terminal"."terminalCode", "flow_result"."status", "flow_result"."attempt", "flow_result"."startTime", "flow_result"."endTime", "flow_result"."autoResults", "flow_result"."manualResults" from "flow_result" inner join "production_code" on "production_code"."id" = "flow_result"."codeId" inner join "task_flow" on "task_flow"."id" = "flow_result"."taskFlowId" left join "terminal" on "terminal"."id" = "flow_result"."terminalId" where ${inList(postgres, '"flow_result"."codeId"')} order by "flow_result"."codeId", "flow_result"."startTime", "flow_result"."id"`,
};
/** `column` is one of the list parameter's values: the product's prepared-lists.ts inList. */
const inList = (postgres, column) => (postgres ? `${column} = any(?)` : `${column} in (select value from json_each(?))`);
/** Its value: an array for pg, JSON for SQLite (prepared-lists.ts listValue). */
const listValue = (postgres, values) => (postgres ? values : JSON.stringify(values));
/** One branch of the trace's union (records.repository.ts devicesMatchingQuery). */
const traceBranch = (postgres, column) =>
  `select * from (select ${DEVICE_WITH_TASK} from "task" ${
    column === 'code'
      ? 'inner join "production_code" on "production_code"."taskId" = "task"."id" inner join "product_type" on "product_type"."id" = "task"."productTypeId" where '
      : 'cross join "production_code" inner join "product_type" on "product_type"."id" = "task"."productTypeId" where "production_code"."taskId" = "task"."id" and '
  }${inList(postgres, `"production_code"."${column}"`)} limit ?) as "by_${column}"`;

/** A statement runner per dialect: `all(sql, params)`, statements kept (SQLite) or named (PostgreSQL) by text. */
async function openRaw(databaseUrl) {
  if (databaseUrl.startsWith('file:')) {
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(databaseUrl.slice('file:'.length));
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    const statements = new Map();
    return {
      postgres: false,
      async all(text, params) {
        let statement = statements.get(text);
        if (!statement) statements.set(text, (statement = db.prepare(text)));
        return statement.all(...params);
      },
      close: async () => db.close(),
    };
  }
  const pg = (await import('pg')).default;
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const named = new Map();
  return {
    postgres: true,
    async all(text, params) {
      let statement = named.get(text);
      if (!statement) {
        let index = 0;
        statement = { name: `bare_${named.size + 1}`, text: text.replace(/\?/g, () => `$${++index}`) };
        named.set(text, statement);
      }
      return (await pool.query({ ...statement, values: params })).rows;
    },
    close: () => pool.end(),
  };
}

const formatter = new Intl.DateTimeFormat('sv-SE', {
  timeZone: process.env.TZ || 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const formatTime = (ms) => formatter.format(new Date(ms));
const timeOrNull = (ms) => (ms === null ? null : formatTime(ms));
const ok = (data) => ({ code: 1, data, errorMsg: null });
const parseList = (text) => {
  try {
    const parsed = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};
const byTask = (rows) => {
  const groups = new Map();
  for (const row of rows) groups.set(row.taskId, [...(groups.get(row.taskId) ?? []), row]);
  return groups;
};

async function runBareServer(databaseUrl, port) {
  const Fastify = (await import('fastify')).default;
  const db = await openRaw(databaseUrl);
  const sql = (entry) => (typeof entry === 'function' ? entry(db.postgres) : entry);
  const app = Fastify({ logger: false });

  /** The guard's one lookup: 401 without a session row. */
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/ready') return;
    const token = request.headers.authorization?.split(' ')[1] ?? '';
    const [session] = await db.all(BARE_SQL.session, [createHash('sha256').update(token).digest('hex')]);
    if (!session) return reply.code(401).send({ code: 0, data: null, errorMsg: 'unauthorized' });
  });
  app.get('/ready', async () => ok(null));

  app.get('/api/task/getTasks', async (request) => {
    const page = Number(request.query.page ?? 1);
    const pageSize = Number(request.query.pageSize ?? 10);
    const [counted] = await db.all(BARE_SQL.taskCount, []);
    const rows = await db.all(BARE_SQL.taskPage, [pageSize, (page - 1) * pageSize]);
    const ids = rows.map((row) => row.id);
    const lines = ids.length === 0 ? new Map() : byTask(await db.all(sql(BARE_SQL.lines), [listValue(db.postgres, ids)]));
    const flows = ids.length === 0 ? new Map() : byTask(await db.all(sql(BARE_SQL.flows), [listValue(db.postgres, ids)]));
    const list = rows.map((row) => {
      const own = lines.get(row.id) ?? [];
      return {
        id: row.id,
        productTypeId: row.productTypeId,
        productTypeName: row.productTypeName,
        productId: row.productId,
        number: row.productNumber,
        productCode: row.productCode,
        productionNumber: row.productionCount,
        finishNumber: Number(row.finishNumber),
        status: row.status,
        expireTime: timeOrNull(row.expireTime),
        createTime: formatTime(row.createTime),
        startTime: timeOrNull(row.startTime),
        finishTime: timeOrNull(row.finishTime),
        creatorName: row.creatorName,
        productLineIds: own.map(({ id, lineName, lineNum }) => ({ id, lineName, lineNum })),
        productionLineName: own.map((line) => line.lineName).join('、'),
        productLineCode: own.map((line) => line.lineNum).join(','),
        flows: (flows.get(row.id) ?? []).map(({ id, name }) => ({ id, name })),
      };
    });
    return ok({ list, total: Number(counted.count), pageSize, pageNum: page });
  });

  app.get('/api/productionRecord/list', async (request) => {
    const taskId = Number(request.query.taskId);
    const page = Number(request.query.page ?? 1);
    const pageSize = Number(request.query.pageSize ?? 10);
    const text = request.query.searchText;
    await db.all(BARE_SQL.taskVisible, [taskId]);
    const range = () => [text, `${text}\u{10FFFF}`, [...text].length, text];
    const params = db.postgres
      ? [taskId, ...range(), ...range(), ...range(), ...range()]
      : [...range(), taskId, ...range(), taskId, ...range(), taskId, ...range(), taskId];
    // A filtered first page: one row more than the page tells whether more follow; a page that ends the list tells the total.
    const offset = (page - 1) * pageSize;
    const read = await db.all(sql(BARE_SQL.recordPage), [...params, pageSize + 1, offset]);
    const hasMore = read.length > pageSize;
    const devices = read.slice(0, pageSize);
    if (hasMore || (devices.length === 0 && offset > 0)) throw new Error('the bare twin answers a filtered page that ends the list only');
    const total = offset + devices.length;
    const flows = await db.all(BARE_SQL.taskFlows, [taskId]);
    const ids = devices.map((device) => device.id);
    const latest = new Map(
      (ids.length === 0 ? [] : await db.all(sql(BARE_SQL.latest), [listValue(db.postgres, ids)])).map((row) => [`${row.codeId}:${row.taskFlowId}`, row]),
    );
    const lineCode = (await db.all(sql(BARE_SQL.lines), [listValue(db.postgres, [taskId])])).map((line) => line.lineNum).join(',');
    const data = devices.map((device) => ({
      id: device.code,
      taskId: device.taskId,
      deviceSn: device.sn,
      deviceMac: device.mac,
      deviceImei: device.imei,
      createTime: formatTime(device.firstTestTime),
      lastTestTime: formatTime(device.lastTestTime),
      testStatus: device.testStatus,
      productionLineCode: lineCode,
      flows: flows.map((flow) => {
        const result = latest.get(`${device.id}:${flow.id}`);
        return {
          id: flow.id,
          name: flow.name,
          sequence: flow.sequence,
          runtimeTaskResultEntity: result
            ? {
                id: result.id,
                startTime: formatTime(result.startTime),
                endTime: formatTime(result.endTime),
                speed: Math.round((result.endTime - result.startTime) / 100) / 10,
                status: result.status,
                historyCount: result.attempts,
              }
            : null,
        };
      }),
    }));
    const cursor = (device) => (device ? `${device.firstTestTime}_${device.id}` : null);
    return ok({ data, totalRecord: total, pageSize, page, totalCapped: false, hasMore, firstCursor: cursor(devices[0]), lastCursor: cursor(devices.at(-1)) });
  });

  app.get('/api/device/trace', async (request) => {
    const text = String(request.query.text).trim();
    const texts = [...new Set([text, text.toUpperCase()])];
    const list = listValue(db.postgres, texts);
    const devices = await db.all(sql(BARE_SQL.devices), [list, TRACE_MATCHES, list, TRACE_MATCHES, list, TRACE_MATCHES, list, TRACE_MATCHES, TRACE_MATCHES]);
    const ids = devices.map((device) => device.id);
    const results = ids.length === 0 ? [] : await db.all(sql(BARE_SQL.results), [listValue(db.postgres, ids)]);
    const taskIds = [...new Set(devices.map((device) => device.taskId))];
    const lineCodes = new Map();
    if (taskIds.length > 0) {
      for (const line of await db.all(sql(BARE_SQL.lines), [listValue(db.postgres, taskIds)])) {
        lineCodes.set(line.taskId, [...(lineCodes.get(line.taskId) ?? []), line.lineNum]);
      }
    }
    return ok({
      devices: devices.map((device) => ({
        code: device.code,
        sn: device.sn,
        mac: device.mac,
        imei: device.imei,
        testStatus: device.testStatus,
        taskId: device.taskId,
        taskStatus: device.taskStatus,
        productNumber: device.productNumber,
        productTypeName: device.productTypeName,
        productionLineCode: (lineCodes.get(device.taskId) ?? []).join(','),
        firstTestTime: timeOrNull(device.firstTestTime),
        lastTestTime: timeOrNull(device.lastTestTime),
        results: results
          .filter((row) => row.codeId === device.id)
          .map((row) => ({
            id: row.id,
            flowName: row.flowName,
            flowSequence: row.flowSequence,
            status: row.status,
            attempt: row.attempt,
            startTime: formatTime(row.startTime),
            endTime: formatTime(row.endTime),
            uname: row.userName,
            terminalName: row.terminalName,
            terminalCode: row.terminalCode,
            items: parseList(row.autoResults).map(({ name, value, standard, result }) => ({ name, value, standard, result })),
            manual: parseList(row.manualResults).map(({ name, pass }) => ({ name, pass })),
          })),
      })),
    });
  });

  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  await app.listen({ port, host: '127.0.0.1' });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runBareServer(process.argv[2], Number(process.argv[3]));
