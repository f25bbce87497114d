import type { Kysely } from 'kysely';
import { dtuTasksInScope } from '../../platform/dtu-tasks.js';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { containsText } from '../../platform/text-match.js';

/* The check log (检测日志): the raw reports of a DTU's units as received (dtu_report). */

export interface CheckLogFilters {
  dtuId: number;
  /** only this task's reports (the task is checked to be the caller's first) */
  taskId?: number | undefined;
  /** the unit's IMEI or MAC, contains */
  imei?: string | undefined;
  /** receiveTime ≥ from */
  from?: number | undefined;
  /** receiveTime < before */
  before?: number | undefined;
}

export interface CheckLogRow {
  id: number;
  unitCode: string;
  receiveTime: number;
  source: string;
  content: string;
  taskId: number | null;
}

/**
 * The reports joined to the DTU's units, newest first, a slice below `beforeId`:
 * one by id over the index dtu_report_task (a task's) or dtu_report_dtu (the DTU's).
 * A user tied to lines reads only the reports of the tasks it sees.
 */
export async function checkLogSlice(
  db: Kysely<Database>,
  scope: TaskScope,
  filters: CheckLogFilters,
  slice: { beforeId: number | undefined; page: number; pageSize: number },
): Promise<{ rows: CheckLogRow[]; total: number; hasMore: boolean }> {
  let query = db.selectFrom('dtu_report').where('dtu_report.dtuId', '=', filters.dtuId);
  if (filters.taskId !== undefined) query = query.where('dtu_report.taskId', '=', filters.taskId);
  else if (scope.lineIds !== null) {
    const tasks = dtuTasksInScope(db, scope).select('dtu_task.id').where('dtu_task.dtuId', '=', filters.dtuId);
    query = query.where('dtu_report.taskId', 'in', tasks);
  }
  if (filters.imei) query = query.where(containsText('dtu_report.unitCode', filters.imei));
  if (filters.from !== undefined) query = query.where('dtu_report.receiveTime', '>=', filters.from);
  if (filters.before !== undefined) query = query.where('dtu_report.receiveTime', '<', filters.before);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = query.select([
    'dtu_report.id',
    'dtu_report.unitCode',
    'dtu_report.receiveTime',
    'dtu_report.source',
    'dtu_report.content',
    'dtu_report.taskId',
  ]);
  if (slice.beforeId !== undefined) list = list.where('dtu_report.id', '<', slice.beforeId);
  // one row more than asked tells whether more lie below
  const rows = await list
    .orderBy('dtu_report.id', 'desc')
    .limit(slice.pageSize + 1)
    .offset((slice.page - 1) * slice.pageSize)
    .execute();
  return { rows: rows.slice(0, slice.pageSize), total: Number(counted.count), hasMore: rows.length > slice.pageSize };
}
