import { TERMINAL_STATUS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import { samplingBatchColumns, type SamplingBatchRow } from '../../platform/dtu-batches.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';

/*
 * A DTU task's sampling terminals and configuration (issue 18): terminals in parts-check
 * status (3) with taskId = the task and partsRole CHECK, bound by /api/checkTask/bind,
 * and the task's checkLineId, checkNumber, checkLevel, checkAql.
 */
const { idle, partsCheck } = TERMINAL_STATUS;
export const CHECK_ROLE = 'CHECK';

export interface TerminalRow {
  id: number;
  terminalName: string;
  terminalType: string;
  lineId: number | null;
  status: number;
  taskId: number | null;
  partsRole: string | null;
  ownerId: number;
}

/**
 * The chosen terminals and the task's sampling terminals, in id order, locked on
 * PostgreSQL until the transaction ends: two bindings (or a binding and a task form)
 * must not both take an idle PAD.
 */
export async function lockTerminals(tx: Db, taskId: number, chosen: readonly number[]): Promise<TerminalRow[]> {
  let query = tx.kysely
    .selectFrom('terminal')
    .select(['id', 'terminalName', 'terminalType', 'lineId', 'status', 'taskId', 'partsRole', 'ownerId'])
    .where((eb) => {
      const own = eb.and([eb('status', '=', partsCheck), eb('taskId', '=', taskId), eb('partsRole', '=', CHECK_ROLE)]);
      return chosen.length === 0 ? own : eb.or([eb('id', 'in', [...chosen]), own]);
    })
    .orderBy('id');
  if (tx.dialect === 'postgres') query = query.forUpdate();
  return query.execute();
}

export const isCheckTerminalOf = (terminal: TerminalRow, taskId: number) =>
  terminal.status === partsCheck && terminal.taskId === taskId && terminal.partsRole === CHECK_ROLE;

export const isFree = (terminal: TerminalRow) => terminal.status === idle && terminal.taskId === null;

/** Idle on their line again, serving nothing (as a task's PADs are let go of). */
export async function releaseTerminals(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('terminal')
    .set({ status: idle, taskId: null, flowId: null, workerId: null, partsRole: null })
    .where('id', 'in', [...ids])
    .execute();
}

/** Makes the terminals the task's sampling terminals. */
export async function takeTerminals(db: Kysely<Database>, taskId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('terminal')
    .set({ status: partsCheck, taskId, flowId: null, workerId: null, partsRole: CHECK_ROLE })
    .where('id', 'in', [...ids])
    .execute();
}

/** The ids of the task's sampling terminals. */
export async function checkTerminalIdsOf(db: Kysely<Database>, taskId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('terminal')
    .select('id')
    .where('status', '=', partsCheck)
    .where('taskId', '=', taskId)
    .where('partsRole', '=', CHECK_ROLE)
    .execute();
  return rows.map((row) => row.id);
}

/** The task's sampling terminals as the console shows them, by name. */
export function checkPadsOf(db: Kysely<Database>, taskId: number) {
  return db
    .selectFrom('terminal')
    .select(['id', 'terminalName as name', 'terminalCode as code'])
    .where('status', '=', partsCheck)
    .where('taskId', '=', taskId)
    .where('partsRole', '=', CHECK_ROLE)
    .orderBy('terminalName')
    .orderBy('id')
    .execute();
}

export interface SamplingConfigValues {
  checkLineId: number;
  checkNumber: number;
  checkLevel: string;
  checkAql: number;
}

export async function saveSamplingConfig(db: Kysely<Database>, taskId: number, values: SamplingConfigValues, now: number): Promise<void> {
  await db
    .updateTable('dtu_task')
    .set({ ...values, updateTime: now })
    .where('id', '=', taskId)
    .execute();
}

/** A line's name (whatever became of it since it was chosen). */
export async function lineNameOf(db: Kysely<Database>, lineId: number): Promise<string | null> {
  const row = await db.selectFrom('production_line').select('lineName').where('id', '=', lineId).executeTakeFirst();
  return row?.lineName ?? null;
}

/** The task's latest batch not yet judged (its lot size is what the console's proposal is for). */
export function latestPendingBatch(db: Kysely<Database>, taskId: number) {
  return db
    .selectFrom('dtu_submit_batch')
    .select(['id', 'submitNumber'])
    .where('taskId', '=', taskId)
    .where('verdict', '=', 'PENDING')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A page of the task's batches, newest first (the index dtu_submit_batch_seq serves it). */
export async function samplingBatchPage(db: Kysely<Database>, taskId: number, paging: PageRequest): Promise<{ rows: SamplingBatchRow[]; total: number }> {
  const counted = await db
    .selectFrom('dtu_submit_batch')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('taskId', '=', taskId)
    .executeTakeFirstOrThrow();
  let list = db.selectFrom('dtu_submit_batch').select(samplingBatchColumns).where('taskId', '=', taskId).orderBy('seq', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  const rows = await list.execute();
  return { rows: rows.map((row) => ({ ...row, submitTime: Number(row.submitTime) })), total: Number(counted.count) };
}
