import type { TaskStatus } from '@factory/contracts';
import { type Expression, type Kysely, type Selectable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import type { PageRequest } from '../../platform/paging.js';
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
import type { Database, ProductionLineTable, TaskTable } from '../../platform/schema.js';
import { finishedUnits } from '../../platform/task-facts.js';
import { type TaskScope, whereInScope } from '../../platform/task-scope.js';

function withNames(db: Kysely<Database>, scope: TaskScope) {
  return namesOf(whereInScope(db.selectFrom('task'), scope));
}

/** The tasks of `tasks` with their type's and creator's names and their finished units. */
function namesOf(tasks: SelectQueryBuilder<Database, 'task', object>) {
  return tasks
    .innerJoin('product_type', 'product_type.id', 'task.productTypeId')
    .leftJoin('account', 'account.id', 'task.creatorId')
    .select([
      'task.id',
      'task.ownerId',
      'task.creatorId',
      'account.userName as creatorName',
      'task.productTypeId',
      'product_type.name as productTypeName',
      'task.productId',
      'task.productNumber',
      'task.productCode',
      'task.productionCount',
      finishedUnits(sql.ref('task.id')).as('finishNumber'),
      'task.status',
      'task.expireTime',
      'task.createTime',
      'task.startTime',
      'task.finishTime',
    ]);
}

type StoredTaskRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;
/** A task with its type's and creator's names and its finished units, as the list, the detail and the calls read it. */
export type TaskRow = Omit<StoredTaskRow, 'status'> & { status: TaskStatus };
const asTaskRow = (row: StoredTaskRow): TaskRow => ({ ...row, finishNumber: Number(row.finishNumber), status: row.status as TaskStatus });

/** Like platform/text-match's containsText, for an expression rather than a column: the pattern, then the test. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
function likePattern(expression: Expression<string>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${expression}) like ${pattern} escape '\\'`;
}

export interface TaskFilters {
  productTypeId?: number | undefined;
  status?: TaskStatus | undefined;
  /** the model, or the code of any of the task's lines (contains, any case) */
  productNumberOrProductLineCode?: string | undefined;
}

/** The form of a page of tasks: the scope's, then which filters are present (t type, s status, x text), then p for a page (all rows without). */
type TaskPageForm = `${ScopeForm}:${string}`;
interface TaskPageParams extends ScopeParams {
  productTypeId: number | undefined;
  status: TaskStatus | undefined;
  /** the text filter as containsText's pattern */
  pattern: string | undefined;
  limit: number;
  offset: number;
}
const TASK_PAGE_NAMES = [...SCOPE_NAMES, 'productTypeId', 'status', 'pattern', 'limit', 'offset'] as const;

/** The tasks of the scope that pass the filters present in `form`, values from the parameters. */
function filteredTasks(db: Kysely<Database>, dialect: Dialect, form: TaskPageForm, p: TaskPageParams) {
  const [scope, filters] = form.split(':') as [ScopeForm, string];
  let query = namesOf(whereInScopeForm(db.selectFrom('task'), dialect, scope, p));
  if (filters.includes('t')) query = query.where('task.productTypeId', '=', p.productTypeId!);
  if (filters.includes('s')) query = query.where('task.status', '=', p.status!);
  if (filters.includes('x')) {
    const pattern = p.pattern!;
    query = query.where((eb) =>
      eb.or([
        likePattern(eb.ref('task.productNumber'), pattern),
        eb.exists(
          eb
            .selectFrom('task_line')
            .leftJoin('production_line', 'production_line.id', 'task_line.lineId')
            .select('task_line.taskId')
            .whereRef('task_line.taskId', '=', 'task.id')
            // The code shown is the line's current one (the copy once the line is gone), so search that.
            .where((sub) => likePattern(sub.fn.coalesce('production_line.lineNum', 'task_line.lineNum'), pattern)),
        ),
      ]),
    );
  }
  return query;
}

// The list of 产线检测 is the console's most read call: its two queries are prepared once per form (prepared-lists.ts).
const taskCountQuery = preparedForms(TASK_PAGE_NAMES, (form: TaskPageForm, db, dialect, p: TaskPageParams) =>
  filteredTasks(db, dialect, form, p)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count')),
);
const taskRowsQuery = preparedForms(TASK_PAGE_NAMES, (form: TaskPageForm, db, dialect, p: TaskPageParams) => {
  const list = filteredTasks(db, dialect, form, p).orderBy('task.createTime', 'desc').orderBy('task.id', 'desc');
  return form.endsWith('p') ? list.limit(p.limit).offset(p.offset) : list;
});

/** The tasks the scope sees, newest first. */
export async function taskPage(
  db: Kysely<Database>,
  scope: TaskScope,
  filters: TaskFilters,
  paging: PageRequest,
): Promise<{ rows: TaskRow[]; total: number }> {
  const dialect = dialectOfKysely(db);
  const text = filters.productNumberOrProductLineCode;
  const shape =
    (filters.productTypeId !== undefined ? 't' : '') + (filters.status !== undefined ? 's' : '') + (text ? 'x' : '') + (paging.pageSize > 0 ? 'p' : '');
  const form: TaskPageForm = `${scopeForm(scope)}:${shape}`;
  const params: TaskPageParams = {
    ...scopeParams(dialect, scope),
    productTypeId: filters.productTypeId,
    status: filters.status,
    pattern: text ? containsPattern(text) : undefined,
    limit: paging.pageSize,
    offset: (paging.page - 1) * paging.pageSize,
  };
  const [counted] = (await taskCountQuery(form)(db, dialect, params)).rows;
  const rows = (await taskRowsQuery(form)(db, dialect, params)).rows;
  return { rows: rows.map(asTaskRow), total: Number(counted!.count) };
}

