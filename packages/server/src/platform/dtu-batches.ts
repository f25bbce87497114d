import { type InspectionLevel, type SamplingBatch, type SamplingPlan, samplingPlan, type SamplingVerdict } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from './db.js';
import type { Database } from './schema.js';
import { formatTime } from './time.js';
import type { TaskScope } from './task-scope.js';
import { dtuTasksInScope } from './dtu-tasks.js';

// Submitted batches of DTU tasks (issue 18): the submission, sampling and report
// modules all reach a batch through its task, so one scope rule serves them all.

/** A batch's display number: the task's id and the batch's sequence, e.g. `12-003`. */
export function batchNoOf(taskId: number, seq: number): string {
  return `${taskId}-${String(seq).padStart(3, '0')}`;
}

/**
 * The batch if the caller sees its task (a batch of a task out of scope, or of a
 * deleted task, is as unknown as a missing one: 404): the dtu_submit_batch row (its
 * `taskId` is the task's id) with the task's name, owner, status and sampling configuration.
 */
export function findBatchInScope(db: Kysely<Database>, scope: TaskScope, batchId: number) {
  return dtuTasksInScope(db, scope)
    .innerJoin('dtu_submit_batch', 'dtu_submit_batch.taskId', 'dtu_task.id')
    .selectAll('dtu_submit_batch')
    // the batch's own taskId is its task's id
    .select([
      'dtu_task.fittingType as taskName',
      'dtu_task.ownerId as taskOwnerId',
      'dtu_task.status as taskStatus',
      'dtu_task.checkNumber as taskCheckNumber',
      'dtu_task.checkLevel as taskCheckLevel',
      'dtu_task.checkAql as taskCheckAql',
    ])
    .where('dtu_submit_batch.id', '=', batchId)
    .executeTakeFirst();
}

/** The row `findBatchInScope` answers. */
export type BatchInScope = NonNullable<Awaited<ReturnType<typeof findBatchInScope>>>;

// ─── sampling (GB/T 2828.1 single sampling, DESIGN.md §9.5) ───

/** What a batch's plan and verdict depend on. */
export interface BatchFigures {
  submitNumber: number;
  sampleSize: number | null;
  acceptNumber: number | null;
  rejectNumber: number | null;
}

/** What a task's sampling configuration holds. */
export interface TaskSampling {
  checkNumber: number | null;
  checkLevel: string;
  checkAql: number;
}

export interface SamplingFigures {
  sampleSize: number | null;
  acceptNumber: number | null;
  rejectNumber: number | null;
}

const NO_PLAN: SamplingFigures = { sampleSize: null, acceptNumber: null, rejectNumber: null };

/**
 * The batch's plan as stored (fixed at its first sample); before that, the plan it
 * would get from the task's sampling configuration: n = the configured quantity, at
 * most the lot (the user may take fewer or more than the standard's n, the console
 * proposes it), Ac/Re of GB/T 2828.1 Table 2-A for the lot size at the task's level
 * and AQL; nulls without a configuration.
 */
export function samplingFiguresOf(batch: BatchFigures, task: TaskSampling): SamplingFigures {
  if (batch.sampleSize !== null) return { sampleSize: batch.sampleSize, acceptNumber: batch.acceptNumber, rejectNumber: batch.rejectNumber };
  if (task.checkNumber === null || batch.submitNumber < 1) return NO_PLAN;
  const plan = standardPlanOf(batch.submitNumber, task);
  if (!plan) return NO_PLAN;
  return { sampleSize: Math.min(task.checkNumber, batch.submitNumber), acceptNumber: plan.acceptNumber, rejectNumber: plan.rejectNumber };
}

