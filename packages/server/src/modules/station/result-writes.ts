import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import { prepared } from '../../platform/prepared.js';
import type { Database } from '../../platform/schema.js';
import { isUniqueViolation } from '../../platform/tenancy.js';
import type { ScanKind } from './station.repository.js';

/** Everything one result writes, computed from what the checks read. */
export interface ResultWrite {
  clientResultId: string;
  taskId: number;
  taskFlowId: number;
  flowSequence: number;
  codeId: number;
  terminalId: number;
  accountId: number;
  userName: string;
  status: string;
  /** the device's attempt at this flow: 1 for its first result there */
  attempt: number;
  startTime: number;
  endTime: number;
  createTime: number;
  autoResults: string;
  manualResults: string;
  /** codes first scanned now, stored on the device */
  scans: Partial<Record<ScanKind, string>>;
  device: {
    testStatus: string | null;
    passedFlows: number;
    failedFlows: number;
    everFailed: number;
    resultCount: number;
    firstTestTime: number;
    lastTestTime: number;
    repaired: number;
  };
  /** what the result adds to its flow's counter row of its terminal (docs/metrics.md) */
  counts: Record<(typeof COUNTER_NAMES)[number], number>;
  /** the check items that failed (problem distribution) */
  failures: { kind: 'auto' | 'manual'; itemId: number }[];
  /** the five minutes and the factory day of the result's end, and the task's account: the curve's and the dashboard's rows */
  bucketStart: number;
  day: string;
  ownerId: number;
  /** units newly finished at the task's last flow by this result (-1, 0, 1): finishDelta there, else 0 */
  produced: number;
  /** the device's resultCount the checks read: on PostgreSQL nothing is written when it changed since */
  expectedResultCount: number;
}

/**
 * The counter deltas of a result: failed (1 when it failed), finishDelta (the
 * change of the units whose latest result at the flow passed: -1, 0 or 1), and the
 * unit-level events of docs/metrics.md, each 0 or 1.
 */
export const COUNTER_NAMES = [
  'failed',
  'finishDelta',
  'testedUnits',
  'repairUnits',
  'onePassUnits',
  'failedUnits',
  'firstCount',
  'firstPassCount',
] as const;

/** The flow_counter column of each delta. */
const COUNTER_COLUMNS = {
  failed: 'failCount',
  finishDelta: 'finishNumber',
  testedUnits: 'testedUnits',
  repairUnits: 'repairUnits',
  onePassUnits: 'onePassUnits',
  failedUnits: 'failedUnits',
  firstCount: 'firstCount',
  firstPassCount: 'firstPassCount',
} as const satisfies Record<(typeof COUNTER_NAMES)[number], string>;

/** Terminals share a day's dashboard row in this many shards, so stations seldom wait on one another's row. */
const DAY_SHARDS = 16;

/** A unique index refused the write: the clientResultId was stored meanwhile, or a scanned code is another device's. */
export class UniqueClash extends Error {
  constructor(readonly violation: unknown) {
    super('unique index refused a station result');
  }
}

/** The values of a result's statements, flat, as named parameters. */
type WriteParams = Omit<ResultWrite, 'scans' | 'device' | 'counts' | 'failures'> &
  ResultWrite['device'] &
  ResultWrite['counts'] &
  Record<ScanKind, string | null> & {
    failKinds: string[];
    failItems: number[];
    shard: number;
    /** 1 when the result changes its bucket's or its day's figures */
    writeBucket: number;
    writeDay: number;
  };

/** The columns of the flow_result row. */
const RESULT_NAMES = [
  'clientResultId',
  'taskId',
  'taskFlowId',
  'flowSequence',
  'codeId',
  'terminalId',
  'accountId',
  'userName',
  'status',
  'attempt',
  'startTime',
  'endTime',
  'createTime',
  'autoResults',
  'manualResults',
] as const;
type ResultParams = Pick<WriteParams, (typeof RESULT_NAMES)[number]>;

