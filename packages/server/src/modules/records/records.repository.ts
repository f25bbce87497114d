import type { TestStatus } from '@factory/contracts';
import type { ExpressionBuilder, InferResult, Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database, DeviceFlowTable, FlowResultTable, ProductionCodeTable } from '../../platform/schema.js';
import { linesOfTasks } from '../../platform/task-facts.js';
import { type TaskScope, whereInScope } from '../../platform/task-scope.js';

const DEVICE_COLUMNS = [
  'production_code.id',
  'production_code.taskId',
  'production_code.code',
  'production_code.sn',
  'production_code.mac',
  'production_code.imei',
  'production_code.testStatus',
  'production_code.firstTestTime',
  'production_code.lastTestTime',
] as const;

/** A device as records show it: its codes and where its tests stand (DEVICE_COLUMNS). */
export type DeviceRow = Pick<
  Selectable<ProductionCodeTable>,
  (typeof DEVICE_COLUMNS)[number] extends `production_code.${infer Column}` ? Column : never
>;

export interface RecordFilters {
  testStatus?: TestStatus | undefined;
  /** epoch ms, inclusive */
  firstTestFrom?: number | undefined;
  /** epoch ms, exclusive */
  firstTestBefore?: number | undefined;
  /** the start of the code, SN, MAC or IMEI */
  searchText?: string | undefined;
}

/** Above every other character: `[text, text + TOP)` is every string that starts with text in binary order. */
const TOP = '\u{10FFFF}';
const SCANNED = ['sn', 'mac', 'imei'] as const;
type Searched = 'code' | (typeof SCANNED)[number];

/**
 * The column starts with `text`: a range its index serves, with the exact prefix
 * test kept, so that a database ordering text by a language's rules instead of
 * code points never answers a device that does not match.
 */
function startsWith(eb: ExpressionBuilder<Database, 'production_code'>, column: Searched, text: string) {
  const ref = eb.ref(`production_code.${column}`);
  return eb.and([eb(ref, '>=', text), eb(ref, '<', text + TOP), eb(eb.fn('substr', [ref, eb.lit(1), eb.val([...text].length)]), '=', text)]);
}

/**
 * The ids of a task's devices whose code, SN, MAC or IMEI starts with `text`,
 * one index range each: the code's unique index (codes are unique across tasks,
 * so the task is checked after), the others after taskId.
 */
function idsStartingWith(db: Kysely<Database>, taskId: number, text: string) {
  const byCode = db
    .selectFrom('production_code')
    .select('production_code.id')
    .where((eb) => startsWith(eb, 'code', text));
  return SCANNED.reduce(
    (union, column) =>
      union.union(
        db
          .selectFrom('production_code')
          .select('production_code.id')
          .where('production_code.taskId', '=', taskId)
          .where((eb) => startsWith(eb, column, text)),
      ),
    byCode,
  );
}

/**
 * The tested devices of a task (a device gets firstTestTime with its first
 * result, so `firstTestTime is not null` is "resultCount > 0" read from the
 * (taskId, firstTestTime, id) index), filtered. A search is a union of four index
 * ranges joined to the devices on SQLite, whose planner (no statistics) would
 * otherwise walk every device of the task along the order index; PostgreSQL
 * combines the four indexes of the plain OR itself (a bitmap OR) and plans that
 * better than the union when a short prefix matches most devices.
 */
function recordsOfTask(db: Kysely<Database>, dialect: Dialect, taskId: number, searchText: string | undefined) {
  if (searchText !== undefined && dialect === 'sqlite') {
    // CROSS JOIN keeps the matches as SQLite's outer loop: each is one lookup by id.
    return db
      .selectFrom(idsStartingWith(db, taskId, searchText).as('matched'))
      .crossJoin('production_code')
      .whereRef('production_code.id', '=', 'matched.id')
      .where('production_code.taskId', '=', taskId)
      .where('production_code.firstTestTime', 'is not', null);
  }
  let query = db.selectFrom('production_code').where('production_code.taskId', '=', taskId).where('production_code.firstTestTime', 'is not', null);
  if (searchText !== undefined) {
    query = query.where((eb) => eb.or((['code', ...SCANNED] as const).map((column) => startsWith(eb, column, searchText))));
  }
  return query;
}

/** The task's records that pass the filters (no order, no columns yet). */
function filteredRecords(db: Kysely<Database>, dialect: Dialect, taskId: number, filters: RecordFilters) {
  let query = recordsOfTask(db, dialect, taskId, filters.searchText);
  if (filters.testStatus !== undefined) query = query.where('production_code.testStatus', '=', filters.testStatus);
  if (filters.firstTestFrom !== undefined) query = query.where('production_code.firstTestTime', '>=', filters.firstTestFrom);
  if (filters.firstTestBefore !== undefined) query = query.where('production_code.firstTestTime', '<', filters.firstTestBefore);
  return query;
}

