import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductionCodeTable, TaskTable } from '../../platform/schema.js';
import { type TaskScope, whereInScope } from '../../platform/task-scope.js';

export type CodeRow = Pick<Selectable<ProductionCodeTable>, 'sequence' | 'code'>;

/** Up to `limit` codes of the task after `afterSequence`, in label order (keyset paging for the export and the print view's pages). */
export function codesAfter(db: Kysely<Database>, taskId: number, afterSequence: number, limit: number): Promise<CodeRow[]> {
  return db
    .selectFrom('production_code')
    .select(['sequence', 'code'])
    .where('taskId', '=', taskId)
    .where('sequence', '>', afterSequence)
    .orderBy('sequence')
    .limit(limit)
    .execute();
}

export async function codeExists(db: Kysely<Database>, code: string): Promise<boolean> {
  const row = await db.selectFrom('production_code').select('id').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

/** What every row of a task's code export repeats besides its code. */
export type ExportedTask = Pick<Selectable<TaskTable>, 'id' | 'productNumber' | 'productCode'>;

/** The task's fields its code export repeats, when the scope sees the task. */
export function exportedTask(db: Kysely<Database>, scope: TaskScope, taskId: number): Promise<ExportedTask | undefined> {
  return whereInScope(
    db.selectFrom('task').select(['task.id', 'task.productNumber', 'task.productCode']).where('task.id', '=', taskId),
    scope,
  ).executeTakeFirst();
}
