import { DTU_TASK_MSG as M, TERMINAL_STATUS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { Database } from '../../platform/schema.js';
import { taskLabel } from '../../platform/task-facts.js';
import type { TaskScope } from '../../platform/task-scope.js';

/*
 * The terminals of a DTU task (DESIGN.md §9.3, docs/dtu-tasks.md): PADs of its
 * production line in parts-check status (3) with taskId = the DTU task and a role,
 * PAD or SERIAL (a bluetooth DTU's serial terminals). A terminal serves one task at
 * a time; one let go of is idle (4) on its line again, as production tasks free theirs.
 */
const { idle, overallCheck, partsCheck } = TERMINAL_STATUS;
export type PadRole = 'PAD' | 'SERIAL';
/** The roles a task's own form sets (CHECK, sampling, is issue 18's). */
export const FORM_ROLES: readonly PadRole[] = ['PAD', 'SERIAL'];
const isFormRole = (role: string | null) => (FORM_ROLES as readonly (string | null)[]).includes(role);

interface Terminal {
  id: number;
  terminalName: string;
  terminalType: string;
  lineId: number | null;
  status: number;
  taskId: number | null;
  partsRole: string | null;
  ownerId: number;
}

const servesAsFormPad = (terminal: Terminal, taskId: number | undefined) =>
  taskId !== undefined &&
  terminal.status === partsCheck &&
  terminal.taskId === taskId &&
  isFormRole(terminal.partsRole);

export interface PadChoice {
  pads: readonly number[];
  serialPads: readonly number[];
}

/** Terminals checked for a task: what to give it, and what it had and loses. */
export interface PadAssignment extends PadChoice {
  dropped: number[];
}

/**
 * Checks the terminals of the form: each must be a PAD of the task's tenant on its
 * production line (padNotOnLine, 400, as for a terminal that exists nowhere) and
 * not serve another task (padBusy, 409). The chosen ones and the task's own are
 * locked (PostgreSQL) in id order first: two tasks must not both take an idle PAD.
 */
export async function checkPads(
  tx: Db,
  task: { id?: number; ownerId: number; productLineId: number },
  choice: PadChoice,
): Promise<PadAssignment> {
  const chosen = [...choice.pads, ...choice.serialPads];
  let query = tx.kysely
    .selectFrom('terminal')
    .select(['id', 'terminalName', 'terminalType', 'lineId', 'status', 'taskId', 'partsRole', 'ownerId'])
    .where((eb) => {
      if (task.id === undefined) return eb('id', 'in', chosen);
      const own = eb.and([eb('status', '=', partsCheck), eb('taskId', '=', task.id), eb('partsRole', 'in', FORM_ROLES)]);
      return eb.or([eb('id', 'in', chosen), own]);
    })
    .orderBy('id');
  if (tx.dialect === 'postgres') query = query.forUpdate();
  const terminals = new Map<number, Terminal>((await query.execute()).map((row) => [row.id, row]));
  for (const id of chosen) {
    const terminal = terminals.get(id);
    const onLine =
      terminal !== undefined && terminal.terminalType === 'PAD' && terminal.ownerId === task.ownerId && terminal.lineId === task.productLineId;
    if (!onLine) throw badRequest(M.padNotOnLine);
  }
  for (const id of chosen) {
    const terminal = terminals.get(id)!;
    const free = terminal.status === idle && terminal.taskId === null;
    if (!free && !servesAsFormPad(terminal, task.id)) throw conflict(M.padBusy(terminal.terminalName));
  }
  const kept = new Set(chosen);
  const dropped = [...terminals.values()].filter((terminal) => servesAsFormPad(terminal, task.id) && !kept.has(terminal.id));
  return { ...choice, dropped: dropped.map((terminal) => terminal.id) };
}

/** Gives the task its checked terminals (in their roles) and lets go of those it lost. */
export async function applyPads(db: Kysely<Database>, taskId: number, assignment: PadAssignment): Promise<void> {
  if (assignment.dropped.length > 0) await releaseTerminals(db, assignment.dropped);
  for (const [role, ids] of [['PAD', assignment.pads], ['SERIAL', assignment.serialPads]] as const) {
    if (ids.length === 0) continue;
    await db
      .updateTable('terminal')
      .set({ status: partsCheck, taskId, flowId: null, workerId: null, partsRole: role })
      .where('id', 'in', [...ids])
      .execute();
  }
}

async function releaseTerminals(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await db
    .updateTable('terminal')
    .set({ status: idle, taskId: null, flowId: null, workerId: null, partsRole: null })
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * Frees the task's terminals: those of its form (ended), or every one including
 * sampling terminals (`all`: deleted, nothing is tested for it any more).
 */
export async function releaseTaskPads(db: Kysely<Database>, taskId: number, options: { all?: boolean } = {}): Promise<void> {
  let query = db
    .updateTable('terminal')
    .set({ status: idle, taskId: null, flowId: null, workerId: null, partsRole: null })
    .where('taskId', '=', taskId)
    .where('status', '=', partsCheck);
  if (!options.all) query = query.where('partsRole', 'in', FORM_ROLES);
  await query.execute();
}

export interface PadOption {
  id: number;
  name: string;
  code: string;
  /** the task it serves, when not `taskId` ('' when free) */
  busyWith: string;
}

/**
 * The PADs of a line as the task form offers them (scoped as terminals are: a
 * sub-user sees those of its own lines, and of the line of a task it edits),
 * each with the name of the production or DTU task it serves.
 */
export async function padOptions(
  db: Kysely<Database>,
  scope: TaskScope,
  lineId: number,
  task: { id: number; productLineId: number } | undefined,
): Promise<PadOption[]> {
  const visible = scope.lineIds === null || scope.lineIds.includes(lineId) || task?.productLineId === lineId;
  if (!visible) return [];
  let query = db
    .selectFrom('terminal')
    .leftJoin('task', (join) => join.onRef('task.id', '=', 'terminal.taskId').on('terminal.status', '=', overallCheck))
    .leftJoin('dtu_task', (join) => join.onRef('dtu_task.id', '=', 'terminal.taskId').on('terminal.status', '=', partsCheck))
    .select([
      'terminal.id',
      'terminal.terminalName as name',
      'terminal.terminalCode as code',
      'terminal.status',
      'terminal.taskId',
      'terminal.partsRole',
      'task.productNumber',
      'dtu_task.fittingType',
    ])
    .where('terminal.terminalType', '=', 'PAD')
    .where('terminal.lineId', '=', lineId);
  if (scope.ownerId !== null) query = query.where('terminal.ownerId', '=', scope.ownerId);
  const rows = await query.orderBy('terminal.terminalName').orderBy('terminal.id').execute();
  return rows.map((row) => {
    const own = row.status === partsCheck && row.taskId === task?.id && isFormRole(row.partsRole);
    let busyWith = '';
    if (!own && row.taskId !== null && row.status === overallCheck) {
      busyWith = row.productNumber === null ? `任务#${row.taskId}` : taskLabel({ id: row.taskId, productNumber: row.productNumber });
    } else if (!own && row.taskId !== null && row.status === partsCheck) {
      busyWith = row.fittingType ?? `DTU任务#${row.taskId}`;
    }
    return { id: row.id, name: row.name, code: row.code, busyWith };
  });
}
