import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import { prepared } from '../../platform/prepared.js';
import type { Database } from '../../platform/schema.js';
import { isUniqueViolation } from '../../platform/tenancy.js';
import {
  addCounters,
  BUCKET_COLUMNS,
  bucketSpan,
  COUNTER_COLUMN_LIST,
  COUNTER_NAMES,
  counterValues,
  DAY_COLUMNS,
  DEVICE_NAMES,
  type DeviceParams,
  paramsOf,
  RESULT_NAMES,
  type ResultParams,
  type ResultWrite,
  type WriteParams,
} from './result-write-params.js';
import { storeAtOnce } from './result-writes-postgres.js';

export type { ResultWrite } from './result-write-params.js';

/** A unique index refused the write: the clientResultId was stored meanwhile, or a scanned code is another device's. */
export class UniqueClash extends Error {
  constructor(readonly violation: unknown) {
    super('unique index refused a station result');
  }
}

/*
 * SQLite: a statement per table (no round trips to save, one writer at a time),
 * each prepared once per shape.
 */
const insertResult = prepared(RESULT_NAMES, (db, _dialect, p: ResultParams) => db.insertInto('flow_result').values(p).returning('id'));

/**
 * The device's columns of an index that a result may leave as they are: SQLite
 * rewrites the index entries of every column an UPDATE sets, whether its value
 * changes or not (each of these is in an index: the scans' unique ones, the
 * records' order and status filter), which made the device's update the dearest
 * write of a result. So the update sets only those that change: a scan first
 * seen now (where the device has none yet: coalesce), the first test time and the
 * status when they move. At most 32 shapes, each prepared once, on first use.
 */
const OPTIONAL_COLUMNS = ['sn', 'mac', 'imei', 'testStatus', 'firstTestTime'] as const;
const deviceUpdates = new Map<number, ReturnType<typeof deviceUpdate>>();

function deviceUpdate(shape: number) {
  const sets = (column: (typeof OPTIONAL_COLUMNS)[number]) => (shape & (1 << OPTIONAL_COLUMNS.indexOf(column))) !== 0;
  return prepared(DEVICE_NAMES, (db, _dialect, { codeId, sn, mac, imei, testStatus, firstTestTime, ...state }: DeviceParams) =>
    db
      .updateTable('production_code')
      .set((eb) => ({
        ...(sets('sn') ? { sn: eb.fn.coalesce('sn', eb.val(sn)) } : {}),
        ...(sets('mac') ? { mac: eb.fn.coalesce('mac', eb.val(mac)) } : {}),
        ...(sets('imei') ? { imei: eb.fn.coalesce('imei', eb.val(imei)) } : {}),
        ...(sets('testStatus') ? { testStatus } : {}),
        ...(sets('firstTestTime') ? { firstTestTime } : {}),
        ...state,
      }))
      .where('id', '=', codeId),
  );
}

function updateDevice(db: Kysely<Database>, dialect: Dialect, p: DeviceParams, previous: ResultWrite['previous']) {
  const changes = [
    p.sn !== null,
    p.mac !== null,
    p.imei !== null,
    p.testStatus !== previous.testStatus,
    p.firstTestTime !== previous.firstTestTime,
  ];
  const shape = changes.reduce((bits, changed, n) => (changed ? bits | (1 << n) : bits), 0);
  let update = deviceUpdates.get(shape);
  if (!update) deviceUpdates.set(shape, (update = deviceUpdate(shape)));
  return update(db, dialect, p);
}

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

const countBucket = prepared(
  ['taskFlowId', 'bucketStart', 'terminalId', 'produced', 'firstCount', 'firstPassCount', 'startTime', 'endTime'],
  (db, dialect, p: WriteParams) =>
    db
      .insertInto('task_bucket')
      .values({
        taskFlowId: p.taskFlowId,
        bucketStart: p.bucketStart,
        terminalId: p.terminalId,
        produced: p.produced,
        firstCount: p.firstCount,
        firstPassCount: p.firstPassCount,
        testCount: 1,
        firstStart: p.startTime,
        lastEnd: p.endTime,
      })
      .onConflict((oc) =>
        oc
          .columns(['taskFlowId', 'bucketStart', 'terminalId'])
          .doUpdateSet((eb) => ({ ...addCounters('task_bucket', BUCKET_COLUMNS)(eb), ...bucketSpan(dialect)(eb) })),
      ),
);

const countDay = prepared(['ownerId', 'day', 'taskId', 'shard', 'produced', 'testedUnits', 'onePassUnits', 'failedUnits'], (db, _dialect, p: WriteParams) =>
  db
    .insertInto('daily_output')
    .values({
      ownerId: p.ownerId,
      day: p.day,
      taskId: p.taskId,
      shard: p.shard,
      produced: p.produced,
      tested: p.testedUnits,
      onePassUnits: p.onePassUnits,
      failedUnits: p.failedUnits,
    })
    .onConflict((oc) => oc.columns(['ownerId', 'day', 'taskId', 'shard']).doUpdateSet(addCounters('daily_output', DAY_COLUMNS))),
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
    await updateDevice(db, dialect, p, write.previous);
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
    await countBucket(db, dialect, p);
    if (p.writeDay) await countDay(db, dialect, p);
    return resultId;
  } catch (error) {
    if (isUniqueViolation(error)) throw new UniqueClash(error);
    throw error;
  }
}