/** The device's state after the result (its scans are written apart: only where it has none yet). */
const DEVICE_STATE_NAMES = [
  'testStatus',
  'passedFlows',
  'failedFlows',
  'everFailed',
  'resultCount',
  'firstTestTime',
  'lastTestTime',
  'repaired',
] as const;
const DEVICE_NAMES = ['codeId', 'sn', 'mac', 'imei', ...DEVICE_STATE_NAMES] as const;
type DeviceParams = Pick<WriteParams, (typeof DEVICE_NAMES)[number]>;

function pick<T, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}

const ROLLUP_NAMES = ['bucketStart', 'day', 'ownerId', 'produced', 'shard', 'writeBucket', 'writeDay'] as const;

const WRITE_NAMES = [
  ...new Set([...RESULT_NAMES, ...DEVICE_NAMES, ...COUNTER_NAMES, ...ROLLUP_NAMES, 'failKinds', 'failItems', 'expectedResultCount'] as const),
];

const paramsOf = (w: ResultWrite): WriteParams => {
  const { scans, device, counts, failures, ...rest } = w;
  const c = counts;
  return {
    ...rest,
    ...device,
    ...counts,
    sn: scans.sn ?? null,
    mac: scans.mac ?? null,
    imei: scans.imei ?? null,
    failKinds: failures.map((f) => f.kind),
    failItems: failures.map((f) => f.itemId),
    shard: w.terminalId % DAY_SHARDS,
    writeBucket: w.produced !== 0 || c.firstCount !== 0 ? 1 : 0,
    writeDay: w.produced !== 0 || c.testedUnits !== 0 || c.onePassUnits !== 0 || c.failedUnits !== 0 ? 1 : 0,
  };
};

/** The counter columns and their deltas, for an insert. */
const counterValues = (p: WriteParams) =>
  Object.fromEntries(COUNTER_NAMES.map((name) => [COUNTER_COLUMNS[name], p[name]])) as Record<
    (typeof COUNTER_COLUMNS)[keyof typeof COUNTER_COLUMNS],
    number
  >;

/*
 * SQLite: four statements (no round trips to save, one writer at a time).
 * A scan is written only where the device has none yet (coalesce), so each
 * statement keeps one shape and is prepared once.
 */
const insertResult = prepared(RESULT_NAMES, (db, _dialect, p: ResultParams) => db.insertInto('flow_result').values(p).returning('id'));

const updateDevice = prepared(DEVICE_NAMES, (db, _dialect, { codeId, sn, mac, imei, ...state }: DeviceParams) =>
  db
    .updateTable('production_code')
    .set((eb) => ({
      sn: eb.fn.coalesce('sn', eb.val(sn)),
      mac: eb.fn.coalesce('mac', eb.val(mac)),
      imei: eb.fn.coalesce('imei', eb.val(imei)),
      ...state,
    }))
    .where('id', '=', codeId),
);

const setLatest = prepared(
  ['codeId', 'taskFlowId', 'latestResultId', 'latestStatus', 'attempts'],
  (db, _dialect, latest: { codeId: number; taskFlowId: number; latestResultId: number; latestStatus: string; attempts: number }) =>
    db
      .insertInto('device_flow')
      .values(latest)
      .onConflict((oc) =>
        oc
          .columns(['codeId', 'taskFlowId'])
          .doUpdateSet({ latestResultId: latest.latestResultId, latestStatus: latest.latestStatus, attempts: latest.attempts }),
      ),
);

/*
 * The flow's counters in the row of the submitting terminal (flow_counter): no
 * other station writes it, so results at one flow never queue on a counter row
 * until each other's commit. A unit can pass at one terminal and fail a retest
 * at another, so one row's finishNumber may go below 0; the sum is what counts.
 * Every counter is added the same way, in both dialects.
 */
