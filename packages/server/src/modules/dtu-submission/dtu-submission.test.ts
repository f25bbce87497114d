import { DTU_SUBMISSION_MSG as M, MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dtuSubmissionApi } from '../../../test/dtu-submission-api.js';
import { adminIdOf } from '../../../test/factories/accounts.js';
import { createDtuTest, createSubmitBatch } from '../../../test/factories/dtu-tasks.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { batchNoOf } from '../../platform/dtu-batches.js';

/*
 * Issue 18, 提交: every judged UNSUBMIT production record of a task becomes one
 * batch, in one transaction under the task's lock.
 */
describe.each(testDialects())('DTU task submit on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuSubmissionApi(t);
  const { db, submit, submitRaw, taskWith, testOf, batchRow, testsOf, submitSnapshot } = api;

  it('makes one batch of the judged unsubmitted production records; units under test, samples and earlier batches stay', async () => {
    const { taskId, padId } = await taskWith({ status: 'START', fittingType: '提交任务' });
    const passed = [await testOf(taskId, padId), await testOf(taskId, padId)];
    const failed = await testOf(taskId, padId, { testStatus: 'NOT_PASS' });
    const earlier = await createSubmitBatch(db(), taskId, { testIds: [passed[0]!] });
    const underTest = await testOf(taskId, padId, { testStatus: null });
    const fresh = await testOf(taskId, padId);
    // a sample of the earlier batch: a record of its own, never submitted
    const sample = await createDtuTest(db(), taskId, { sampleBatchId: earlier, terminalId: padId });
    const before = Date.now();

    const answer = await submit(taskId);
    expect(answer).toEqual({ batchId: expect.any(Number), batchNo: `${taskId}-002`, submitNumber: 3 });
    const batch = await batchRow(answer.batchId);
    expect(batch).toMatchObject({ taskId, seq: 2, submitNumber: 3, passNumber: 2, submitterId: await adminIdOf(db()), verdict: 'PENDING', checkCount: 0 });
    expect(Number(batch.submitTime)).toBeGreaterThanOrEqual(before);
    expect(Number(batch.submitTime)).toBeLessThanOrEqual(Date.now());

    const byId = new Map((await testsOf(taskId)).map((test) => [test.id, test]));
    for (const id of [passed[1]!, failed, fresh]) expect(byId.get(id)).toMatchObject({ manageStatus: 'SUBMIT', submitBatchId: answer.batchId });
    expect(byId.get(passed[0]!)).toMatchObject({ manageStatus: 'SUBMIT', submitBatchId: earlier });
    expect(byId.get(underTest)).toMatchObject({ manageStatus: 'UNSUBMIT', submitBatchId: null, testStatus: null });
    expect(byId.get(sample)).toMatchObject({ manageStatus: 'UNSUBMIT', submitBatchId: null, sampleBatchId: earlier });

    expect(await lastSuccessLog(t.app, PATHS.dtuTaskSubmit)).toMatchObject({ summary: `提交DTU任务 提交任务 (#${taskId})：3台` });

    // The unit under test, once judged, goes with the next submit.
    await db().updateTable('dtu_test').set({ testStatus: 'PASS', checkTime: Date.now() }).where('id', '=', underTest).execute();
    const next = await submit(taskId);
    expect(next).toEqual({ batchId: expect.any(Number), batchNo: `${taskId}-003`, submitNumber: 1 });
    expect(await batchRow(next.batchId)).toMatchObject({ seq: 3, submitNumber: 1, passNumber: 1 });
  });

  it('submits in an unstarted and a stopped task; an ended task refuses (409) and nothing changes', async () => {
    for (const status of ['UNSTART', 'STOP'] as const) {
      const { taskId, padId } = await taskWith({ status });
      await testOf(taskId, padId);
      expect((await submit(taskId)).batchNo).toBe(`${taskId}-001`);
    }
    const { taskId, padId } = await taskWith({ status: 'FINISH' });
    await testOf(taskId, padId);
    const before = await submitSnapshot(taskId);
    expectRefusal(await submitRaw(taskId), 409, M.submitRefused);
    expect(await submitSnapshot(taskId)).toEqual(before);
  });

  it('refuses a task with nothing to submit (409): none judged, or all already submitted', async () => {
    const { taskId, padId } = await taskWith({ status: 'START' });
    expectRefusal(await submitRaw(taskId), 409, M.submitNothing);
    await testOf(taskId, padId, { testStatus: null });
    let before = await submitSnapshot(taskId);
    expectRefusal(await submitRaw(taskId), 409, M.submitNothing);
    expect(await submitSnapshot(taskId)).toEqual(before);

    await testOf(taskId, padId);
    await submit(taskId);
    before = await submitSnapshot(taskId);
    expectRefusal(await submitRaw(taskId), 409, M.submitNothing);
    expect(await submitSnapshot(taskId)).toEqual(before);
    expect(before.batches).toHaveLength(1);
  });

  it('answers 404 for a task out of the caller’s scope, deleted or unknown, and changes nothing', async () => {
    const { taskId, padId, productLineId } = await taskWith({ status: 'START' });
    await testOf(taskId, padId);
    const before = await submitSnapshot(taskId);
    const stranger = await api.tenant();
    expectRefusal(await submitRaw(taskId, stranger.token), 404, MSG.recordNotFound);
    const otherLine = await api.lineUser([(await taskWith()).productLineId]);
    expectRefusal(await submitRaw(taskId, otherLine.token), 404, MSG.recordNotFound);
    expectRefusal(await submitRaw(999_999), 404, MSG.recordNotFound);
    expect(await submitSnapshot(taskId)).toEqual(before);

    const deleted = await taskWith({ status: 'START', deleted: true });
    await testOf(deleted.taskId, deleted.padId);
    expectRefusal(await submitRaw(deleted.taskId), 404, MSG.recordNotFound);
    expect(await api.testsOf(deleted.taskId)).toMatchObject([{ manageStatus: 'UNSUBMIT' }]);

    // A user of the task's line submits; it is the batch's submitter.
    const own = await api.lineUser([productLineId]);
    const answer = await submit(taskId, own.token);
    expect(await batchRow(answer.batchId)).toMatchObject({ submitterId: own.id, submitNumber: 1 });
  });

  it('numbers a batch by its task and three-digit sequence', () => {
    expect([batchNoOf(12, 1), batchNoOf(12, 42), batchNoOf(7, 1000)]).toEqual(['12-001', '12-042', '7-1000']);
  });

  it('refuses a body without a task id (400)', async () => {
    const response = await api.postForm(PATHS.dtuTaskSubmit, t.admin, {});
    expect(response.statusCode).toBe(400);
  });

  it('racing submits never put a unit in two batches: one batch and a 409, or two disjoint batches', async () => {
    for (let round = 0; round < 6; round++) {
      const { taskId, padId } = await taskWith({ status: 'START' });
      for (let n = 0; n < 20; n++) await testOf(taskId, padId, { testStatus: n % 4 === 0 ? 'NOT_PASS' : 'PASS' });
      // A result stored while the submits race may go with either batch, or with none.
      const [first, late, second] = await Promise.all([submitRaw(taskId), testOf(taskId, padId), submitRaw(taskId)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      const batches = await db().selectFrom('dtu_submit_batch').selectAll().where('taskId', '=', taskId).orderBy('seq').execute();
      const tests = await testsOf(taskId);
      if (statuses[1] === 409) {
        expect(statuses).toEqual([200, 409]);
        expect((first.statusCode === 409 ? first : second).json()).toMatchObject({ errorMsg: M.submitNothing });
        expect(batches).toHaveLength(1);
      } else {
        expect(statuses).toEqual([200, 200]);
        expect(batches).toHaveLength(2);
      }
      expect(batches.map((batch) => batch.seq)).toEqual(batches.map((_, index) => index + 1));
      for (const batch of batches) {
        const members = tests.filter((test) => test.submitBatchId === batch.id);
        expect(batch.submitNumber).toBe(members.length);
        expect(batch.passNumber).toBe(members.filter((test) => test.testStatus === 'PASS').length);
        expect(members.every((test) => test.manageStatus === 'SUBMIT')).toBe(true);
      }
      expect(tests.filter((test) => test.manageStatus === 'SUBMIT').length).toBe(batches.reduce((sum, batch) => sum + batch.submitNumber, 0));
      // every unit judged before the submits is in a batch; the late one in a batch or waiting for the next
      expect(tests.filter((test) => test.id !== late && test.submitBatchId === null)).toEqual([]);
      expect(tests.filter((test) => test.submitBatchId === null).every((test) => test.manageStatus === 'UNSUBMIT')).toBe(true);
    }
  });
});
