import { RECORD_LIMITS, type TestStatus } from '@factory/contracts';
import type { ExpressionBuilder, InferResult, Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database, DeviceFlowTable, FlowResultTable, ProductionCodeTable } from '../../platform/schema.js';
import { linesOfTasks } from '../../platform/task-facts.js';
import { type TaskScope, whereInScope } from '../../platform/task-scope.js';
import { prepared } from '../../platform/prepared.js';
import {
  dialectOfKysely,
  inList,
  listValue,
  preparedForms,
  SCOPE_NAMES,
  type ScopeForm,
  scopeForm,
  type ScopeParams,
  scopeParams,
  whereInScopeForm,
} from '../../platform/prepared-lists.js';

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
 * The values of the records queries (prepared once per form, below): the filters and the search as
 * parameters (a search is a range and a prefix test, so its text comes three ways), the page's bounds and
 * a keyset cursor. A form leaves out what it does not use.
 */
interface RecordParams {
  taskId: number;
  testStatus?: TestStatus | undefined;
  firstTestFrom?: number | undefined;
  firstTestBefore?: number | undefined;
  /** the search text, the top of its range (text + TOP) and its length in characters */
  searchLow?: string | undefined;
  searchHigh?: string | undefined;
  searchLength?: number | undefined;
  limit?: number;
  offset?: number;
  cursorTime?: number;
  cursorId?: number;
  [name: string]: unknown;
}
const RECORD_PARAM_NAMES = [
  'taskId',
  'testStatus',
  'firstTestFrom',
  'firstTestBefore',
  'searchLow',
  'searchHigh',
  'searchLength',
  'limit',
  'offset',
  'cursorTime',
  'cursorId',
] as const;

function recordParams(taskId: number, filters: RecordFilters, rest: Partial<RecordParams> = {}): RecordParams {
  const text = filters.searchText;
  return {
    taskId,
    testStatus: filters.testStatus,
    firstTestFrom: filters.firstTestFrom,
    firstTestBefore: filters.firstTestBefore,
    ...(text === undefined ? {} : { searchLow: text, searchHigh: text + TOP, searchLength: [...text].length }),
    ...rest,
  };
}

/** Which filters a query carries, one letter each (status, from, before, query text): part of a form's name. */
type FilterForm = string;
function filterForm(filters: RecordFilters): FilterForm {
  return (
    (filters.testStatus !== undefined ? 's' : '') +
    (filters.firstTestFrom !== undefined ? 'f' : '') +
    (filters.firstTestBefore !== undefined ? 'b' : '') +
    (filters.searchText !== undefined ? 'q' : '')
  );
}

/**
 * The column starts with the search text: a range its index serves, with the exact prefix
 * test kept, so that a database ordering text by a language's rules instead of
 * code points never answers a device that does not match.
 */
function startsWith(eb: ExpressionBuilder<Database, 'production_code'>, column: Searched, p: RecordParams) {
  const ref = eb.ref(`production_code.${column}`);
  return eb.and([
    eb(ref, '>=', p.searchLow!),
    eb(ref, '<', p.searchHigh!),
    eb(eb.fn('substr', [ref, eb.lit(1), eb.val(p.searchLength!)]), '=', p.searchLow!),
  ]);
}

/**
 * The ids of a task's devices whose code, SN, MAC or IMEI starts with the search text,
 * one index range each: the code's unique index (codes are unique across tasks,
 * so the task is checked after), the others after taskId.
 */