const addCounters = <T extends string>(table: string, columns: readonly T[]) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same sum for each column of the conflict's row
  (eb: any) => Object.fromEntries(columns.map((column) => [column, eb(eb.ref(`${table}.${column}`), '+', eb.ref(`excluded.${column}`))]));
const COUNTER_COLUMN_LIST = Object.values(COUNTER_COLUMNS);
const BUCKET_COLUMNS = ['produced', 'firstCount', 'firstPassCount'] as const;
const DAY_COLUMNS = ['produced', 'tested', 'onePassUnits', 'failedUnits'] as const;

const countAtFlow = prepared(['taskFlowId', 'terminalId', ...COUNTER_NAMES], (db, _dialect, p: WriteParams) =>
  db
    .insertInto('flow_counter')
    .values({ taskFlowId: p.taskFlowId, terminalId: p.terminalId, totalCount: 1, ...counterValues(p) })
    .onConflict((oc) =>
      oc.columns(['taskFlowId', 'terminalId']).doUpdateSet((eb) => ({
        totalCount: eb('flow_counter.totalCount', '+', eb.ref('excluded.totalCount')),
        ...addCounters('flow_counter', COUNTER_COLUMN_LIST)(eb),
      })),
    ),
);

const countItemFailure = prepared(
  ['taskFlowId', 'terminalId', 'kind', 'itemId'],
  (db, _dialect, p: { taskFlowId: number; terminalId: number; kind: string; itemId: number }) =>
    db
      .insertInto('item_failure')
      .values({ taskFlowId: p.taskFlowId, terminalId: p.terminalId, kind: p.kind as 'auto', itemId: p.itemId, failCount: 1 })
      .onConflict((oc) => oc.columns(['taskFlowId', 'terminalId', 'kind', 'itemId']).doUpdateSet(addCounters('item_failure', ['failCount']))),
);

const countBucket = prepared(['taskFlowId', 'bucketStart', 'terminalId', 'produced', 'firstCount', 'firstPassCount'], (db, _dialect, p: WriteParams) =>
  db
    .insertInto('task_bucket')
    .values({
      taskFlowId: p.taskFlowId,
      bucketStart: p.bucketStart,
      terminalId: p.terminalId,
      produced: p.produced,
      firstCount: p.firstCount,
      firstPassCount: p.firstPassCount,
    })
    .onConflict((oc) => oc.columns(['taskFlowId', 'bucketStart', 'terminalId']).doUpdateSet(addCounters('task_bucket', BUCKET_COLUMNS))),
);

const countDay = prepared(['ownerId', 'day', 'shard', 'produced', 'testedUnits', 'onePassUnits', 'failedUnits'], (db, _dialect, p: WriteParams) =>
  db
    .insertInto('daily_output')
    .values({
      ownerId: p.ownerId,
      day: p.day,
      shard: p.shard,
      produced: p.produced,
      tested: p.testedUnits,
      onePassUnits: p.onePassUnits,
      failedUnits: p.failedUnits,
    })
    .onConflict((oc) => oc.columns(['ownerId', 'day', 'shard']).doUpdateSet(addCounters('daily_output', DAY_COLUMNS))),
);

/** The PostgreSQL type of each result column, for its parameter in an INSERT … SELECT (untyped there). */
const RESULT_TYPES: Record<(typeof RESULT_NAMES)[number], string> = {
  clientResultId: 'varchar',
  taskId: 'integer',
  taskFlowId: 'integer',
  flowSequence: 'integer',
  codeId: 'integer',
  terminalId: 'integer',
  accountId: 'integer',
  userName: 'varchar',
  status: 'varchar',
  attempt: 'integer',
  startTime: 'bigint',
  endTime: 'bigint',
  createTime: 'bigint',
  autoResults: 'text',
  manualResults: 'text',
};

const typed = <T>(value: T, type: string) => sql<T>`cast(${value} as ${sql.raw(type)})`;

