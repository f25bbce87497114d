import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import { containsText } from '../../platform/text-match.js';

/* Submitted batches of DTU tasks (dtu_submit_batch) and the production records they hold. */

/** The task's last batch number (0 before its first submit). */
export async function lastSeqOf(db: Kysely<Database>, taskId: number): Promise<number> {
  const row = await db
    .selectFrom('dtu_submit_batch')
    .select((eb) => eb.fn.max('dtu_submit_batch.seq').as('seq'))
    .where('dtu_submit_batch.taskId', '=', taskId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export interface NewBatch {
  taskId: number;
  ownerId: number;
  seq: number;
  submitTime: number;
  submitterId: number;
}

/**
 * Makes the batch of every judged UNSUBMIT production record of the task, in the
 * caller's transaction under the task's lock. The records are moved by the rule
 * rather than by a list of ids (a task may hold tens of thousands), and the batch
 * is counted from the records it holds after the move, so its counts are exact
 * even against a writer that did not take the lock. Answers the counts (0: none).
 */
export async function insertBatchWithRecords(tx: Db, batch: NewBatch): Promise<{ batchId: number; submitNumber: number; passNumber: number }> {
  const { id } = await tx.kysely
    .insertInto('dtu_submit_batch')
    .values({ ...batch, submitNumber: 0, passNumber: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.kysely
    .updateTable('dtu_test')
    .set({ manageStatus: 'SUBMIT', submitBatchId: id })
    .where('dtu_test.taskId', '=', batch.taskId)
    .where('dtu_test.sampleBatchId', '=', 0)
    .where('dtu_test.manageStatus', '=', 'UNSUBMIT')
    .where('dtu_test.testStatus', 'is not', null)
    .execute();
  const row = await tx.kysely
    .selectFrom('dtu_test')
    .select((eb) => [
      eb.fn.countAll<number>().as('submitNumber'),
      eb.fn.sum<number>(eb.case().when('dtu_test.testStatus', '=', 'PASS').then(1).else(0).end()).as('passNumber'),
    ])
    .where('dtu_test.submitBatchId', '=', id)
    .executeTakeFirstOrThrow();
  const counts = { submitNumber: Number(row.submitNumber), passNumber: Number(row.passNumber ?? 0) };
  if (counts.submitNumber > 0) await tx.kysely.updateTable('dtu_submit_batch').set(counts).where('id', '=', id).execute();
  return { batchId: id, ...counts };
}

export const batchColumns = [
  'dtu_submit_batch.id',
  'dtu_submit_batch.taskId',
  'dtu_submit_batch.seq',
  'dtu_submit_batch.submitNumber',
  'dtu_submit_batch.passNumber',
  'dtu_submit_batch.submitTime',
  'dtu_submit_batch.submitterId',
  'dtu_submit_batch.verdict',
] as const;

export interface BatchRow {
  id: number;
  taskId: number;
  seq: number;
  submitNumber: number;
  passNumber: number;
  submitTime: number;
  submitterId: number | null;
  verdict: string;
}

/** A page of the task's batches, newest first, with the units submitted in all of them. */
export async function batchPage(
  db: Kysely<Database>,
  taskId: number,
  paging: PageRequest,
): Promise<{ rows: BatchRow[]; total: number; totalSubmitCount: number }> {
  const query = db.selectFrom('dtu_submit_batch').where('dtu_submit_batch.taskId', '=', taskId);
  const sums = await query
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('dtu_submit_batch.submitNumber').as('units')])
    .executeTakeFirstOrThrow();
  let list = query.select(batchColumns).orderBy('dtu_submit_batch.seq', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: await list.execute(), total: Number(sums.count), totalSubmitCount: Number(sums.units ?? 0) };
}

/** Which of these batches have sample records. */
export async function batchesWithSamples(db: Kysely<Database>, batchIds: readonly number[]): Promise<Set<number>> {
  if (batchIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('dtu_test')
    .select('dtu_test.sampleBatchId')
    .distinct()
    .where('dtu_test.sampleBatchId', 'in', [...batchIds])
    .execute();
  return new Set(rows.map((row) => row.sampleBatchId));
}

/** Every batch number of a task by batch id (a task has few batches). */
export async function seqsOfTask(db: Kysely<Database>, taskId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('dtu_submit_batch').select(['id', 'seq']).where('taskId', '=', taskId).execute();
  return new Map(rows.map((row) => [row.id, row.seq]));
}

export const unitColumns = [
  'dtu_test.id',
  'dtu_test.imei',
  'dtu_test.mac',
  'dtu_test.terminalId',
  'dtu_test.testerId',
  'dtu_test.startTime',
  'dtu_test.checkTime',
  'dtu_test.testStatus',
  'dtu_test.manageStatus',
  'dtu_test.submitBatchId',
  'dtu_test.failures',
] as const;

export interface UnitRow {
  id: number;
  imei: string;
  mac: string;
  terminalId: number | null;
  testerId: number | null;
  startTime: number;
  checkTime: number | null;
  testStatus: string | null;
  manageStatus: string;
  submitBatchId: number | null;
  failures: string | null;
}

/** Whose records an export or list reads: a task's production records, or a batch's. */
export type UnitSource = { taskId: number } | { batchId: number };


function unitsOf(db: Kysely<Database>, source: UnitSource) {
  const query = db.selectFrom('dtu_test');
  // A task's units are its production records (index dtu_test_task: taskId, sampleBatchId, id); a batch holds only production records (dtu_test_batch).
  return 'taskId' in source
    ? query.where('dtu_test.taskId', '=', source.taskId).where('dtu_test.sampleBatchId', '=', 0)
    : query.where('dtu_test.submitBatchId', '=', source.batchId);
}

/** A page of a batch's records in test order; `mac` matches the IMEI or MAC (contains, any case). */
export async function batchUnitPage(
  db: Kysely<Database>,
  batchId: number,
  mac: string | undefined,
  paging: PageRequest,
): Promise<{ rows: UnitRow[]; total: number }> {
  let query = unitsOf(db, { batchId });
  if (mac) query = query.where((eb) => eb.or([containsText('dtu_test.imei', mac), containsText('dtu_test.mac', mac)]));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = query.select(unitColumns).orderBy('dtu_test.id');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: await list.execute(), total: Number(counted.count) };
}

/** How many records an export of `source` holds. */
export async function unitCount(db: Kysely<Database>, source: UnitSource): Promise<number> {
  const row = await unitsOf(db, source)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The next `limit` records after id `afterId`, in id order: an export reads its rows by this key, never by offset. */
export function unitsAfter(db: Kysely<Database>, source: UnitSource, afterId: number, limit: number): Promise<UnitRow[]> {
  return unitsOf(db, source).select(unitColumns).where('dtu_test.id', '>', afterId).orderBy('dtu_test.id').limit(limit).execute();
}

/** A value column of an export: an automatic or serial property code the records reported. */
export interface ValueColumn {
  kind: 'AUTO' | 'SERIAL';
  code: string;
  name: string;
}

/** The AUTO and SERIAL codes the records have values of: automatic first, then serial, each in the order first reported. */
export async function valueColumnsOf(db: Kysely<Database>, source: UnitSource): Promise<ValueColumn[]> {
  const rows = await unitsOf(db, source)
    .innerJoin('dtu_test_value', 'dtu_test_value.testId', 'dtu_test.id')
    .select((eb) => [
      'dtu_test_value.kind',
      'dtu_test_value.code',
      eb.fn.min('dtu_test_value.name').as('name'),
      eb.fn.min('dtu_test_value.id').as('first'),
    ])
    .where('dtu_test_value.kind', 'in', ['AUTO', 'SERIAL'])
    .groupBy(['dtu_test_value.kind', 'dtu_test_value.code'])
    .execute();
  return rows
    .sort((a, b) => (a.kind === b.kind ? Number(a.first) - Number(b.first) : a.kind === 'AUTO' ? -1 : 1))
    .map((row) => ({ kind: row.kind as ValueColumn['kind'], code: row.code, name: row.name }));
}

/** The AUTO and SERIAL values of some records: `testId kind code` → the reported value. */
export async function valuesOfUnits(db: Kysely<Database>, testIds: readonly number[]): Promise<Map<string, string | null>> {
  if (testIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('dtu_test_value')
    .select(['testId', 'kind', 'code', 'value'])
    .where('testId', 'in', [...testIds])
    .where('kind', 'in', ['AUTO', 'SERIAL'])
    .execute();
  return new Map(rows.map((row) => [valueKey(row.testId, row.kind, row.code), row.value]));
}

export const valueKey = (testId: number, kind: string, code: string) => `${testId} ${kind} ${code}`;

/** Account names by id (testers, submitters), in one lookup. */
export async function accountNames(db: Kysely<Database>, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('account').select(['id', 'userName']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.userName]));
}

/** Terminal names by id, in one lookup. */
export async function terminalNames(db: Kysely<Database>, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('terminal').select(['id', 'terminalName']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.terminalName]));
}
