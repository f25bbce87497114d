import type { DtuTestStatus, ManageStatus } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import { dtusInScope } from '../../platform/dtus.js';
import { dtuTasksInScope } from '../../platform/dtu-tasks.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { containsText } from '../../platform/text-match.js';

/* The device test records of DTU tasks (dtu_test) as the task pages read them, and deleting one. */

export const testColumns = [
  'dtu_test.id',
  'dtu_test.taskId',
  'dtu_test.ownerId',
  'dtu_test.dtuId',
  'dtu_test.unitCode',
  'dtu_test.imei',
  'dtu_test.mac',
  'dtu_test.terminalId',
  'dtu_test.testerId',
  'dtu_test.startTime',
  'dtu_test.checkTime',
  'dtu_test.testStatus',
  'dtu_test.manageStatus',
  'dtu_test.serverVerified',
  'dtu_test.keyResults',
  'dtu_test.failures',
  'dtu_test.submitBatchId',
  'dtu_test.sampleBatchId',
] as const;

export interface TestRow {
  id: number;
  taskId: number;
  /** the task's account */
  ownerId: number;
  dtuId: number;
  unitCode: string;
  imei: string;
  mac: string;
  terminalId: number | null;
  testerId: number | null;
  startTime: number;
  checkTime: number | null;
  testStatus: string | null;
  manageStatus: string;
  serverVerified: number;
  keyResults: string | null;
  failures: string | null;
  submitBatchId: number | null;
  /** 0: a production record; otherwise a sample of that batch */
  sampleBatchId: number;
}

export interface TestFilters {
  testStatus?: DtuTestStatus | undefined;
  manageStatus?: ManageStatus | undefined;
  /** the unit's IMEI or MAC, contains, any case */
  mac?: string | undefined;
}

/**
 * A page of a task's production records (`sampleBatchId` 0), or of the samples of one
 * of its batches (issue 18: production pages never show samples), newest first; the
 * index dtu_test_task, (taskId, sampleBatchId, id), serves either. Units under test included.
 */
