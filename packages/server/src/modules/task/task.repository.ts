import type { TaskStatus } from '@factory/contracts';
import { type Expression, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { PageRequest } from '../../platform/paging.js';
import type { Database, ProductionLineTable, TaskTable } from '../../platform/schema.js';
import { finishedUnits } from '../../platform/task-facts.js';
import { type TaskScope, whereInScope } from '../../platform/task-scope.js';

function withNames(db: Kysely<Database>, scope: TaskScope) {
  return whereInScope(db.selectFrom('task'), scope)
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

/** Like platform/text-match's containsText, for an expression rather than a column. */
function contains(expression: Expression<string>, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${expression}) like ${pattern} escape '\\'`;
}

export interface TaskFilters {
  productTypeId?: number | undefined;
  status?: TaskStatus | undefined;
  /** the model, or the code of any of the task's lines (contains, any case) */
  productNumberOrProductLineCode?: string | undefined;
}

/** The tasks the scope sees, newest first. */
export async function taskPage(
  db: Kysely<Database>,
  scope: TaskScope,
  filters: TaskFilters,
  paging: PageRequest,
): Promise<{ rows: TaskRow[]; total: number }> {
  let query = withNames(db, scope);
  if (filters.productTypeId !== undefined) query = query.where('task.productTypeId', '=', filters.productTypeId);
  if (filters.status !== undefined) query = query.where('task.status', '=', filters.status);
  const text = filters.productNumberOrProductLineCode;
  if (text) {
    query = query.where((eb) =>
      eb.or([
        contains(eb.ref('task.productNumber'), text),
        eb.exists(
          eb
            .selectFrom('task_line')
            .leftJoin('production_line', 'production_line.id', 'task_line.lineId')
            .select('task_line.taskId')
            .whereRef('task_line.taskId', '=', 'task.id')
            // The code shown is the line's current one (the copy once the line is gone), so search that.
            .where((sub) => contains(sub.fn.coalesce('production_line.lineNum', 'task_line.lineNum'), text)),
        ),
      ]),
    );
  }
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  let list = query.orderBy('task.createTime', 'desc').orderBy('task.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: (await list.execute()).map(asTaskRow), total: Number(counted.count) };
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

/** The flows of the tasks in order, each with the sum of its terminals' counters. */
export async function flowsOfTasks(db: Kysely<Database>, taskIds: readonly number[]) {
  if (taskIds.length === 0) return [];
  const rows = await db
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
    .where('task_flow.taskId', 'in', taskIds)
    .groupBy(['task_flow.id', 'task_flow.taskId', 'task_flow.name', 'task_flow.sequence'])
    .orderBy('task_flow.taskId')
    .orderBy('task_flow.sequence')
    .execute();
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