/*
 * PostgreSQL: every write of a result in one statement (data-modifying CTEs all
 * run, once, whether the outer statement reads them or not), so it needs no
 * transaction around it: a result costs two round trips, not five, and each
 * round trip over loopback TCP was most of the server's CPU. Every write hangs
 * on the device's update, which only happens while the device's resultCount is
 * still the one the checks read (expectedResultCount): when another result of
 * the device committed in between, nothing is written and no row comes back,
 * and the caller reads again (station-result.ts). An UNSTART task starts with
 * the write (the same statement, so a result never lands in an UNSTART task).
 */
const storeAtOnce = prepared(WRITE_NAMES, (db, _dialect, p: WriteParams) =>
  db
    .with('device', (q) =>
      q
        .updateTable('production_code')
        .set((eb) => ({
          sn: eb.fn.coalesce('sn', typed(p.sn, 'varchar')),
          mac: eb.fn.coalesce('mac', typed(p.mac, 'varchar')),
          imei: eb.fn.coalesce('imei', typed(p.imei, 'varchar')),
          ...pick(p, DEVICE_STATE_NAMES),
        }))
        .where('id', '=', p.codeId)
        .where('resultCount', '=', p.expectedResultCount)
        .returning('id'),
    )
    .with('stored', (q) =>
      q
        .insertInto('flow_result')
        .columns([...RESULT_NAMES])
        .expression((eb) => eb.selectFrom('device').select(RESULT_NAMES.map((name) => typed(p[name], RESULT_TYPES[name]).as(name))))
        .returning('id'),
    )
    .with('latest', (q) =>
      q
        .insertInto('device_flow')
        .columns(['codeId', 'taskFlowId', 'latestResultId', 'latestStatus', 'attempts'])
        .expression((eb) =>
          eb
            .selectFrom('stored')
            .select([
              typed(p.codeId, 'integer').as('codeId'),
              typed(p.taskFlowId, 'integer').as('taskFlowId'),
              'stored.id as latestResultId',
              typed(p.status, 'varchar').as('latestStatus'),
              typed(p.attempt, 'integer').as('attempts'),
            ]),
        )
        .onConflict((oc) =>
          oc.columns(['codeId', 'taskFlowId']).doUpdateSet((eb) => ({
            latestResultId: eb.ref('excluded.latestResultId'),
            latestStatus: eb.ref('excluded.latestStatus'),
            attempts: eb.ref('excluded.attempts'),
          })),
        )
        .returning('codeId'),
    )
    .with('started', (q) =>
      q
        .updateTable('task')
        .set((eb) => ({ status: 'START', startTime: eb.fn.coalesce('startTime', typed(p.createTime, 'bigint')), updateTime: p.createTime }))
        .where('id', '=', p.taskId)
        .where('status', '=', 'UNSTART')
        .where((eb) => eb.exists(eb.selectFrom('device').select('device.id')))
        .returning('id'),
    )
    .with('failures', (q) =>
      q
        .insertInto('item_failure')
        .columns(['taskFlowId', 'terminalId', 'kind', 'itemId', 'failCount'])
        .expression(
          sql`select ${typed(p.taskFlowId, 'integer')}, ${typed(p.terminalId, 'integer')}, f.kind, f.item, 1
            from device, unnest(${typed(p.failKinds, 'varchar[]')}, ${typed(p.failItems, 'integer[]')}) as f(kind, item)`,
        )
        .onConflict((oc) => oc.columns(['taskFlowId', 'terminalId', 'kind', 'itemId']).doUpdateSet(addCounters('item_failure', ['failCount'])))
        .returning('itemId'),
    )
    .with('bucket', (q) =>
      q
        .insertInto('task_bucket')
        .columns(['taskFlowId', 'bucketStart', 'terminalId', ...BUCKET_COLUMNS])
        .expression(
          sql`select ${typed(p.taskFlowId, 'integer')}, ${typed(p.bucketStart, 'bigint')}, ${typed(p.terminalId, 'integer')},
            ${typed(p.produced, 'integer')}, ${typed(p.firstCount, 'integer')}, ${typed(p.firstPassCount, 'integer')}
            from device where ${typed(p.writeBucket, 'integer')} = 1`,
        )
        .onConflict((oc) => oc.columns(['taskFlowId', 'bucketStart', 'terminalId']).doUpdateSet(addCounters('task_bucket', BUCKET_COLUMNS)))
        .returning('taskFlowId'),
    )
    .with('today', (q) =>
      q
        .insertInto('daily_output')
        .columns(['ownerId', 'day', 'shard', ...DAY_COLUMNS])
        .expression(
          sql`select ${typed(p.ownerId, 'integer')}, ${typed(p.day, 'varchar')}, ${typed(p.shard, 'integer')},
            ${typed(p.produced, 'integer')}, ${typed(p.testedUnits, 'integer')}, ${typed(p.onePassUnits, 'integer')},
            ${typed(p.failedUnits, 'integer')}
            from device where ${typed(p.writeDay, 'integer')} = 1`,
        )
        .onConflict((oc) => oc.columns(['ownerId', 'day', 'shard']).doUpdateSet(addCounters('daily_output', DAY_COLUMNS)))
        .returning('ownerId'),
    )
    .insertInto('flow_counter')
    .columns(['taskFlowId', 'terminalId', 'totalCount', ...COUNTER_COLUMN_LIST])
    .expression((eb) =>
      eb.selectFrom('device').select([
        typed(p.taskFlowId, 'integer').as('taskFlowId'),
        typed(p.terminalId, 'integer').as('terminalId'),
        eb.lit(1).as('totalCount'),
        ...COUNTER_NAMES.map((name) => typed(p[name], 'integer').as(COUNTER_COLUMNS[name])),
      ]),
    )
    .onConflict((oc) =>
      oc.columns(['taskFlowId', 'terminalId']).doUpdateSet((eb) => ({
        totalCount: eb('flow_counter.totalCount', '+', eb.ref('excluded.totalCount')),
        ...addCounters('flow_counter', COUNTER_COLUMN_LIST)(eb),
      })),
    )
    .returning((eb) => eb.selectFrom('stored').select('stored.id').as('resultId')),
);

