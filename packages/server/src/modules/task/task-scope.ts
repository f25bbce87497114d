import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { SessionAccount } from '../../platform/auth.js';
import type { Database } from '../../platform/schema.js';
import { tenancyOf } from '../../platform/tenancy.js';

/**
 * Which tasks a caller sees (DESIGN.md §4): the platform administrator every task;
 * a tenant's root account every task of its tenant; a user below it only the
 * tenant's tasks with at least one of the production lines the user is tied to.
 */
export interface TaskScope {
  /** null: every tenant */
  ownerId: number | null;
  /** null: every line of the tenant */
  lineIds: number[] | null;
}

export async function taskScopeOf(db: Kysely<Database>, account: SessionAccount): Promise<TaskScope> {
  const { ownerId } = await tenancyOf(db, account);
  if (ownerId === null || account.parentId === null) return { ownerId, lineIds: null };
  const rows = await db.selectFrom('account_line').select('lineId').where('accountId', '=', account.id).execute();
  return { ownerId, lineIds: rows.map((row) => row.lineId) };
}

/** Narrows a query on `task` to the tasks of the scope. */
export function whereInScope<O>(
  query: SelectQueryBuilder<Database, 'task', O>,
  scope: TaskScope,
): SelectQueryBuilder<Database, 'task', O> {
  let scoped = query;
  if (scope.ownerId !== null) scoped = scoped.where('task.ownerId', '=', scope.ownerId);
  if (scope.lineIds !== null) {
    const lineIds = scope.lineIds;
    if (lineIds.length === 0) return scoped.where((eb) => eb.val(1), '=', 0);
    scoped = scoped.where((eb) =>
      eb.exists(
        eb
          .selectFrom('task_line')
          .select('task_line.taskId')
          .whereRef('task_line.taskId', '=', 'task.id')
          .where('task_line.lineId', 'in', lineIds),
      ),
    );
  }
  return scoped;
}

/** Whether the task exists and the scope sees it (a task out of scope is as unknown as a missing one: 404). */
export async function taskVisible(db: Kysely<Database>, scope: TaskScope, taskId: number): Promise<boolean> {
  const row = await whereInScope(db.selectFrom('task').select('task.id').where('task.id', '=', taskId), scope).executeTakeFirst();
  return row !== undefined;
}
