import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { prepared } from './prepared.js';
import { dialectOfKysely, inList, listValue } from './prepared-lists.js';
import type { Database } from './schema.js';

// Facts about tasks that other modules read beside the task module: the station and the
// data center count finished units, records name a task's lines, the terminal page and
// the operation log name a task.

/** `任务#12 型号X`: how the operation log and the terminal page name a task. */
export const taskLabel = (task: { id: number; productNumber: string }) => `任务#${task.id} ${task.productNumber}`;

/**
 * The units that passed the task's last flow: the sum of its terminals' counters
 * there (flow_counter), for the task `taskId` refers to. A correlated subquery, so
 * a page of tasks reads it in its own query, through the flow_counter key.
 */
export function finishedUnits(taskId: Expression<number>): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(fc."finishNumber"), 0) from flow_counter fc
    inner join task_flow lf on lf.id = fc."taskFlowId"
    where lf."taskId" = ${taskId} and lf.sequence = (select max(s.sequence) from task_flow s where s."taskId" = ${taskId}))`;
}

const linesQuery = prepared(['taskIds'], (db, dialect, { taskIds }: { taskIds: unknown }) =>
  db
    .selectFrom('task_line')
    .leftJoin('production_line', 'production_line.id', 'task_line.lineId')
    .select((eb) => [
      'task_line.taskId',
      'task_line.lineId as id',
      eb.fn.coalesce('production_line.lineName', 'task_line.lineName').as('lineName'),
      eb.fn.coalesce('production_line.lineNum', 'task_line.lineNum').as('lineNum'),
    ])
    .where((eb) => inList(dialect, eb.ref('task_line.taskId'), taskIds))
    .orderBy('task_line.taskId')
    .orderBy('task_line.sequence'),
);

/**
 * The lines of the tasks in planning order, named as they are now (as planned once a line is gone).
 * Prepared once (every task list, record page and trace reads it), the ids one list parameter.
 */
export async function linesOfTasks(db: Kysely<Database>, taskIds: readonly number[]) {
  if (taskIds.length === 0) return [];
  const dialect = dialectOfKysely(db);
  return (await linesQuery(db, dialect, { taskIds: listValue(dialect, taskIds) })).rows;
}

export type TaskLineRow = Awaited<ReturnType<typeof linesOfTasks>>[number];