export async function testPage(
  db: Kysely<Database>,
  taskId: number,
  filters: TestFilters,
  paging: PageRequest,
  sampleBatchId = 0,
): Promise<{ rows: TestRow[]; total: number }> {
  let query = db.selectFrom('dtu_test').where('dtu_test.taskId', '=', taskId).where('dtu_test.sampleBatchId', '=', sampleBatchId);
  if (filters.testStatus) query = query.where('dtu_test.testStatus', '=', filters.testStatus);
  if (filters.manageStatus) query = query.where('dtu_test.manageStatus', '=', filters.manageStatus);
  const search = filters.mac;
  if (search) {
    query = query.where((eb) =>
      eb.or([containsText('dtu_test.unitCode', search), containsText('dtu_test.imei', search), containsText('dtu_test.mac', search)]),
    );
  }
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = query.select(testColumns).orderBy('dtu_test.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: await list.execute(), total: Number(counted.count) };
}

/**
 * One record if the caller sees its task (a record of a task out of scope, or deleted,
 * is as unknown as a missing one), and it is of the kind asked: a production call does
 * not reach a sample, nor a sample call a production record (`sample`: any batch's).
 */
export function findTestInScope(db: Kysely<Database>, scope: TaskScope, id: number, kind: 'production' | 'sample' = 'production'): Promise<TestRow | undefined> {
  return dtuTasksInScope(db, scope)
    .innerJoin('dtu_test', 'dtu_test.taskId', 'dtu_task.id')
    .select(testColumns)
    .where('dtu_test.id', '=', id)
    .where('dtu_test.sampleBatchId', kind === 'production' ? '=' : '<>', 0)
    .executeTakeFirst();
}

/** The testers' names and the terminals' names of some records, in two lookups. */
export async function namesOf(db: Kysely<Database>, rows: readonly TestRow[]): Promise<{ testers: Map<number, string>; terminals: Map<number, string> }> {
  const testerIds = [...new Set(rows.flatMap((row) => (row.testerId === null ? [] : [row.testerId])))];
  const terminalIds = [...new Set(rows.flatMap((row) => (row.terminalId === null ? [] : [row.terminalId])))];
  const testers = testerIds.length ? await db.selectFrom('account').select(['id', 'userName']).where('id', 'in', testerIds).execute() : [];
  const terminals = terminalIds.length
    ? await db.selectFrom('terminal').select(['id', 'terminalName']).where('id', 'in', terminalIds).execute()
    : [];
  return {
    testers: new Map(testers.map((row) => [row.id, row.userName])),
    terminals: new Map(terminals.map((row) => [row.id, row.terminalName])),
  };
}

/** Whether the DTU is the caller's tenant's (the platform administrator: any). */
export async function dtuVisible(db: Kysely<Database>, scope: TaskScope, dtuId: number): Promise<boolean> {
  return (await dtusInScope(db, scope).select('dtu.id').where('dtu.id', '=', dtuId).executeTakeFirst()) !== undefined;
}

/**
 * The latest record of a unit of the DTU in the caller's tasks, the unit named by
 * its IMEI or MAC (either identity). The unit's few records are read first, by the
 * indexes on unitCode, imei and mac, then their tasks in scope: a DTU's tasks may
 * hold many thousand records, a unit one per task.
 */
export async function latestTestOfUnit(db: Kysely<Database>, scope: TaskScope, dtuId: number, code: string) {
  const records = await db
    .selectFrom('dtu_test')
    .select(['dtu_test.id', 'dtu_test.taskId', 'dtu_test.sampleBatchId'])
    .where('dtu_test.dtuId', '=', dtuId)
    .where((eb) => eb.or([eb('dtu_test.unitCode', '=', code), eb('dtu_test.imei', '=', code), eb('dtu_test.mac', '=', code)]))
    .orderBy('dtu_test.startTime', 'desc')
    .orderBy('dtu_test.id', 'desc')
    .execute();
  // A unit is found by its production record (its samples are in their batches' pages). Left out
  // here, not in the query: `sampleBatchId = 0` would lead SQLite to read every production record
  // along dtu_test_sample instead of the unit's few along the code indexes.
  const tests = records.filter((record) => record.sampleBatchId === 0);
  if (tests.length === 0) return undefined;
  const taskIds = [...new Set(tests.map((test) => test.taskId))];
  const tasks = await dtuTasksInScope(db, scope).select(['dtu_task.id', 'dtu_task.reworkTask']).where('dtu_task.id', 'in', taskIds).execute();
  const visible = new Map(tasks.map((task) => [task.id, task.reworkTask]));
  const test = tests.find((candidate) => visible.has(candidate.taskId));
  return test && { id: test.id, taskId: test.taskId, reworkTask: visible.get(test.taskId)! };
}

/** What the board needs of a task's production records: the first scan and the last result. */
export async function testSpan(db: Kysely<Database>, taskId: number): Promise<{ firstStart: number | null; lastCheck: number | null }> {
  const row = await db
    .selectFrom('dtu_test')
    .select((eb) => [eb.fn.min('dtu_test.startTime').as('firstStart'), eb.fn.max('dtu_test.checkTime').as('lastCheck')])
    .where('dtu_test.taskId', '=', taskId)
    .where('dtu_test.sampleBatchId', '=', 0)
    .executeTakeFirstOrThrow();
  return {
    firstStart: row.firstStart === null ? null : Number(row.firstStart),
    lastCheck: row.lastCheck === null ? null : Number(row.lastCheck),
  };
}

/** The record's values (AUTO, SERIAL, BASE), in the order they first came. */
export function valuesOfTest(db: Kysely<Database>, testId: number) {
  return db
    .selectFrom('dtu_test_value')
    .select(['kind', 'code', 'name', 'value', 'pass'])
    .where('testId', '=', testId)
    .orderBy('id')
    .execute();
}

/** The submit times of batches, by id (one lookup for a page of records). */
export async function batchSubmitTimes(db: Kysely<Database>, batchIds: readonly number[]): Promise<Map<number, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db.selectFrom('dtu_submit_batch').select(['id', 'submitTime']).where('id', 'in', [...new Set(batchIds)]).execute();
  return new Map(rows.map((row) => [row.id, Number(row.submitTime)]));
}

/** The other (manual) properties judged on a sample, as they read when judged, by property. */
export function sampleValuesOf(db: Kysely<Database>, testId: number) {
  return db
    .selectFrom('dtu_sample_value')
    .select(['propertyId', 'category', 'property', 'checkTool', 'checkStandard', 'actValue', 'pass'])
    .where('testId', '=', testId)
    .orderBy('propertyId')
    .execute();
}

/** The production record of a sample's unit (what holds the unit's unique values). */
export async function productionTestOf(db: Kysely<Database>, sample: { taskId: number; unitCode: string }): Promise<number | undefined> {
  const row = await db
    .selectFrom('dtu_test')
    .select('id')
    .where('taskId', '=', sample.taskId)
    .where('sampleBatchId', '=', 0)
    .where('unitCode', '=', sample.unitCode)
    .executeTakeFirst();
  return row?.id;
}

/** The record as it is now, in the transaction that deletes it. */
export function findTestById(db: Kysely<Database>, id: number): Promise<TestRow | undefined> {
  return db.selectFrom('dtu_test').select(testColumns).where('dtu_test.id', '=', id).executeTakeFirst();
}

/**
 * Deletes a record: its values, unique claims and (a sample) judged other properties go with it (ON DELETE CASCADE, on
 * SQLite too: the connection turns foreign keys on), its Excel row is free for
 * another unit, the check log keeps its reports.
 */
export async function deleteTest(tx: Db, id: number): Promise<void> {
  await tx.kysely.updateTable('dtu_task_excel_row').set({ testId: null }).where('testId', '=', id).execute();
  await tx.kysely.deleteFrom('dtu_test').where('id', '=', id).execute();
}

