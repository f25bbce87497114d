import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { TaskScope } from './task-scope.js';

// DTU tasks as the task pages, the device records, the check log and the
// parts-check station read them (issue 17): one scope rule for all of them.

/**
 * The DTU tasks a caller sees (DESIGN.md §4, as production tasks): its tenant's,
 * and for a user tied to lines only the tasks tested on one of its lines or made
 * for one of them (目标客户). Deleted tasks are gone from every page.
 */
export function dtuTasksInScope(db: Kysely<Database>, scope: TaskScope) {
  let query = db.selectFrom('dtu_task').where('dtu_task.deleted', '=', 0);
  if (scope.ownerId !== null) query = query.where('dtu_task.ownerId', '=', scope.ownerId);
  if (scope.lineIds !== null) {
    const lineIds = scope.lineIds;
    if (lineIds.length === 0) return query.where((eb) => eb.val(1), '=', 0);
    query = query.where((eb) => eb.or([eb('dtu_task.productLineId', 'in', lineIds), eb('dtu_task.aimLineId', 'in', lineIds)]));
  }
  return query;
}

/** The task if the caller sees it (a task out of scope is as unknown as a missing one: 404). */
export function findDtuTaskInScope(db: Kysely<Database>, scope: TaskScope, taskId: number) {
  return dtuTasksInScope(db, scope).selectAll('dtu_task').where('dtu_task.id', '=', taskId).executeTakeFirst();
}

/** A unit's IMEI or MAC as stored and matched: trimmed, upper case (a MAC typed in lower case is the same unit). */
export function unitCodeOf(code: string): string {
  return code.trim().toUpperCase();
}