/** GB/T 2828.1's plan for a lot at the task's level and AQL; null for a level or AQL the binding would have refused. */
export function standardPlanOf(lotSize: number, task: TaskSampling): SamplingPlan | null {
  try {
    return samplingPlan(lotSize, task.checkLevel as InspectionLevel, Number(task.checkAql));
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The verdict of judged samples taken in order (by result time): REJECT as soon as
 * the defects reach Re, ACCEPT once n are judged with fewer; PENDING before, or
 * without a plan. Samples judged beyond n (several terminals at once) are counted
 * but do not change a verdict reached.
 */
export function verdictOf(defective: readonly boolean[], plan: SamplingFigures): SamplingVerdict {
  if (plan.sampleSize === null || plan.rejectNumber === null) return 'PENDING';
  let defects = 0;
  for (const [index, bad] of defective.entries()) {
    if (bad) defects += 1;
    if (defects >= plan.rejectNumber) return 'REJECT';
    if (index + 1 >= plan.sampleSize) return 'ACCEPT';
  }
  return 'PENDING';
}

/**
 * A batch's sampling counters from its samples, in the caller's transaction: samples
 * judged, of them defective (NOT_PASS: the DTU test or an other property failed),
 * the verdict, and the inspector (who judged the latest sample, and when). Run after
 * every sample result and sample deleted, under the task's lock.
 */
export async function recountBatch(tx: Db, batchId: number): Promise<void> {
  const batch = await tx.kysely
    .selectFrom('dtu_submit_batch')
    .innerJoin('dtu_task', 'dtu_task.id', 'dtu_submit_batch.taskId')
    .select([
      'dtu_submit_batch.submitNumber',
      'dtu_submit_batch.sampleSize',
      'dtu_submit_batch.acceptNumber',
      'dtu_submit_batch.rejectNumber',
      'dtu_task.checkNumber',
      'dtu_task.checkLevel',
      'dtu_task.checkAql',
    ])
    .where('dtu_submit_batch.id', '=', batchId)
    .executeTakeFirstOrThrow();
  const samples = await tx.kysely
    .selectFrom('dtu_test')
    .select(['testStatus', 'testerId', 'checkTime'])
    .where('sampleBatchId', '=', batchId)
    .where('testStatus', 'is not', null)
    .orderBy('checkTime')
    .orderBy('id')
    .execute();
  const defective = samples.map((sample) => sample.testStatus !== 'PASS');
  const latest = samples.at(-1);
  await tx.kysely
    .updateTable('dtu_submit_batch')
    .set({
      checkCount: samples.length,
      defectCount: defective.filter(Boolean).length,
      verdict: verdictOf(defective, samplingFiguresOf(batch, { ...batch, checkAql: Number(batch.checkAql) })),
      checkPersonId: latest?.testerId ?? null,
      checkTime: latest?.checkTime ?? null,
    })
    .where('id', '=', batchId)
    .execute();
}

/** Fixes the batch's plan at its first sample, so a configuration changed later does not move the goal posts. */
export async function fixBatchPlan(tx: Db, batchId: number, task: TaskSampling): Promise<void> {
  const batch = await tx.kysely.selectFrom('dtu_submit_batch').select(['submitNumber', 'sampleSize', 'acceptNumber', 'rejectNumber']).where('id', '=', batchId).executeTakeFirstOrThrow();
  if (batch.sampleSize !== null) return;
  const plan = samplingFiguresOf(batch, task);
  if (plan.sampleSize === null) return;
  await tx.kysely.updateTable('dtu_submit_batch').set(plan).where('id', '=', batchId).where('sampleSize', 'is', null).execute();
}

/**
 * Whether the task may be sampled: not once its firmware changed after a batch was
 * submitted (升级固件后不支持抽检: the batches were tested on other firmware than the
 * samples would be). The task's edit sets firmwareChangeTime only for a change made
 * while it has submitted records, so the mark alone says it.
 */
export function canCheckTask(task: { firmwareChangeTime: number | null }): boolean {
  return task.firmwareChangeTime === null;
}

/** The batch columns a sampling view reads. */
export const samplingBatchColumns = [
  'dtu_submit_batch.id',
  'dtu_submit_batch.taskId',
  'dtu_submit_batch.seq',
  'dtu_submit_batch.submitNumber',
  'dtu_submit_batch.submitTime',
  'dtu_submit_batch.checkCount',
  'dtu_submit_batch.defectCount',
  'dtu_submit_batch.sampleSize',
  'dtu_submit_batch.acceptNumber',
  'dtu_submit_batch.rejectNumber',
  'dtu_submit_batch.verdict',
  'dtu_submit_batch.checkPersonId',
] as const;

export interface SamplingBatchRow extends BatchFigures {
  id: number;
  taskId: number;
  seq: number;
  submitTime: number;
  checkCount: number;
  defectCount: number;
  verdict: string;
  checkPersonId: number | null;
}

/** Batches as sampling shows them (seed 002 §3 "Sampling batch", with the plan and verdict), the inspectors' names in one lookup. */
export async function toSamplingBatches(
  db: Kysely<Database>,
  rows: readonly SamplingBatchRow[],
  task: TaskSampling,
  timeZone: string,
): Promise<SamplingBatch[]> {
  const personIds = [...new Set(rows.flatMap((row) => (row.checkPersonId === null ? [] : [row.checkPersonId])))];
  const people = personIds.length ? await db.selectFrom('account').select(['id', 'userName']).where('id', 'in', personIds).execute() : [];
  const names = new Map(people.map((person) => [person.id, person.userName]));
  return rows.map((row) => ({
    id: row.id,
    batchId: batchNoOf(row.taskId, row.seq),
    submitNumber: row.submitNumber,
    checkCount: row.checkCount,
    submitTime: formatTime(Number(row.submitTime), timeZone),
    checkPerson: row.checkPersonId === null ? null : (names.get(row.checkPersonId) ?? null),
    ...samplingFiguresOf(row, task),
    defectCount: row.defectCount,
    verdict: row.verdict as SamplingVerdict,
  }));
}

/** One batch as sampling shows it. */
export async function samplingBatchOf(db: Kysely<Database>, batchId: number, task: TaskSampling, timeZone: string): Promise<SamplingBatch> {
  const row = await db.selectFrom('dtu_submit_batch').select(samplingBatchColumns).where('id', '=', batchId).executeTakeFirstOrThrow();
  const [view] = await toSamplingBatches(db, [row], task, timeZone);
  return view!;
}
