import { MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dtuSubmissionApi } from '../../../test/dtu-submission-api.js';
import { createUser, unique } from '../../../test/factories/index.js';
import { createDtuTest, createSubmitBatch } from '../../../test/factories/dtu-tasks.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { formatTime } from '../../platform/time.js';

/* Issue 18: 提交记录 (a task's batches) and 提交批次的设备 (a batch's units). */
describe.each(testDialects())('DTU submit records on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuSubmissionApi(t);
  const { db, batches, batchesRaw, units, unitsRaw, taskWith, testOf } = api;

  it('lists a task’s batches newest first with the totals, the submitter and the batch number', async () => {
    const { taskId, padId } = await taskWith({ productionNumber: 250, status: 'START' });
    const submitterName = unique('提交员');
    const submitter = await createUser(db(), submitterName, 'Passw0rdX');
    const times = [Date.UTC(2025, 3, 1, 1, 0, 0), Date.UTC(2025, 3, 2, 1, 0, 0), Date.UTC(2025, 3, 3, 1, 0, 0)];
    const ids: number[] = [];
    for (const [index, submitTime] of times.entries()) {
      for (let n = 0; n <= index; n++) await testOf(taskId, padId, { testStatus: n === 1 ? 'NOT_PASS' : 'PASS' });
      ids.push(await createSubmitBatch(db(), taskId, { submitTime, submitterId: index === 1 ? submitter : index === 2 ? null : undefined }));
    }
    // another task's batch stays out
    const other = await taskWith();
    await testOf(other.taskId, other.padId);
    await createSubmitBatch(db(), other.taskId);

    const page = await batches({ taskId });
    const zone = t.config.timeZone;
    expect(page).toEqual({
      list: [
        { id: ids[2], batchNo: `${taskId}-003`, submitNumber: 3, passNumber: 2, submitTime: formatTime(times[2]!, zone), uname: null, verdict: null },
        { id: ids[1], batchNo: `${taskId}-002`, submitNumber: 2, passNumber: 1, submitTime: formatTime(times[1]!, zone), uname: submitterName, verdict: null },
        { id: ids[0], batchNo: `${taskId}-001`, submitNumber: 1, passNumber: 1, submitTime: formatTime(times[0]!, zone), uname: 'admin', verdict: null },
      ],
      total: 3,
      pageSize: 10,
      pageNum: 1,
      totalSubmitCount: 6,
      aimCount: 250,
    });
    // Paged: the totals are the task's, not the page's.
    expect(await batches({ taskId, page: 2, pageSize: 2 })).toMatchObject({ list: [{ id: ids[0] }], total: 3, pageSize: 2, pageNum: 2, totalSubmitCount: 6 });
    expect((await batches({ taskId, pageSize: 0 })).list.map((row) => row.id)).toEqual([ids[2], ids[1], ids[0]]);
    // A task without batches.
    expect(await batches({ taskId: (await taskWith({ productionNumber: 7 })).taskId })).toEqual({
      list: [],
      total: 0,
      pageSize: 10,
      pageNum: 1,
      totalSubmitCount: 0,
      aimCount: 7,
    });
  });

  it('shows a batch’s verdict where the task has a sampling configuration or the batch was sampled', async () => {
    const { taskId, padId } = await taskWith();
    await testOf(taskId, padId);
    const plain = await createSubmitBatch(db(), taskId);
    await testOf(taskId, padId);
    const sampled = await createSubmitBatch(db(), taskId);
    await db().updateTable('dtu_submit_batch').set({ verdict: 'REJECT' }).where('id', '=', sampled).execute();
    await createDtuTest(db(), taskId, { sampleBatchId: sampled });
    expect((await batches({ taskId })).list.map((row) => [row.id, row.verdict])).toEqual([
      [sampled, 'REJECT'],
      [plain, null],
    ]);
    await db().updateTable('dtu_task').set({ checkNumber: 5 }).where('id', '=', taskId).execute();
    expect((await batches({ taskId })).list.map((row) => [row.id, row.verdict])).toEqual([
      [sampled, 'REJECT'],
      [plain, 'PENDING'],
    ]);
  });

  it('lists a batch’s units in test order, searched by IMEI or MAC in any case', async () => {
    const { taskId, padId } = await taskWith();
    const start = Date.UTC(2025, 4, 1, 2, 0, 0);
    const testerName = unique('检测员');
    const tester = await createUser(db(), testerName, 'Passw0rdX');
    const a = await testOf(taskId, padId, { unitCode: '861000000000001', mac: 'AA:BB:CC:00:00:01', startTime: start, checkTime: start + 30_000 });
    const b = await testOf(taskId, padId, { unitCode: 'AA:BB:CC:00:00:02', imei: '', startTime: start, testStatus: 'NOT_PASS', testerId: tester });
    const c = await testOf(taskId, padId, { unitCode: '861000000000003', startTime: start, testerId: null });
    const batchId = await createSubmitBatch(db(), taskId);
    // not in the batch: a later unit, a unit under test, a sample of the batch
    await testOf(taskId, padId, { unitCode: '861000000000004' });
    await testOf(taskId, padId, { unitCode: '861000000000005', testStatus: null });
    await createDtuTest(db(), taskId, { unitCode: '861000000000001', sampleBatchId: batchId });
    await createSubmitBatch(db(), taskId);

    const zone = t.config.timeZone;
    expect(await units({ batchId })).toEqual({
      list: [
        { id: a, imei: '861000000000001', mac: 'AA:BB:CC:00:00:01', endTime: formatTime(start + 30_000, zone), testStatus: 'PASS', uname: 'admin' },
        { id: b, imei: '', mac: 'AA:BB:CC:00:00:02', endTime: formatTime(start + 60_000, zone), testStatus: 'NOT_PASS', uname: testerName },
        { id: c, imei: '861000000000003', mac: '', endTime: formatTime(start + 60_000, zone), testStatus: 'PASS', uname: null },
      ],
      total: 3,
      pageSize: 10,
      pageNum: 1,
    });
    const ids = async (query: Record<string, string | number>) => (await units({ batchId, ...query })).list.map((row) => row.id);
    expect(await ids({ mac: 'aa:bb:cc:00:00' })).toEqual([a, b]);
    expect(await ids({ mac: '0003' })).toEqual([c]);
    expect(await ids({ mac: '00:02' })).toEqual([b]);
    expect(await ids({ mac: 'nothing' })).toEqual([]);
    expect(await ids({ mac: '' })).toEqual([a, b, c]);
    // a search takes % and _ literally
    expect(await ids({ mac: '%' })).toEqual([]);
    expect(await units({ batchId, page: 2, pageSize: 2 })).toMatchObject({ list: [{ id: c }], total: 3, pageNum: 2, pageSize: 2 });
  });

  it('answers 404 for a task or batch out of the caller’s scope, deleted or unknown', async () => {
    const { taskId, padId, productLineId } = await taskWith();
    await testOf(taskId, padId);
    const batchId = await createSubmitBatch(db(), taskId);
    const stranger = await api.tenant();
    const otherLine = await api.lineUser([(await taskWith()).productLineId]);
    for (const token of [stranger.token, otherLine.token]) {
      expectRefusal(await batchesRaw({ taskId }, token), 404, MSG.recordNotFound);
      expectRefusal(await unitsRaw({ batchId }, token), 404, MSG.recordNotFound);
    }
    expectRefusal(await batchesRaw({ taskId: 999_999 }), 404, MSG.recordNotFound);
    expectRefusal(await unitsRaw({ batchId: 999_999 }), 404, MSG.recordNotFound);
    // the task's line user sees both
    const own = await api.lineUser([productLineId]);
    expect((await batches({ taskId }, own.token)).total).toBe(1);
    expect((await units({ batchId }, own.token)).total).toBe(1);
    // a deleted task's batches are gone with it
    await db().updateTable('dtu_task').set({ deleted: 1 }).where('id', '=', taskId).execute();
    expectRefusal(await batchesRaw({ taskId }), 404, MSG.recordNotFound);
    expectRefusal(await unitsRaw({ batchId }), 404, MSG.recordNotFound);
  });
});
