import {
  type BatchDetailItem,
  DTU_SUBMISSION_MSG as M,
  DTU_TASK_TRANSITIONS,
  type DtuTaskStatus,
  type DtuTestStatus,
  isDtuTaskStatusIn,
  type SamplingVerdict,
  type SubmitAnswer,
  type SubmitRecordPage,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import { batchNoOf, findBatchInScope } from '../../platform/dtu-batches.js';
import type { Db } from '../../platform/db.js';
import { lockDtuTask } from '../../platform/dtu-report-intake.js';
import { findDtuTaskInScope } from '../../platform/dtu-tasks.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { formatTime } from '../../platform/time.js';
import {
  accountNames,
  batchesWithSamples,
  batchPage,
  batchUnitPage,
  insertBatchWithRecords,
  lastSeqOf,
} from './dtu-submission.repository.js';

/** What the route needs of a submit beyond its answer: the task, for the log line and the live event. */
export interface Submitted {
  answer: SubmitAnswer;
  task: { id: number; ownerId: number; fittingType: string };
}

/**
 * 提交 (seed 002 §7 task_submit), in the caller's transaction: every judged UNSUBMIT
 * production record of the task becomes one batch. The task is locked first, so a
 * result stored at the same moment, or a second submit, comes wholly before or
 * after this one: a unit is never in two batches, and the batch's counts are its
 * records'. The task's status is read again under the lock (it may have just ended).
 */
export async function submitTask(tx: Db, scope: TaskScope, taskId: number, submitterId: number, now: number): Promise<Submitted> {
  if (!(await findDtuTaskInScope(tx.kysely, scope, taskId))) throw notFound();
  await lockDtuTask(tx, taskId);
  const task = await tx.kysely
    .selectFrom('dtu_task')
    .select(['id', 'ownerId', 'fittingType', 'status', 'deleted'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task || task.deleted === 1) throw notFound();
  if (!isDtuTaskStatusIn(task.status as DtuTaskStatus, DTU_TASK_TRANSITIONS.submit)) throw conflict(M.submitRefused);
  const seq = (await lastSeqOf(tx.kysely, taskId)) + 1;
  const { batchId, submitNumber } = await insertBatchWithRecords(tx, { taskId, ownerId: task.ownerId, seq, submitTime: now, submitterId });
  // The refusal rolls the empty batch back with the transaction.
  if (submitNumber === 0) throw conflict(M.submitNothing);
  return {
    answer: { batchId, batchNo: batchNoOf(taskId, seq), submitNumber },
    task: { id: task.id, ownerId: task.ownerId, fittingType: task.fittingType },
  };
}

/**
 * 提交记录: the task's batches newest first. A batch's sampling verdict is shown
 * where sampling applies: the task has a sampling configuration, or the batch was
 * sampled (a configuration removed later leaves its verdicts standing).
 */
export async function submitRecordPage(
  db: Kysely<Database>,
  scope: TaskScope,
  taskId: number,
  paging: PageRequest,
  timeZone: string,
): Promise<SubmitRecordPage> {
  const task = await findDtuTaskInScope(db, scope, taskId);
  if (!task) throw notFound();
  const { rows, total, totalSubmitCount } = await batchPage(db, task.id, paging);
  const submitters = await accountNames(db, rows.map((row) => row.submitterId));
  const sampled = task.checkNumber === null ? await batchesWithSamples(db, rows.map((row) => row.id)) : null;
  const list = rows.map((row) => ({
    id: row.id,
    batchNo: batchNoOf(row.taskId, row.seq),
    submitNumber: row.submitNumber,
    passNumber: row.passNumber,
    submitTime: formatTime(Number(row.submitTime), timeZone),
    uname: row.submitterId === null ? null : (submitters.get(row.submitterId) ?? null),
    verdict: sampled === null || sampled.has(row.id) ? (row.verdict as SamplingVerdict) : null,
  }));
  return { list, total, pageSize: paging.pageSize, pageNum: paging.page, totalSubmitCount, aimCount: task.productionNumber };
}

/** 提交批次的设备: the batch's records in test order, the batch reached through its task's scope. */
export async function batchDetailPage(
  db: Kysely<Database>,
  scope: TaskScope,
  query: { batchId: number; mac?: string | undefined } & PageRequest,
  timeZone: string,
): Promise<{ list: BatchDetailItem[]; total: number; pageSize: number; pageNum: number }> {
  const batch = await findBatchInScope(db, scope, query.batchId);
  if (!batch) throw notFound();
  const { rows, total } = await batchUnitPage(db, batch.id, query.mac, query);
  const testers = await accountNames(db, rows.map((row) => row.testerId));
  const list = rows.map((row) => ({
    id: row.id,
    imei: row.imei,
    mac: row.mac,
    endTime: row.checkTime === null ? null : formatTime(Number(row.checkTime), timeZone),
    // a submitted record always has its result (a submit takes judged records only)
    testStatus: (row.testStatus ?? 'NOT_PASS') as DtuTestStatus,
    uname: row.testerId === null ? null : (testers.get(row.testerId) ?? null),
  }));
  return { list, total, pageSize: query.pageSize, pageNum: query.page };
}
