import { sql } from 'kysely';
import { prepared } from '../../platform/prepared.js';
import {
  addCounters,
  BUCKET_COLUMNS,
  bucketSpan,
  COUNTER_COLUMN_LIST,
  COUNTER_COLUMNS,
  COUNTER_NAMES,
  DAY_COLUMNS,
  DEVICE_STATE_NAMES,
  pick,
  RESULT_NAMES,
  WRITE_NAMES,
  type WriteParams,
} from './result-write-params.js';

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
export const storeAtOnce = prepared(WRITE_NAMES, (db, _dialect, p: WriteParams) =>
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
        .columns(['taskFlowId', 'bucketStart', 'terminalId', ...BUCKET_COLUMNS, 'firstStart', 'lastEnd'])
        .expression(
          sql`select ${typed(p.taskFlowId, 'integer')}, ${typed(p.bucketStart, 'bigint')}, ${typed(p.terminalId, 'integer')},
            ${typed(p.produced, 'integer')}, ${typed(p.firstCount, 'integer')}, ${typed(p.firstPassCount, 'integer')}, 1,
            ${typed(p.startTime, 'bigint')}, ${typed(p.endTime, 'bigint')}
            from device`,
        )
        .onConflict((oc) =>
          oc
            .columns(['taskFlowId', 'bucketStart', 'terminalId'])
            .doUpdateSet((eb) => ({ ...addCounters('task_bucket', BUCKET_COLUMNS)(eb), ...bucketSpan('postgres')(eb) })),
        )
        .returning('taskFlowId'),
    )
    .with('today', (q) =>
      q
        .insertInto('daily_output')
        .columns(['ownerId', 'day', 'taskId', 'shard', ...DAY_COLUMNS])
        .expression(
          sql`select ${typed(p.ownerId, 'integer')}, ${typed(p.day, 'varchar')}, ${typed(p.taskId, 'integer')}, ${typed(p.shard, 'integer')},
            ${typed(p.produced, 'integer')}, ${typed(p.testedUnits, 'integer')}, ${typed(p.onePassUnits, 'integer')},
            ${typed(p.failedUnits, 'integer')}
            from device where ${typed(p.writeDay, 'integer')} = 1`,
        )
        .onConflict((oc) => oc.columns(['ownerId', 'day', 'taskId', 'shard']).doUpdateSet(addCounters('daily_output', DAY_COLUMNS)))
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
