import { TERMINAL_STATUS } from '@factory/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../platform/db.js';
import type { Database } from '../../platform/schema.js';
import type { DtuTaskTable, DtuTestTable, DtuTestValueTable } from '../../platform/schema/dtu-tasks.js';

/* The rows the parts-check station reads and writes (migration 017). */

export type DtuTaskRow = Selectable<DtuTaskTable>;
export type DtuTestRow = Selectable<DtuTestTable>;
export type DtuTestValueRow = Selectable<DtuTestValueTable>;

/** How a terminal serves its DTU task: a PAD, a serial terminal of a bluetooth DTU, or a sampling terminal (CHECK). */
export type PartsRole = 'PAD' | 'SERIAL' | 'CHECK';
const PARTS_ROLES: readonly (string | null)[] = ['PAD', 'SERIAL', 'CHECK'];

/**
 * The DTU task of a terminal in parts-check status (3) serving it as a PAD, a serial
 * terminal or a sampling terminal; undefined when it serves none (idle, an overall
 * check) or the task was deleted.
 */
export async function findTaskOfTerminal(db: Kysely<Database>, terminalId: number): Promise<{ task: DtuTaskRow; role: PartsRole } | undefined> {
  const terminal = await db.selectFrom('terminal').select(['status', 'taskId', 'partsRole']).where('id', '=', terminalId).executeTakeFirst();
  if (!terminal || terminal.status !== TERMINAL_STATUS.partsCheck || terminal.taskId === null) return undefined;
  if (!PARTS_ROLES.includes(terminal.partsRole)) return undefined;
  const task = await db.selectFrom('dtu_task').selectAll().where('id', '=', terminal.taskId).where('deleted', '=', 0).executeTakeFirst();
  return task ? { task, role: terminal.partsRole as PartsRole } : undefined;
}

export function findTaskById(db: Kysely<Database>, taskId: number): Promise<DtuTaskRow> {
  return db.selectFrom('dtu_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
}

/** The DTU model as the station shows it. */
export function findDtuOfTask(db: Kysely<Database>, dtuId: number) {
  return db
    .selectFrom('dtu')
    .select(['id', 'dtuType', 'modelType', 'connectInternet', 'communicationType', 'communicationTypeDesc'])
    .where('id', '=', dtuId)
    .executeTakeFirstOrThrow();
}

/** A unit's production record in a task (one per unit per task). */
export function findTest(db: Kysely<Database>, taskId: number, unitCode: string): Promise<DtuTestRow | undefined> {
  return findSample(db, taskId, 0, unitCode);
}

/** A unit's sample record in a batch of the task (sampleBatchId 0: its production record). */
export function findSample(db: Kysely<Database>, taskId: number, sampleBatchId: number, unitCode: string): Promise<DtuTestRow | undefined> {
  return db
    .selectFrom('dtu_test')
    .selectAll()
    .where('taskId', '=', taskId)
    .where('sampleBatchId', '=', sampleBatchId)
    .where('unitCode', '=', unitCode)
    .executeTakeFirst();
}

/** A unit's latest sample in the task (of any batch), the open one first. */
export function latestSampleOf(db: Kysely<Database>, taskId: number, unitCode: string, options: { open?: boolean } = {}): Promise<DtuTestRow | undefined> {
  let query = db.selectFrom('dtu_test').selectAll().where('taskId', '=', taskId).where('unitCode', '=', unitCode).where('sampleBatchId', '<>', 0);
  if (options.open) query = query.where('testStatus', 'is', null);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** A batch of the task (undefined when the id names another task's or none). */
export function findBatchOfTask(db: Kysely<Database>, taskId: number, batchId: number) {
  return db.selectFrom('dtu_submit_batch').selectAll().where('id', '=', batchId).where('taskId', '=', taskId).executeTakeFirst();
}

/** The other properties judged on a sample so far, by property id. */
export function sampleValuesOf(db: Kysely<Database>, testId: number) {
  return db
    .selectFrom('dtu_sample_value')
    .select(['propertyId', 'category', 'property', 'checkTool', 'checkStandard', 'actValue', 'pass'])
    .where('testId', '=', testId)
    .orderBy('propertyId')
    .execute();
}

export function findTestById(db: Kysely<Database>, testId: number): Promise<DtuTestRow> {
  return db.selectFrom('dtu_test').selectAll().where('id', '=', testId).executeTakeFirstOrThrow();
}

/** The record that stored this result id in the task (a result posted again). */
export function findTestByResultId(db: Kysely<Database>, taskId: number, clientResultId: string): Promise<DtuTestRow | undefined> {
  return db.selectFrom('dtu_test').selectAll().where('taskId', '=', taskId).where('clientResultId', '=', clientResultId).executeTakeFirst();
}

export function valuesOfTest(db: Kysely<Database>, testId: number): Promise<DtuTestValueRow[]> {
  return db.selectFrom('dtu_test_value').selectAll().where('testId', '=', testId).orderBy('id').execute();
}

/** The test holding a claim of the DTU model (a unique value or the unit itself), if any. */
export async function claimHolder(db: Kysely<Database>, dtuId: number, code: string, value: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('dtu_unique_value')
    .select('testId')
    .where('dtuId', '=', dtuId)
    .where('code', '=', code)
    .where('value', '=', value)
    .executeTakeFirst();
  return row?.testId;
}

/** Claims a value for a test, or moves the claim to it from the test holding it. */
export async function writeClaim(tx: Db, claim: { dtuId: number; code: string; value: string; testId: number }, heldBy: number | undefined): Promise<void> {
  if (heldBy === claim.testId) return;
  if (heldBy === undefined) await tx.kysely.insertInto('dtu_unique_value').values(claim).execute();
  else
    await tx.kysely
      .updateTable('dtu_unique_value')
      .set({ testId: claim.testId })
      .where('dtuId', '=', claim.dtuId)
      .where('code', '=', claim.code)
      .where('value', '=', claim.value)
      .execute();
}

/** Gives the unit the task's first row not yet delivered; false when none is left. */
export async function deliverExcelRow(tx: Db, taskId: number, testId: number): Promise<boolean> {
  for (;;) {
    const free = await tx.kysely
      .selectFrom('dtu_task_excel_row')
      .select('id')
      .where('taskId', '=', taskId)
      .where('testId', 'is', null)
      .orderBy('rowNo')
      .limit(1)
      .executeTakeFirst();
    if (!free) return false;
    const taken = await tx.kysely.updateTable('dtu_task_excel_row').set({ testId }).where('id', '=', free.id).where('testId', 'is', null).executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return true;
  }
}