/**
 * Writes a judged result: the result row, the device's state and scans, its
 * latest result at the flow, the terminal's counters at the flow (last: the
 * only write other results of the flow could ever wait on). Answers the
 * result's id, or null on PostgreSQL when the device changed since it was read
 * (nothing written); a unique index refusing a write (the clientResultId stored
 * meanwhile, a scan another device has) is a UniqueClash. SQLite: inside the
 * caller's transaction, which also starts an UNSTART task.
 */
export async function storeResult(db: Kysely<Database>, dialect: Dialect, write: ResultWrite): Promise<number | null> {
  const p = paramsOf(write);
  try {
    if (dialect === 'postgres') {
      const { rows } = await storeAtOnce(db, dialect, p);
      return rows[0]?.resultId ?? null;
    }
    const { rows } = await insertResult(db, dialect, p);
    const resultId = rows[0]!.id;
    await updateDevice(db, dialect, p);
    await setLatest(db, dialect, {
      codeId: p.codeId,
      taskFlowId: p.taskFlowId,
      latestResultId: resultId,
      latestStatus: p.status,
      attempts: p.attempt,
    });
    await countAtFlow(db, dialect, p);
    for (const { kind, itemId } of write.failures) {
      await countItemFailure(db, dialect, { taskFlowId: p.taskFlowId, terminalId: p.terminalId, kind, itemId });
    }
    if (p.writeBucket) await countBucket(db, dialect, p);
    if (p.writeDay) await countDay(db, dialect, p);
    return resultId;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UniqueClash(error);
    throw error;
  }
}