/**
 * Records are listed newest first test first: the time the list shows (createTime)
 * and its date filter bound, and one that never moves once set, so a retest does
 * not shuffle the pages while a supervisor reads them. The id breaks ties (two
 * stations finishing in the same millisecond), so every row has one place.
 * The (taskId, firstTestTime, id) index (migration 013) hands rows over in this order.
 */
function inRecordOrder<Q extends ReturnType<typeof filteredRecords>>(query: Q): Q {
  return query.orderBy('production_code.firstTestTime', 'desc').orderBy('production_code.id', 'desc') as Q;
}

/** How many records pass the filters. */
export async function recordCount(db: Kysely<Database>, dialect: Dialect, taskId: number, filters: RecordFilters): Promise<number> {
  const counted = await filteredRecords(db, dialect, taskId, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}

/** A page of a task's records, newest first test first, and how many there are. */
export async function recordPage(
  db: Kysely<Database>,
  dialect: Dialect,
  taskId: number,
  filters: RecordFilters,
  paging: PageRequest,
): Promise<{ rows: DeviceRow[]; total: number }> {
  const total = await recordCount(db, dialect, taskId, filters);
  let list = inRecordOrder(filteredRecords(db, dialect, taskId, filters)).select(DEVICE_COLUMNS);
  if (paging.pageSize > 0) {
    const offset = (paging.page - 1) * paging.pageSize;
    // Past the last row nothing is read at all.
    if (offset >= total) return { rows: [], total };
    list = list.limit(paging.pageSize).offset(offset);
  }
  return { rows: await list.execute(), total };
}

/** Where a read of records in list order stopped: the last row's first test and id. */
export interface RecordCursor {
  firstTestTime: number;
  id: number;
}

/**
 * The next `limit` records after `after` in list order (the export reads the
 * filtered list this way): each batch starts where the index range left off,
 * so the 100th batch costs what the first did, where an offset would read every
 * row before it again.
 */
export function recordsAfter(
  db: Kysely<Database>,
  dialect: Dialect,
  taskId: number,
  filters: RecordFilters,
  after: RecordCursor | null,
  limit: number,
): Promise<DeviceRow[]> {
  let query = filteredRecords(db, dialect, taskId, filters);
  if (after !== null) {
    // A row comparison, not the equivalent OR: both databases read it as a bound on the index range, where
    // PostgreSQL would filter the OR row by row from the top of the task (each batch slower than the last).
    query = query.where((eb) =>
      eb(eb.refTuple('production_code.firstTestTime', 'production_code.id'), '<', eb.tuple(after.firstTestTime, after.id)),
    );
  }
  return inRecordOrder(query).select(DEVICE_COLUMNS).limit(limit).execute();
}

/** A flow's latest result on a device (device_flow), with what the record shows of it. */
export type LatestResultRow = Pick<Selectable<DeviceFlowTable>, 'codeId' | 'taskFlowId' | 'attempts'> &
  Pick<Selectable<FlowResultTable>, 'id' | 'startTime' | 'endTime' | 'status'>;

/** The latest result at each flow of the devices, through the device_flow key and the result's id. */
export function latestResultsOf(db: Kysely<Database>, codeIds: readonly number[]): Promise<LatestResultRow[]> {
  if (codeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('device_flow')
    .innerJoin('flow_result', 'flow_result.id', 'device_flow.latestResultId')
    .select([
      'device_flow.codeId',
      'device_flow.taskFlowId',
      'device_flow.attempts',
      'flow_result.id',
      'flow_result.startTime',
      'flow_result.endTime',
      'flow_result.status',
    ])
    .where('device_flow.codeId', 'in', codeIds)
    .execute();
}

/**
 * Devices with their task, in the scope. `taskByTask` reads the scope's tasks
 * first and each one's devices through an index after taskId (SQLite keeps the
 * tables of a CROSS JOIN in the order written; PostgreSQL plans it as any join).
 */
function devicesWithTask(db: Kysely<Database>, scope: TaskScope, taskByTask = false) {
  const tasks = whereInScope(db.selectFrom('task'), scope);
  const joined = taskByTask
    ? tasks.crossJoin('production_code').whereRef('production_code.taskId', '=', 'task.id')
    : tasks.innerJoin('production_code', 'production_code.taskId', 'task.id');
  return joined
    .innerJoin('product_type', 'product_type.id', 'task.productTypeId')
    .select([...DEVICE_COLUMNS, 'task.status as taskStatus', 'task.productNumber', 'product_type.name as productTypeName']);
}

/** A device with the task it belongs to. */
export type DeviceWithTask = InferResult<ReturnType<typeof devicesWithTask>>[number];

/** The device with this production code when the scope sees its task (out of scope is as unknown as missing). */
export function deviceByCode(db: Kysely<Database>, scope: TaskScope, code: string): Promise<DeviceWithTask | undefined> {
  return devicesWithTask(db, scope).where('production_code.code', '=', code).executeTakeFirst();
}

/**
 * The devices whose production code, SN, MAC or IMEI is one of `texts`, in the
 * scope, most recently tested first. One query a column: the code is unique on
 * its own; SN, MAC and IMEI are indexed after taskId, so each is probed task by
 * task of the scope (an OR of the three would read every device of the scope).
 */
export async function devicesMatching(
  db: Kysely<Database>,
  scope: TaskScope,
  texts: readonly string[],
  limit: number,
): Promise<DeviceWithTask[]> {
  const found = new Map<number, DeviceWithTask>();
  for (const column of ['code', ...SCANNED] as const) {
    // No order here: an order the planner could read from an index would lead it to walk that index.
    const rows = await devicesWithTask(db, scope, column !== 'code').where(`production_code.${column}`, 'in', texts).limit(limit).execute();
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()].sort((a, b) => (b.lastTestTime ?? 0) - (a.lastTestTime ?? 0) || b.id - a.id).slice(0, limit);
}

function resultsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('flow_result')
    .innerJoin('production_code', 'production_code.id', 'flow_result.codeId')
    .innerJoin('task_flow', 'task_flow.id', 'flow_result.taskFlowId')
    .leftJoin('terminal', 'terminal.id', 'flow_result.terminalId')
    .select([
      'flow_result.id',
      'flow_result.taskId',
      'flow_result.codeId',
      'production_code.code',
      'flow_result.taskFlowId',
      'task_flow.name as flowName',
      'task_flow.sequence as flowSequence',
      'flow_result.userName',
      'terminal.terminalName',
      'terminal.terminalCode',
      'flow_result.status',
      'flow_result.attempt',
      'flow_result.startTime',
      'flow_result.endTime',
      'flow_result.autoResults',
      'flow_result.manualResults',
    ]);
}

/** One stored result with the names it is shown with. */
export type ResultRow = InferResult<ReturnType<typeof resultsWithNames>>[number];

/** One result with its device's history count at the flow, when the scope sees its task. */
export async function resultInScope(
  db: Kysely<Database>,
  scope: TaskScope,
  id: number,
): Promise<(ResultRow & { historyCount: number }) | undefined> {
  const row = await resultsWithNames(db)
    .innerJoin('device_flow', (join) =>
      join.onRef('device_flow.codeId', '=', 'flow_result.codeId').onRef('device_flow.taskFlowId', '=', 'flow_result.taskFlowId'),
    )
    .select('device_flow.attempts as historyCount')
    .where('flow_result.id', '=', id)
    .where((eb) =>
      eb.exists(whereInScope(eb.selectFrom('task').select('task.id').where('task.id', '=', eb.ref('flow_result.taskId')), scope)),
    )
    .executeTakeFirst();
  return row;
}

/** Every result of the devices, device by device in time order (the flow_result_device index by codeId, then sorted). */
export function resultsOfDevices(db: Kysely<Database>, codeIds: readonly number[]): Promise<ResultRow[]> {
  if (codeIds.length === 0) return Promise.resolve([]);
  return resultsWithNames(db)
    .where('flow_result.codeId', 'in', codeIds)
    .orderBy('flow_result.codeId')
    .orderBy('flow_result.startTime')
    .orderBy('flow_result.id')
    .execute();
}

/** Whether the flow is one of the task's. */
export async function flowOfTask(db: Kysely<Database>, taskId: number, taskFlowId: number): Promise<boolean> {
  const row = await db.selectFrom('task_flow').select('id').where('id', '=', taskFlowId).where('taskId', '=', taskId).executeTakeFirst();
  return row !== undefined;
}

export type HistoryRow = Pick<Selectable<FlowResultTable>, 'id' | 'startTime' | 'userName' | 'status' | 'attempt'>;

/** A device's results at one flow, newest first, read along the (codeId, taskFlowId, id) index. */
export async function historyPage(
  db: Kysely<Database>,
  codeId: number,
  taskFlowId: number,
  paging: PageRequest,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const query = db.selectFrom('flow_result').where('codeId', '=', codeId).where('taskFlowId', '=', taskFlowId);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const total = Number(counted.count);
  let list = query.select(['id', 'startTime', 'userName', 'status', 'attempt']).orderBy('id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: await list.execute(), total };
}

/** The line codes of each task, in planning order, comma-separated (as the task list shows them). */
export async function lineCodesOf(db: Kysely<Database>, taskIds: readonly number[]): Promise<Map<number, string>> {
  const codes = new Map<number, string[]>();
  for (const line of await linesOfTasks(db, [...new Set(taskIds)])) codes.set(line.taskId, [...(codes.get(line.taskId) ?? []), line.lineNum]);
  return new Map([...codes].map(([taskId, lineNums]) => [taskId, lineNums.join(',')]));
}

/** The flows of a task in order. */
export function flowsOfTask(db: Kysely<Database>, taskId: number): Promise<{ id: number; name: string; sequence: number }[]> {
  return db.selectFrom('task_flow').select(['id', 'name', 'sequence']).where('taskId', '=', taskId).orderBy('sequence').execute();
}
