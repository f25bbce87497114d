import { MSG } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { findLine, type LineRow } from '../../platform/lines.js';
import type { Database } from '../../platform/schema.js';
import { isUniqueViolation, type Tenancy } from '../../platform/tenancy.js';
import {
  findFactory,
  insertLine,
  type LineFields,
  lineNumTaken,
  removeLine,
  setLineStatus,
  terminalCountOnLine,
  updateLine,
} from './line.repository.js';

/** Whether a task that is not finished plans production on the line (a finished one does not hold it). */
export async function lineInUseByTask(db: Kysely<Database>, lineId: number): Promise<boolean> {
  const row = await db
    .selectFrom('task_line')
    .innerJoin('task', 'task.id', 'task_line.taskId')
    .select('task.id')
    .where('task_line.lineId', '=', lineId)
    .where('task.status', '<>', 'FINISH')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function requireFactory(db: Kysely<Database>, tenancy: Tenancy, factoryId: number): Promise<void> {
  if (!(await findFactory(db, tenancy, factoryId))) throw badRequest(MSG.factoryRequired);
}

async function requireLine(db: Kysely<Database>, tenancy: Tenancy, id: number): Promise<LineRow> {
  const line = await findLine(db, tenancy, id);
  if (!line) throw notFound();
  return line;
}

/** Runs a write guarded by the unique code index, answering 409 if a concurrent call won the race. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.lineNumTaken);
    throw error;
  }
}

/** A new line is enabled at once, so it can be planned on and bound to terminals. */
export async function addLine(db: Kysely<Database>, tenancy: Tenancy, fields: LineFields): Promise<number> {
  await requireFactory(db, tenancy, fields.factoryId);
  if (await lineNumTaken(db, fields.factoryId, fields.lineNum)) throw conflict(MSG.lineNumTaken);
  return withUniqueCode(() => insertLine(db, fields, Date.now()));
}

/**
 * Only a disabled line can be edited (seed 000 §4: a disabled line can be edited
 * and enabled, an enabled one only disabled), so no task or terminal sees a line
 * change its code under it. Answers the line as it was.
 */
export async function editLine(db: Kysely<Database>, tenancy: Tenancy, id: number, fields: LineFields): Promise<LineRow> {
  const line = await requireLine(db, tenancy, id);
  await requireFactory(db, tenancy, fields.factoryId);
  if (line.status === 1) throw conflict(MSG.lineEnabledCannotEdit);
  if (await lineNumTaken(db, fields.factoryId, fields.lineNum, id)) throw conflict(MSG.lineNumTaken);
  await withUniqueCode(() => updateLine(db, id, fields));
  return line;
}

/**
 * 0 → 1 enables, 1 → 0 disables. Asking for the state the line is already in is
 * refused (409) rather than answered with a success text that would claim a change.
 */
export async function changeLineStatus(db: Kysely<Database>, tenancy: Tenancy, id: number, status: 0 | 1): Promise<LineRow> {
  const line = await requireLine(db, tenancy, id);
  if (line.status === status) throw conflict(status === 1 ? MSG.lineAlreadyEnabled : MSG.lineAlreadyDisabled);
  await setLineStatus(db, id, status);
  return line;
}

/** Only a disabled line with no terminal and no task on it can go. */
export async function deleteLine(db: Kysely<Database>, tenancy: Tenancy, id: number): Promise<LineRow> {
  const line = await requireLine(db, tenancy, id);
  if (line.status === 1) throw conflict(MSG.lineEnabledCannotDelete);
  if ((await terminalCountOnLine(db, id)) > 0) throw conflict(MSG.lineHasTerminals);
  if (await lineInUseByTask(db, id)) throw conflict(MSG.lineInUse);
  await removeLine(db, id);
  return line;
}
