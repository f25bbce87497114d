import type { Kysely, SelectQueryBuilder } from 'kysely';
import {
  dialectOfKysely,
  preparedForms,
  SCOPE_NAMES,
  type ScopeForm,
  scopeForm,
  type ScopeParams,
  scopeParams,
  whereInScopeForm,
} from './prepared-lists.js';
import type { Database } from './schema.js';

/**
 * Which tasks a caller sees (DESIGN.md §4): the platform administrator every task;
 * a tenant's root account every task of its tenant; a user below it only the
 * tenant's tasks with at least one of the production lines the user is tied to.
 * The request's scope (`await request.scope()`) is one. Shared: tasks, records,
 * production codes, the data center and the board all read tasks through it.
 */
export interface TaskScope {
  /** null: every tenant */
  ownerId: number | null;
  /** null: every line of the tenant */
  lineIds: number[] | null;
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

// Every record page asks it first: prepared once per form of scope (prepared-lists.ts).
const visibleQuery = preparedForms([...SCOPE_NAMES, 'taskId'], (form: ScopeForm, db, dialect, p: ScopeParams & { taskId: number }) =>
  whereInScopeForm(db.selectFrom('task').select('task.id').where('task.id', '=', p.taskId), dialect, form, p),
);

/** Whether the task exists and the scope sees it (a task out of scope is as unknown as a missing one: 404). */
export async function taskVisible(db: Kysely<Database>, scope: TaskScope, taskId: number): Promise<boolean> {
  const dialect = dialectOfKysely(db);
  const { rows } = await visibleQuery(scopeForm(scope))(db, dialect, { ...scopeParams(dialect, scope), taskId });
  return rows.length > 0;
}
