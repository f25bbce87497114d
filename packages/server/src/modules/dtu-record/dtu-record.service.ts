import { DTU_TASK_MSG as M } from '@factory/contracts';
import type { Db } from '../../platform/db.js';
import { batchNoOf, recountBatch } from '../../platform/dtu-batches.js';
import { recountTask } from '../../platform/dtu-tests.js';
import { lockDtuTask } from '../../platform/dtu-report-intake.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { parseZonedTime } from '../../platform/time.js';
import { deleteTest, findTestById, findTestInScope, type TestRow } from './dtu-record.repository.js';

/**
 * Deletes a unit's record (设备检测 → 删除), in the caller's transaction: a submitted
 * one stays (409). The task is locked first so a result posted at the same moment
 * and this delete count the task one after the other. Answers the record deleted.
 */
export async function deleteRecord(tx: Db, scope: TaskScope, id: number): Promise<TestRow> {
  const seen = await findTestInScope(tx.kysely, scope, id);
  if (!seen) throw notFound();
  await lockDtuTask(tx, seen.taskId);
  const test = await findTestById(tx.kysely, id);
  if (!test) throw notFound();
  if (test.manageStatus === 'SUBMIT') throw conflict(M.deviceSubmitted);
  await deleteTest(tx, id);
  await recountTask(tx, test.taskId);
  return test;
}

/**
 * Deletes a sample (抽检记录 → 删除), in the caller's transaction: its judged other
 * properties go with it, and its batch is counted again (a verdict reached by the
 * deleted sample goes back to PENDING; the plan fixed at the first sample stays).
 * Under the task's lock, as a sample's result is counted. Answers the sample deleted
 * and its batch's number.
 */
export async function deleteSample(tx: Db, scope: TaskScope, id: number): Promise<{ sample: TestRow; batchNo: string }> {
  const seen = await findTestInScope(tx.kysely, scope, id, 'sample');
  if (!seen) throw notFound();
  await lockDtuTask(tx, seen.taskId);
  const sample = await findTestById(tx.kysely, id);
  if (!sample) throw notFound();
  await deleteTest(tx, id);
  await recountBatch(tx, sample.sampleBatchId);
  const batch = await tx.kysely.selectFrom('dtu_submit_batch').select('seq').where('id', '=', sample.sampleBatchId).executeTakeFirstOrThrow();
  return { sample, batchNo: batchNoOf(sample.taskId, batch.seq) };
}

/**
 * The check log's range in the factory's time zone: `from` from its first second;
 * `to` through its last (a bare date: the whole day, a time: that second).
 */
export function reportRange(from: string | undefined, to: string | undefined, timeZone: string): { from?: number; before?: number } {
  const start = from === undefined ? undefined : parseZonedTime(from, timeZone);
  const end = to === undefined ? undefined : parseZonedTime(to, timeZone);
  if (start === null || end === null) throw badRequest(M.checkLogDateRule);
  let before: number | undefined;
  if (end) {
    const last = end.dateOnly ? parseZonedTime(`${to} 23:59:59`, timeZone)! : end;
    before = last.epochMs + 1000;
  }
  if (start && before !== undefined && start.epochMs >= before) throw badRequest(M.checkLogDateOrder);
  return { ...(start ? { from: start.epochMs } : {}), ...(before !== undefined ? { before } : {}) };
}
