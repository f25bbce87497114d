import {
  BLUETOOTH,
  DTU_TASK_MSG as M,
  DTU_TASK_TRANSITIONS,
  type DtuTaskFields,
  type DtuTaskStatus,
  expireDateAllowed,
  isDtuTaskStatusIn,
  THREE_2_ONE,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import { type DtuRow, findDtu } from '../../platform/dtus.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { deleteUnreferencedFiles } from '../../platform/file-references.js';
import { recordStoredFile } from '../../platform/files.js';
import { findLine } from '../../platform/lines.js';
import type { RequestScope } from '../../platform/request-scope.js';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { mayUseLine } from '../../platform/terminal-scope.js';
import { formatTime, parseZonedTime } from '../../platform/time.js';
import {
  type DtuTaskChange,
  type DtuTaskRow,
  type DtuTaskValues,
  excelDelivered,
  findDtuTask,
  hasSubmittedTests,
  insertDtuTask,
  replaceExcelRows,
  updateDtuTask,
} from './dtu-task.repository.js';
import type { MajorMinorExcel, MajorMinorRow } from './major-minor-excel.js';
import { applyPads, checkPads, type PadAssignment, releaseTaskPads } from './task-pads.js';

/*
 * DTU tasks (seed 002 §4, §5; DESIGN.md §9.3; docs/dtu-tasks.md): the form's rules
 * that need the database or the clock (the contract's schema holds the rest), the
 * status changes and the terminals each one takes or lets go of. Every check comes
 * before the first write: a refusal leaves every row as it was.
 */

/** A task in the operation log: `DTU任务 一号任务 #12` (返工任务 for rework). */
export const dtuTaskLabel = (task: { id: number; fittingType: string; reworkTask: boolean | number }) =>
  `${task.reworkTask ? '返工任务' : 'DTU任务'} ${task.fittingType} #${task.id}`;

/**
 * A line of the form: the tenant's, enabled, and for a sub-user one of its own
 * (as the form's line select offers them). A line the task already has may stay
 * whatever became of it, so editing the other fields never forces changing it.
 */
async function requireLine(
  db: Kysely<Database>,
  ownerId: number,
  scope: TaskScope,
  lineId: number,
  keptLineId: number | undefined,
  message: string,
): Promise<void> {
  if (lineId === keptLineId) return;
  const line = await findLine(db, { ownerId }, lineId);
  if (!line || line.status !== 1 || !mayUseLine(scope, lineId)) throw badRequest(message);
}

interface CheckedForm {
  values: DtuTaskValues;
  pads: PadAssignment;
  /** the Excel's rows when a new one is taken */
  excelRows: MajorMinorRow[] | null;
}

/**
 * The checks of the form in the order of its fields: lines, terminals, serial
 * terminals (bluetooth only; another DTU's are dropped), the delivery date (not
 * before the factory's yesterday; an unchanged one may stay on edit), data
 * delivery (THREE_2_ONE only, with an Excel on add or when the task has none).
 */
async function checkForm(
  tx: Db,
  scope: TaskScope,
  dtu: DtuRow,
  fields: DtuTaskFields,
  current: DtuTaskRow | undefined,
  excel: MajorMinorExcel | undefined,
  timeZone: string,
): Promise<CheckedForm> {
  const trx = tx.kysely;
  await requireLine(trx, dtu.ownerId, scope, fields.productLineId, current?.productLineId, M.lineUnknown);
  await requireLine(trx, dtu.ownerId, scope, fields.aimLineId, current?.aimLineId, M.aimLineUnknown);
  const bluetooth = dtu.communicationType === BLUETOOTH;
  const serialPads = bluetooth ? fields.padsForComCheck : [];
  if (bluetooth && serialPads.length === 0) throw badRequest(M.serialPadsRequired);
  const pads = await checkPads(
    tx,
    { ...(current ? { id: current.id } : {}), ownerId: dtu.ownerId, productLineId: fields.productLineId },
    { pads: fields.pads, serialPads },
  );

  const expire = parseZonedTime(fields.expireTime, timeZone);
  if (!expire) throw badRequest(M.expireRule);
  const unchanged = current?.expireTime != null && formatTime(current.expireTime, timeZone) === fields.expireTime;
  if (!unchanged && !expireDateAllowed(fields.expireTime, formatTime(Date.now(), timeZone).slice(0, 10))) {
    throw badRequest(M.expireTooEarly);
  }

  let excelRows: MajorMinorRow[] | null = null;
  if (fields.needExcel) {
    if (dtu.communicationType !== THREE_2_ONE) throw badRequest(M.excelNeedsThreeToOne);
    if (excel && 'refusal' in excel) throw excel.refusal;
    if (excel) excelRows = excel.rows;
    else if (!current?.excelFileId) throw badRequest(M.excelRequired);
    if (excel && current && (await excelDelivered(trx, current.id))) throw conflict(M.excelInUse);
  }

  const values: DtuTaskValues = {
    fittingType: fields.fittingType,
    productLineId: fields.productLineId,
    aimLineId: fields.aimLineId,
    expireTime: expire.epochMs,
    productionNumber: fields.productionNumber,
    testFirmwareVersion: fields.testFirmwareVersion,
    needExcel: fields.needExcel,
    duplicateEnable: fields.duplicateEnable,
  };
  return { values, pads, excelRows };
}

async function requireDtu(db: Kysely<Database>, scope: TaskScope, dtuId: number): Promise<DtuRow> {
  const dtu = await findDtu(db, { ownerId: scope.ownerId }, dtuId);
  if (!dtu) throw notFound();
  return dtu;
}

/**
 * A new task of an enabled DTU, UNSTART, of the DTU's tenant, its terminals taken
 * and, with data delivery, its Excel stored and its rows kept. Answers its id.
 */
export async function addDtuTask(
  tx: Db,
  scope: RequestScope,
  fields: DtuTaskFields,
  excel: MajorMinorExcel | undefined,
  timeZone: string,
): Promise<number> {
  const trx = tx.kysely;
  const dtu = await requireDtu(trx, scope, fields.dtuId);
  if (dtu.status !== 1) throw conflict(M.dtuArchived);
  const form = await checkForm(tx, scope, dtu, fields, undefined, excel, timeZone);
  const stored = form.excelRows && excel ? await recordStoredFile(trx, excel.blob, scope.account.id) : null;
  const now = Date.now();
  const id = await insertDtuTask(
    trx,
    {
      ...form.values,
      ownerId: dtu.ownerId,
      creatorId: scope.account.id,
      dtuId: dtu.id,
      reworkTask: fields.reworkTask,
      excelFileId: stored?.id ?? null,
    },
    now,
  );
  if (form.excelRows) await replaceExcelRows(trx, id, form.excelRows);
  await applyPads(trx, id, form.pads);
  return id;
}

/** The task in scope with its row locked on PostgreSQL (404 otherwise). */
async function lockedTask(tx: Db, scope: TaskScope, id: number): Promise<DtuTaskRow> {
  const task = await findDtuTask(tx.kysely, scope, id, { lock: tx.dialect === 'postgres' });
  if (!task) throw notFound();
  return task;
}

/**
 * The form of a task while UNSTART or STOP (its status stays). Its DTU and kind are
 * fixed; the terminals it loses are idle again; a new Excel replaces the rows only
 * while none was delivered. A new firmware version after a submission ends sampling
 * (canCheck). Answers the task as it was and the files to let go of after the commit.
 */
export async function editDtuTask(
  tx: Db,
  scope: RequestScope,
  id: number,
  fields: DtuTaskFields,
  excel: MajorMinorExcel | undefined,
  timeZone: string,
): Promise<{ before: DtuTaskRow; releasedFiles: string[] }> {
  const trx = tx.kysely;
  const task = await lockedTask(tx, scope, id);
  if (!isDtuTaskStatusIn(task.status, DTU_TASK_TRANSITIONS.edit)) throw conflict(M.editRefused);
  if (fields.dtuId !== task.dtuId || fields.reworkTask !== (task.reworkTask === 1)) throw badRequest(M.dtuFixed);
  // The task's DTU, even archived since: archiving stops new tasks, not the ones it has.
  const dtu = await requireDtu(trx, { ownerId: null, lineIds: null }, task.dtuId);
  const form = await checkForm(tx, scope, dtu, fields, task, excel, timeZone);

  const now = Date.now();
  const change: DtuTaskChange = { values: form.values };
  let releasedFiles: string[] = [];
  if (form.excelRows && excel) {
    const stored = await recordStoredFile(trx, excel.blob, scope.account.id);
    await replaceExcelRows(trx, id, form.excelRows);
    change.excelFileId = stored.id;
  }
  if (fields.testFirmwareVersion !== task.testFirmwareVersion && (await hasSubmittedTests(trx, id))) change.firmwareChangeTime = now;
  await updateDtuTask(trx, id, change, now);
  // The replaced Excel goes once the task no longer names it (its blob after the commit).
  if (change.excelFileId !== undefined && task.excelFileId !== null) releasedFiles = await deleteUnreferencedFiles(trx, [task.excelFileId]);
  await applyPads(trx, id, form.pads);
  return { before: task, releasedFiles };
}

export type DtuTaskTransition = 'start' | 'stop' | 'end' | 'delete';

const REFUSALS: Record<DtuTaskTransition, string> = {
  start: M.startRefused,
  stop: M.stopRefused,
  end: M.endRefused,
  delete: M.deleteRefused,
};

/**
 * The row actions (seed 002 §4): start STOP → START, stop START → STOP, end START
 * or STOP → FINISH (its terminals idle again), delete UNSTART or FINISH (soft: the
 * task leaves every list, its records and check log stay; every terminal it holds
 * is idle again). Answers the task as it was.
 */
export async function changeDtuTaskStatus(tx: Db, scope: TaskScope, id: number, transition: DtuTaskTransition): Promise<DtuTaskRow> {
  const trx = tx.kysely;
  const task = await lockedTask(tx, scope, id);
  if (!isDtuTaskStatusIn(task.status, DTU_TASK_TRANSITIONS[transition])) throw conflict(REFUSALS[transition]);
  const now = Date.now();
  const to: Record<Exclude<DtuTaskTransition, 'delete'>, DtuTaskStatus> = { start: 'START', stop: 'STOP', end: 'FINISH' };
  if (transition === 'delete') {
    await releaseTaskPads(trx, id, { all: true });
    await updateDtuTask(trx, id, { deleted: true }, now);
    return task;
  }
  const change: DtuTaskChange = { status: to[transition] };
  if (transition === 'start' && task.startTime === null) change.startTime = now;
  if (transition === 'end') {
    change.finishTime = now;
    await releaseTaskPads(trx, id);
  }
  await updateDtuTask(trx, id, change, now);
  return task;
}

/** 重复检测: on or off for a task not ended; a rework task always allows duplicates. */
export async function setDuplicateEnable(tx: Db, scope: TaskScope, id: number, duplicate: boolean): Promise<DtuTaskRow> {
  const task = await lockedTask(tx, scope, id);
  if (!isDtuTaskStatusIn(task.status, DTU_TASK_TRANSITIONS.duplicate)) throw conflict(M.finishedLocked);
  if (task.reworkTask === 1 && !duplicate) throw conflict(M.reworkAlwaysDuplicate);
  await updateDtuTask(tx.kysely, id, { duplicateEnable: duplicate }, Date.now());
  return task;
}