function idsStartingWith(db: Kysely<Database>, p: RecordParams) {
  const byCode = db
    .selectFrom('production_code')
    .select('production_code.id')
    .where((eb) => startsWith(eb, 'code', p));
  return SCANNED.reduce(
    (union, column) =>
      union.union(
        db
          .selectFrom('production_code')
          .select('production_code.id')
          .where('production_code.taskId', '=', p.taskId)
          .where((eb) => startsWith(eb, column, p)),
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
function recordsOfTask(db: Kysely<Database>, dialect: Dialect, form: FilterForm, p: RecordParams, testedImplied: boolean) {
  const searched = form.includes('q');
  if (searched && dialect === 'sqlite') {
    // CROSS JOIN keeps the matches as SQLite's outer loop: each is one lookup by id.
    const matched = db
      .selectFrom(idsStartingWith(db, p).as('matched'))
      .crossJoin('production_code')
      .whereRef('production_code.id', '=', 'matched.id')
      .where('production_code.taskId', '=', p.taskId);
    return testedImplied ? matched : matched.where('production_code.firstTestTime', 'is not', null);
  }
  let query = db.selectFrom('production_code').where('production_code.taskId', '=', p.taskId);
  if (!testedImplied) query = query.where('production_code.firstTestTime', 'is not', null);
  if (searched) query = query.where((eb) => eb.or((['code', ...SCANNED] as const).map((column) => startsWith(eb, column, p))));
  return query;
}

/** The task's records that pass the filters of the form (no order, no columns yet). */
function filteredRecords(db: Kysely<Database>, dialect: Dialect, form: FilterForm, p: RecordParams) {
  // A status or a lower date bound already says "tested" (a result sets testStatus and firstTestTime in one
  // write). Left out then, the planner reads the status index (migration 019): SQLite, with no statistics,
  // otherwise takes `firstTestTime is not null` for a range of production_code_first_test and tests each
  // device's status there, a long walk past the devices of other statuses.
  const testedImplied = form.includes('s') || form.includes('f');
  let query = recordsOfTask(db, dialect, form, p, testedImplied);
  if (form.includes('s')) query = query.where('production_code.testStatus', '=', p.testStatus!);
  if (form.includes('f')) query = query.where('production_code.firstTestTime', '>=', p.firstTestFrom!);
  if (form.includes('b')) query = query.where('production_code.firstTestTime', '<', p.firstTestBefore!);
  return query;
}

/**
 * Records are listed newest first test first: the time the list shows (createTime)
 * and its date filter bound, and one that never moves once set, so a retest does
 * not shuffle the pages while a supervisor reads them. The id breaks ties (two
 * stations finishing in the same millisecond), so every row has one place.
 * The (taskId, firstTestTime, id) index (migration 013) hands rows over in this order,
 * and (taskId, testStatus, firstTestTime, id) (migration 019) those of one status.
 */
function inRecordOrder<Q extends ReturnType<typeof filteredRecords>>(query: Q): Q {
  return query.orderBy('production_code.firstTestTime', 'desc').orderBy('production_code.id', 'desc') as Q;
}

/** Oldest first test first: the list's order backwards, read backwards along the same index. */
function reversedOrder<Q extends ReturnType<typeof filteredRecords>>(query: Q): Q {
  return query.orderBy('production_code.firstTestTime', 'asc').orderBy('production_code.id', 'asc') as Q;
}

/**
 * How a records query reads the filtered list:
 * - `all`: every record in list order;
 * - `page`: `limit` records from `offset`, in list order;
 * - `back`: `limit` records from `offset` counted from the end, oldest first;
 * - `after` / `before`: `limit` records next to a cursor, in list order / nearest first;
 * - `first`: the first `limit` records in list order.
 */
type ReadForm = 'all' | 'page' | 'back' | 'after' | 'before' | 'first';

/**
 * The records queries, built and compiled once per read and filter form (issue 19: building the Kysely
 * query of each page anew was a tenth of a records call's CPU), e.g. `page:sq` for a page of one status
 * searched by text.
 */
const recordRows = preparedForms(RECORD_PARAM_NAMES, (form: `${ReadForm}:${FilterForm}`, db, dialect, p: RecordParams) => {
  const [read, filters] = form.split(':') as [ReadForm, FilterForm];
  let query = filteredRecords(db, dialect, filters, p);
  // A row comparison, not the equivalent OR: both databases read it as a bound on the index range, where
  // PostgreSQL would filter the OR row by row from the top of the task (each batch slower than the last).
  const cursor = (op: '<' | '>') =>
    query.where((eb) => eb(eb.refTuple('production_code.firstTestTime', 'production_code.id'), op, eb.tuple(p.cursorTime!, p.cursorId!)));
  if (read === 'after') query = cursor('<');
  if (read === 'before') query = cursor('>');
  const ordered = read === 'back' || read === 'before' ? reversedOrder(query) : inRecordOrder(query);
  const selected = ordered.select(DEVICE_COLUMNS);
  if (read === 'all') return selected;
  const limited = selected.limit(p.limit!);
  return read === 'page' || read === 'back' ? limited.offset(p.offset!) : limited;
});

function readRecords(db: Kysely<Database>, dialect: Dialect, read: ReadForm, taskId: number, filters: RecordFilters, rest: Partial<RecordParams> = {}) {
  return recordRows(`${read}:${filterForm(filters)}`)(db, dialect, recordParams(taskId, filters, rest)).then((result) => result.rows as DeviceRow[]);
}

/** How many records pass the filters (a count of every one: tests and small lists only, see cappedRecordCount). */
export async function recordCount(db: Kysely<Database>, dialect: Dialect, taskId: number, filters: RecordFilters): Promise<number> {
  const counted = await filteredRecords(db, dialect, filterForm(filters), recordParams(taskId, filters))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}

/**
 * A task's tested devices from its rollup: the units whose first result anywhere
 * was stored (flow_counter.testedUnits, added in the same write that sets the
 * device's firstTestTime, docs/metrics.md), summed over the task's few
 * flow × terminal rows instead of counting its devices.
 */
export async function testedUnitsOf(db: Kysely<Database>, taskId: number): Promise<number> {
  const { rows } = await testedUnitsQuery(db, dialectOfKysely(db), { taskId });
  return Number(rows[0]?.tested ?? 0);
}

/** testedUnitsOf's one statement, built once (prepared). */
const testedUnitsQuery = prepared(['taskId'], (db, _dialect, { taskId }: { taskId: number }) =>
  db
    .selectFrom('flow_counter')
    .innerJoin('task_flow', 'task_flow.id', 'flow_counter.taskFlowId')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('flow_counter.testedUnits'), eb.lit(0)).as('tested'))
    .where('task_flow.taskId', '=', taskId),
);

/** cappedRecordCount's statement per filter form: the ids along the filter's index, at most `limit`, counted. */
const cappedCounts = preparedForms(RECORD_PARAM_NAMES, (form: FilterForm, db, dialect, p: RecordParams) =>
  db
    .selectFrom(filteredRecords(db, dialect, form, p).select('production_code.id').limit(p.limit!).as('limited'))
    .select((eb) => eb.fn.countAll<number>().as('count')),
);

/**
 * How many records pass the filters, counting no further than `cap` + 1: each
 * filter reads an index range in list order (migration 019 for a status), so
 * this reads at most cap + 1 entries however many devices the task has.
 */
export async function cappedRecordCount(
  db: Kysely<Database>,
  dialect: Dialect,
  taskId: number,
  filters: RecordFilters,
  cap: number,
): Promise<{ count: number; capped: boolean }> {
  const { rows } = await cappedCounts(filterForm(filters))(db, dialect, recordParams(taskId, filters, { limit: cap + 1 }));
  const count = Number(rows[0]?.count ?? 0);
  return count > cap ? { count: cap, capped: true } : { count, capped: false };
}

const hasFilter = (filters: RecordFilters) => filterForm(filters) !== '';

/** Where a page starts: its number (an offset), or next to a neighbouring page's first or last record (keyset). */
export interface RecordPaging extends PageRequest {
  after?: RecordCursor | undefined;
  before?: RecordCursor | undefined;
}

export interface RecordPageRows {
  rows: DeviceRow[];
  /** exact, or `cap` with `capped` */
  total: number;
  capped: boolean;
  /** a record follows the last row */
  hasMore: boolean;
}

/**
 * A page of a task's records, newest first test first, and how many there are
 * (issue 19: no call counts every device of a task).
 *
 * - The total of the unfiltered list is the task's rollup (testedUnitsOf); a
 *   filtered total is counted up to `cap` (cappedRecordCount), or is known from
 *   the page itself when the page reaches the end of the list.
 * - `after` / `before` read the page next to a known record along the order
 *   index (keyset): page 5,000 costs what page 2 does. Without them the page
 *   number is an offset; when the total is exact and the page lies nearer the
 *   end, it is read from the end (the last page costs what the first does).
 * Each read asks for one row more than the page, to know whether more follow.
 */
export async function recordPage(
  db: Kysely<Database>,
  dialect: Dialect,
  taskId: number,
  filters: RecordFilters,
  paging: RecordPaging,
  cap: number = RECORD_LIMITS.countCap,
): Promise<RecordPageRows> {
  if (paging.pageSize <= 0) {
    const rows = await readRecords(db, dialect, 'all', taskId, filters);
    return { rows, total: rows.length, capped: false, hasMore: false };
  }
  const size = paging.pageSize;
  const filtered = hasFilter(filters);
  const exactTotal = filtered ? undefined : await testedUnitsOf(db, taskId);
  const totalOf = async (known?: number) => {
    if (exactTotal !== undefined) return { total: exactTotal, capped: false };
    if (known !== undefined) return { total: known, capped: false };
    const { count, capped } = await cappedRecordCount(db, dialect, taskId, filters, cap);
    return { total: count, capped };
  };

  if (paging.after || paging.before) {
    const rows = paging.after
      ? await recordsAfter(db, dialect, taskId, filters, paging.after, size + 1)
      : (await recordsBefore(db, dialect, taskId, filters, paging.before!, size)).reverse();
    // Read before this page: the records up to the cursor exist, so whether more follow is all that is known.
    const hasMore = paging.after ? rows.length > size : true;
    return { rows: rows.slice(0, size), ...(await totalOf()), hasMore };
  }

  const offset = (paging.page - 1) * size;
  if (exactTotal !== undefined) {
    // Past the last row nothing is read at all.
    if (offset >= exactTotal) return { rows: [], total: exactTotal, capped: false, hasMore: false };
    const fromEnd = exactTotal - offset - size;
    if (fromEnd > 0 && fromEnd < offset) {
      // Nearer the end: the same rows, read backwards along the index with the smaller offset.
      const rows = await readRecords(db, dialect, 'back', taskId, filters, { limit: size, offset: fromEnd });
      return { rows: rows.reverse(), total: exactTotal, capped: false, hasMore: true };
    }
    if (fromEnd <= 0 && offset > 0) {
      const rows = await readRecords(db, dialect, 'back', taskId, filters, { limit: exactTotal - offset, offset: 0 });
      return { rows: rows.reverse(), total: exactTotal, capped: false, hasMore: false };
    }
  }
  const rows = await readRecords(db, dialect, 'page', taskId, filters, { limit: size + 1, offset });
  const hasMore = rows.length > size;
  // A page that ends the list tells the total, unless it is empty past page 1 (the list may end anywhere before it).
  const known = !hasMore && (rows.length > 0 || offset === 0) ? offset + rows.length : undefined;
  return { rows: rows.slice(0, size), ...(await totalOf(known)), hasMore };
}

/** The `limit` records just before `before` in list order, nearest first (reversed order). */
function recordsBefore(
  db: Kysely<Database>,
  dialect: Dialect,
  taskId: number,
  filters: RecordFilters,
  before: RecordCursor,
  limit: number,
): Promise<DeviceRow[]> {
  return readRecords(db, dialect, 'before', taskId, filters, { limit, cursorTime: before.firstTestTime, cursorId: before.id });
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
  if (after === null) return readRecords(db, dialect, 'first', taskId, filters, { limit });
  return readRecords(db, dialect, 'after', taskId, filters, { limit, cursorTime: after.firstTestTime, cursorId: after.id });
}

/** A flow's latest result on a device (device_flow), with what the record shows of it. */
export type LatestResultRow = Pick<Selectable<DeviceFlowTable>, 'codeId' | 'taskFlowId' | 'attempts'> &
  Pick<Selectable<FlowResultTable>, 'id' | 'startTime' | 'endTime' | 'status'>;

const latestResultsQuery = prepared(['codeIds'], (db, dialect, { codeIds }: { codeIds: unknown }) =>
  db
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
    .where((eb) => inList(dialect, eb.ref('device_flow.codeId'), codeIds)),
);

/** The latest result at each flow of the devices, through the device_flow key and the result's id (prepared once). */
export async function latestResultsOf(db: Kysely<Database>, codeIds: readonly number[]): Promise<LatestResultRow[]> {
  if (codeIds.length === 0) return [];
  const dialect = dialectOfKysely(db);
  return (await latestResultsQuery(db, dialect, { codeIds: listValue(dialect, codeIds) })).rows;
}

/** Devices with their task, in the scope (devicesMatchingQuery reads them the same way, task by task where it must). */
function devicesWithTask(db: Kysely<Database>, scope: TaskScope) {
  return whereInScope(db.selectFrom('task'), scope)
    .innerJoin('production_code', 'production_code.taskId', 'task.id')
    .innerJoin('product_type', 'product_type.id', 'task.productTypeId')
    .select([...DEVICE_COLUMNS, 'task.status as taskStatus', 'task.productNumber', 'product_type.name as productTypeName']);
}

/** A device with the task it belongs to. */
export type DeviceWithTask = InferResult<ReturnType<typeof devicesWithTask>>[number];

/** The device with this production code when the scope sees its task (out of scope is as unknown as missing). */
export function deviceByCode(db: Kysely<Database>, scope: TaskScope, code: string): Promise<DeviceWithTask | undefined> {
  return devicesWithTask(db, scope).where('production_code.code', '=', code).executeTakeFirst();
}

interface MatchingParams extends ScopeParams {
  /** the texts, listValue's form */
  texts: unknown;
  limit: number;
}

/**
 * The devices of devicesMatching in one statement, prepared once per form of scope: a union of one
 * branch a column, each its own index probe (the code by its unique index; SN, MAC and IMEI task by
 * task of the scope through their indexes after taskId, a CROSS JOIN that SQLite keeps in the order
 * written: an OR of the three would read every device of the scope), each at most `limit` rows; the
 * union most recently tested first (never tested last), the id breaking ties.
 */
const devicesMatchingQuery = preparedForms([...SCOPE_NAMES, 'texts', 'limit'], (form: ScopeForm, db, dialect, p: MatchingParams) => {
  const branch = (column: Searched) => {
    const tasks = whereInScopeForm(db.selectFrom('task'), dialect, form, p);
    const joined =
      column === 'code'
        ? tasks.innerJoin('production_code', 'production_code.taskId', 'task.id')
        : tasks.crossJoin('production_code').whereRef('production_code.taskId', '=', 'task.id');
    // No order in a branch: an order the planner could read from an index would lead it to walk that index.
    const matches = joined
      .innerJoin('product_type', 'product_type.id', 'task.productTypeId')
      .select([...DEVICE_COLUMNS, 'task.status as taskStatus', 'task.productNumber', 'product_type.name as productTypeName'])
      .where((eb) => inList(dialect, eb.ref(`production_code.${column}`), p.texts))
      .limit(p.limit);
    return db.selectFrom(matches.as(`by_${column}`)).selectAll();
  };
  const [byCode, ...others] = (['code', ...SCANNED] as const).map(branch);
  const union = others.reduce((all, next) => all.union(next), byCode!);
  return db
    .selectFrom(union.as('matched'))
    .selectAll()
    .orderBy((eb) => eb.fn.coalesce('matched.lastTestTime', eb.lit(0)), 'desc')
    .orderBy('matched.id', 'desc')
    .limit(p.limit);
});

/**
 * The devices whose production code, SN, MAC or IMEI is one of `texts`, in the
 * scope, most recently tested first, at most `limit`: one statement
 * (devicesMatchingQuery), built and compiled once per form of scope.
 */
export async function devicesMatching(
  db: Kysely<Database>,
  scope: TaskScope,
  texts: readonly string[],
  limit: number,
): Promise<DeviceWithTask[]> {
  const dialect = dialectOfKysely(db);
  const params: MatchingParams = { ...scopeParams(dialect, scope), texts: listValue(dialect, texts), limit };
  return (await devicesMatchingQuery(scopeForm(scope))(db, dialect, params)).rows;
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

const resultsOfDevicesQuery = prepared(['codeIds'], (db, dialect, { codeIds }: { codeIds: unknown }) =>
  resultsWithNames(db)
    .where((eb) => inList(dialect, eb.ref('flow_result.codeId'), codeIds))
    .orderBy('flow_result.codeId')
    .orderBy('flow_result.startTime')
    .orderBy('flow_result.id'),
);

/** Every result of the devices, device by device in time order (the flow_result_device index by codeId, then sorted; prepared once). */
export async function resultsOfDevices(db: Kysely<Database>, codeIds: readonly number[]): Promise<ResultRow[]> {
  if (codeIds.length === 0) return [];
  const dialect = dialectOfKysely(db);
  return (await resultsOfDevicesQuery(db, dialect, { codeIds: listValue(dialect, codeIds) })).rows;
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

const flowsOfTaskQuery = prepared(['taskId'], (db, _dialect, { taskId }: { taskId: number }) =>
  db.selectFrom('task_flow').select(['id', 'name', 'sequence']).where('taskId', '=', taskId).orderBy('sequence'),
);

/** The flows of a task in order (every record page reads them: prepared once). */
export async function flowsOfTask(db: Kysely<Database>, taskId: number): Promise<{ id: number; name: string; sequence: number }[]> {
  return (await flowsOfTaskQuery(db, dialectOfKysely(db), { taskId })).rows;
}
