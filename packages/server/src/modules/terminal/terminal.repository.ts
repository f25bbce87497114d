import { TERMINAL_STATUS, type TerminalType } from '@factory/contracts';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, TerminalCategoryTable, TerminalTable } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { terminalInScope } from '../../platform/terminal-scope.js';
import { containsText } from '../../platform/text-match.js';

export type CategoryRow = Pick<Selectable<TerminalCategoryTable>, 'id' | 'name' | 'terminalType'>;

/** The terminal models in their display order, of one type or all. */
export function categories(db: Kysely<Database>, terminalType?: TerminalType): Promise<CategoryRow[]> {
  let query = db.selectFrom('terminal_category').select(['id', 'name', 'terminalType']).orderBy('sequence').orderBy('id');
  if (terminalType) query = query.where('terminalType', '=', terminalType);
  return query.execute();
}

export function findCategory(db: Kysely<Database>, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('terminal_category').select(['id', 'name', 'terminalType']).where('id', '=', id).executeTakeFirst();
}

/** A terminal of the list with its model, line, worker and task names (terminalRows). */
export type TerminalRow = Awaited<ReturnType<typeof terminalRows>>[number];

export interface TerminalFilters {
  terminalType: TerminalType;
  lineId?: number | undefined;
  /** terminal name or code, contains */
  padKey?: string | undefined;
  categoryId?: number | undefined;
}

/**
 * The terminals of the scope (platform/terminal-scope.ts) of one type matching the search, with model, line and
 * worker names, and for a PAD on a production task (overall check) the task's
 * model, product type and flow, in the same query. The task is joined only for
 * that status: a parts-check PAD names an accessory task, whose ids are another
 * table's.
 */
export function terminalRows(db: Kysely<Database>, scope: TaskScope, filters: TerminalFilters) {
  let query = db
    .selectFrom('terminal')
    .leftJoin('terminal_category', 'terminal_category.id', 'terminal.categoryId')
    .leftJoin('production_line', 'production_line.id', 'terminal.lineId')
    .leftJoin('account', 'account.id', 'terminal.workerId')
    .leftJoin('task', (join) => join.onRef('task.id', '=', 'terminal.taskId').on('terminal.status', '=', TERMINAL_STATUS.overallCheck))
    .leftJoin('product_type', 'product_type.id', 'task.productTypeId')
    .leftJoin('task_flow', (join) => join.onRef('task_flow.id', '=', 'terminal.flowId').onRef('task_flow.taskId', '=', 'task.id'))
    .select([
      'terminal.id',
      'terminal.terminalCode',
      'terminal.terminalName',
      'terminal.terminalType',
      'terminal.categoryId',
      'terminal_category.name as categoryName',
      'terminal.lineId',
      'production_line.lineName',
      'terminal.status',
      'terminal.taskId',
      'account.userName as workerName',
      'task.productNumber',
      'product_type.name as productTypeName',
      'task_flow.name as flowName',
    ])
    .where('terminal.terminalType', '=', filters.terminalType)
    .where((eb) => terminalInScope(eb, scope));
  if (filters.lineId !== undefined) query = query.where('terminal.lineId', '=', filters.lineId);
  if (filters.categoryId !== undefined) query = query.where('terminal.categoryId', '=', filters.categoryId);
  const key = filters.padKey;
  if (key) {
    query = query.where((eb) => eb.or([containsText('terminal.terminalName', key), containsText('terminal.terminalCode', key)]));
  }
  return query.orderBy('terminal.id').execute();
}

/** The DTU tasks parts-check PADs serve: the task's name and its DTU's model, in one query. */
export function dtuTasksOfPads(db: Kysely<Database>, taskIds: readonly number[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('dtu_task')
    .innerJoin('dtu', 'dtu.id', 'dtu_task.dtuId')
    .select(['dtu_task.id', 'dtu_task.fittingType', 'dtu.dtuType'])
    .where('dtu_task.id', 'in', [...new Set(taskIds)])
    .execute();
}

export type TerminalRecord = Pick<
  Selectable<TerminalTable>,
  'id' | 'terminalCode' | 'terminalName' | 'terminalType' | 'lineId' | 'status' | 'taskId'
>;

/** One terminal of the scope, or undefined (another tenant's or another line's is as unknown as a missing one). */
export function findTerminal(db: Kysely<Database>, scope: TaskScope, id: number): Promise<TerminalRecord | undefined> {
  return db
    .selectFrom('terminal')
    .select(['id', 'terminalCode', 'terminalName', 'terminalType', 'lineId', 'status', 'taskId'])
    .where('id', '=', id)
    .where((eb) => terminalInScope(eb, scope))
    .executeTakeFirst();
}

export async function terminalCodeTaken(db: Kysely<Database>, terminalCode: string): Promise<boolean> {
  const row = await db.selectFrom('terminal').select('id').where('terminalCode', '=', terminalCode).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A new terminal as the service decides it; not on a task, with no worker. */
export type NewTerminal = Omit<Insertable<TerminalTable>, 'id' | 'taskId' | 'flowId' | 'workerId' | 'createTime'>;

export async function insertTerminal(db: Kysely<Database>, terminal: NewTerminal, now: number): Promise<number> {
  const row = await db
    .insertInto('terminal')
    .values({ ...terminal, taskId: null, flowId: null, workerId: null, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type TerminalChange = Pick<Updateable<TerminalTable>, 'terminalName' | 'lineId' | 'status' | 'taskId' | 'flowId' | 'workerId'>;

export async function updateTerminal(db: Kysely<Database>, id: number, change: TerminalChange): Promise<void> {
  await db.updateTable('terminal').set(change).where('id', '=', id).execute();
}