/**
 * One task the scope sees, or undefined (out of scope is as unknown as missing).
 * `lock` takes the task row `for update` on PostgreSQL until the transaction
 * ends, so a status read and the writes that depend on it do not interleave
 * with another call on the same task; SQLite runs one writer at a time anyway.
 */
export async function findTask(
  db: Kysely<Database>,
  scope: TaskScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<TaskRow | undefined> {
  if (options.lock) {
    // Locked without the joins: `for update` would lock the type and creator rows too.
    await whereInScope(db.selectFrom('task').select('task.id').where('task.id', '=', id), scope).forUpdate().execute();
  }
  const row = await withNames(db, scope).where('task.id', '=', id).executeTakeFirst();
  return row ? asTaskRow(row) : undefined;
}

const flowsQuery = prepared(['taskIds'], (db, dialect, { taskIds }: { taskIds: unknown }) =>
  db
    .selectFrom('task_flow')
    .leftJoin('flow_counter', 'flow_counter.taskFlowId', 'task_flow.id')
    .select((eb) => [
      'task_flow.id',
      'task_flow.taskId',
      'task_flow.name',
      'task_flow.sequence',
      eb.fn.coalesce(eb.fn.sum<number>('flow_counter.finishNumber'), eb.lit(0)).as('finishNumber'),
      eb.fn.coalesce(eb.fn.sum<number>('flow_counter.totalCount'), eb.lit(0)).as('totalCount'),
    ])
    .where((eb) => inList(dialect, eb.ref('task_flow.taskId'), taskIds))
    .groupBy(['task_flow.id', 'task_flow.taskId', 'task_flow.name', 'task_flow.sequence'])
    .orderBy('task_flow.taskId')
    .orderBy('task_flow.sequence'),
);

/** The flows of the tasks in order, each with the sum of its terminals' counters (prepared once, the ids one list parameter). */
export async function flowsOfTasks(db: Kysely<Database>, taskIds: readonly number[]) {
  if (taskIds.length === 0) return [];
  const dialect = dialectOfKysely(db);
  const { rows } = await flowsQuery(db, dialect, { taskIds: listValue(dialect, taskIds) });
  // PostgreSQL answers sums as bigint strings.
  return rows.map((row) => ({ ...row, finishNumber: Number(row.finishNumber), totalCount: Number(row.totalCount) }));
}
export type TaskFlowRow = Awaited<ReturnType<typeof flowsOfTasks>>[number];

/** What a new task is made of; its status, times and id the insert sets. */
export type NewTask = Pick<
  Selectable<TaskTable>,
  'ownerId' | 'productTypeId' | 'productId' | 'productNumber' | 'productCode' | 'communicationId' | 'productionCount'
> & { creatorId: number; expireTime: number };

export async function insertTask(db: Kysely<Database>, task: NewTask, now: number): Promise<number> {
  const row = await db
    .insertInto('task')
    .values({ ...task, status: 'NEW', createTime: now, updateTime: now, startTime: null, finishTime: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A line as a task copies it (its name and code stay shown once the line is gone). */
export type PlannedLine = Pick<Selectable<ProductionLineTable>, 'id' | 'lineName' | 'lineNum'>;

/** Writes the task's lines in the order given, copying name and code (shown once a line is gone). */
export async function replaceTaskLines(db: Kysely<Database>, taskId: number, lines: readonly PlannedLine[]): Promise<void> {
  await db.deleteFrom('task_line').where('taskId', '=', taskId).execute();
  await db
    .insertInto('task_line')
    .values(lines.map((line, index) => ({ taskId, lineId: line.id, lineName: line.lineName, lineNum: line.lineNum, sequence: index + 1 })))
    .execute();
}

export async function lineIdsOfTask(db: Kysely<Database>, taskId: number): Promise<number[]> {
  const rows = await db.selectFrom('task_line').select('lineId').where('taskId', '=', taskId).orderBy('sequence').execute();
  return rows.map((row) => row.lineId);
}

/**
 * Deletes a task with its codes, flows (and their items) and lines, spelled out
 * rather than left to the cascades. Its terminals must be freed first: they
 * point at the task without a foreign key.
 */
export async function removeTask(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('production_code').where('taskId', '=', id).execute();
  await removeSnapshotRows(db, id);
  await db.deleteFrom('task_line').where('taskId', '=', id).execute();
  await db.deleteFrom('task').where('id', '=', id).execute();
}

/** The flow snapshot of a task: its flows with their auto-check and manual items. */
export async function removeSnapshotRows(db: Kysely<Database>, taskId: number): Promise<void> {
  const flowIds = db.selectFrom('task_flow').select('id').where('taskId', '=', taskId);
  await db.deleteFrom('task_flow_item').where('taskFlowId', 'in', flowIds).execute();
  await db.deleteFrom('task_flow_manual_item').where('taskFlowId', 'in', flowIds).execute();
  await db.deleteFrom('task_flow').where('taskId', '=', taskId).execute();
}
