import { MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dtuSamplingApi } from '../../../test/dtu-sampling-api.js';
import { createDtuTest, createDtuTestValue, createSampleValue, createSubmitBatch, type DtuTestOptions } from '../../../test/factories/dtu-tasks.js';
import { createAutoProperty, createDtu, createOtherProperty } from '../../../test/factories/dtus.js';
import { createLine } from '../../../test/factories/lines.js';
import { QueryCapture } from '../../../test/query-capture.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { formatTime } from '../../platform/time.js';
import { testPage } from './dtu-record.repository.js';
import { toRecords } from './dtu-record-views.js';

/*
 * Issue 18: the samples of a submitted batch as the watch page shows them in sampling
 * mode (批次的抽检记录, 抽检记录详情, 删除抽检记录), kept apart from the production records.
 */
describe.each(testDialects())('DTU sample records on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuSamplingApi(t);
  const { db, samples, samplesRaw, sample, sampleRaw, removeSample, taskWith, testOf } = api;
  const ids = (page: { list: { id: number }[] }) => page.list.map((row) => row.id);

  /** A task with `units` production records submitted as one batch (at `submitTime`), and a plan of n 3, Ac 0, Re 1. */
  async function sampledBatch(options: { units?: number; submitTime?: number; dtuId?: number; fittingType?: string } = {}) {
    const { taskId, padId, dtuId, productLineId } = await taskWith({
      status: 'START',
      ...(options.dtuId ? { dtuId: options.dtuId } : {}),
      ...(options.fittingType ? { fittingType: options.fittingType } : {}),
    });
    const units: { id: number; code: string }[] = [];
    for (let index = 0; index < (options.units ?? 4); index++) {
      const code = `8612345678${String(taskId % 1000).padStart(3, '0')}${String(index).padStart(2, '0')}`;
      units.push({ id: await testOf(taskId, padId, { unitCode: code }), code });
    }
    const batchId = await createSubmitBatch(db(), taskId, { submitTime: options.submitTime ?? Date.UTC(2025, 6, 1, 2, 0, 0) });
    await db().updateTable('dtu_submit_batch').set({ sampleSize: 3, acceptNumber: 0, rejectNumber: 1 }).where('id', '=', batchId).execute();
    const sampleOf = (unit: { code: string }, sampleOptions: DtuTestOptions = {}) =>
      createDtuTest(db(), taskId, { unitCode: unit.code, terminalId: padId, sampleBatchId: batchId, ...sampleOptions });
    return { taskId, padId, dtuId, productLineId, units, batchId, sampleOf };
  }

  const batchRow = (id: number) => db().selectFrom('dtu_submit_batch').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists a batch’s samples newest first, as records, filtered by result and IMEI or MAC', async () => {
    const submitTime = Date.UTC(2025, 6, 1, 2, 0, 0);
    const { taskId, units, batchId, sampleOf } = await sampledBatch({ submitTime, fittingType: '抽检列表任务' });
    const start = Date.UTC(2025, 6, 2, 3, 0, 0);
    const passed = await sampleOf(units[0]!, { startTime: start });
    const failed = await sampleOf(units[1]!, { startTime: start + 1000, testStatus: 'NOT_PASS', failures: ['外观'] });
    const open = await sampleOf(units[2]!, { startTime: start + 2000, testStatus: null });
    // a second batch's sample, and another task's, stay out
    await testOf(taskId, (await api.taskWith()).padId);
    const second = await createSubmitBatch(db(), taskId);
    await createDtuTest(db(), taskId, { unitCode: units[0]!.code, sampleBatchId: second });
    const other = await sampledBatch();
    await other.sampleOf(other.units[0]!);

    const page = await samples({ id: batchId });
    expect(page).toMatchObject({ total: 3, pageSize: 10, pageNum: 1 });
    expect(ids(page)).toEqual([open, failed, passed]);
    expect(page.list[2]).toMatchObject({
      id: passed,
      taskId,
      imei: units[0]!.code,
      testStatus: 'PASS',
      manageStatus: 'UNSUBMIT',
      taskFittingType: '抽检列表任务',
      // a sample's batch time is its batch's submit time
      batchTime: formatTime(submitTime, t.config.timeZone),
      startTime: formatTime(start, t.config.timeZone),
    });
    expect(ids(await samples({ id: batchId, testStatus: 'NOT_PASS' }))).toEqual([failed]);
    expect(ids(await samples({ id: batchId, testStatus: 'PASS' }))).toEqual([passed]);
    expect(ids(await samples({ id: batchId, mac: units[1]!.code.slice(-4) }))).toEqual([failed]);
    expect(await samples({ id: batchId, page: 2, pageSize: 2 })).toMatchObject({ total: 3, pageSize: 2, pageNum: 2, list: [{ id: passed }] });
    expect((await samplesRaw({ id: batchId, testStatus: 'DONE' })).statusCode).toBe(400);
  });

  it('answers 404 for a batch unknown, of a deleted task, or out of scope', async () => {
    const { taskId, productLineId, units, batchId, sampleOf } = await sampledBatch();
    const sampleId = await sampleOf(units[0]!);
    expectRefusal(await samplesRaw({ id: 999_999 }), 404, MSG.recordNotFound);
    const stranger = await api.tenant();
    const elsewhere = await api.lineUser([await createLine(db())]);
    for (const token of [stranger.token, elsewhere.token]) {
      expectRefusal(await samplesRaw({ id: batchId }, token), 404, MSG.recordNotFound);
      expectRefusal(await sampleRaw(sampleId, token), 404, MSG.recordNotFound);
      expectRefusal(await removeSample(sampleId, token), 404, MSG.recordNotFound);
    }
    const tied = await api.lineUser([productLineId]);
    expect(ids(await samples({ id: batchId }, tied.token))).toEqual([sampleId]);
    await db().updateTable('dtu_task').set({ deleted: 1 }).where('id', '=', taskId).execute();
    expectRefusal(await samplesRaw({ id: batchId }), 404, MSG.recordNotFound);
    expectRefusal(await sampleRaw(sampleId), 404, MSG.recordNotFound);
    expectRefusal(await removeSample(sampleId), 404, MSG.recordNotFound);
    expect(await db().selectFrom('dtu_test').select('id').where('id', '=', sampleId).executeTakeFirst()).toBeDefined();
  });

  it('shows a sample’s detail with its batch and the other properties judged on it; a production record’s id is 404 here and a sample’s at the production detail', async () => {
    const dtuId = await createDtu(db(), { communicationType: 'THREE_2_ONE' });
    await createAutoProperty(db(), dtuId, { code: 'ICCID', name: 'ICCID', dataType: 'string', verifyRule: null, aimValue: null, unique: true, status: 1 });
    const look = await createOtherProperty(db(), dtuId, { category: '外观', property: '外壳无划痕', checkTool: '目测', checkStandard: '无明显划痕', status: 1 });
    const screw = await createOtherProperty(db(), dtuId, { category: '结构', property: '螺丝紧固', checkTool: '扭力计', checkStandard: '≥0.5N·m', status: 1 });
    const { units, batchId, sampleOf } = await sampledBatch({ dtuId });
    const unit = units[0]!;
    const iccid = '89860000000000000077';
    // the unit's production record holds its ICCID; the sample reports the same
    await createDtuTestValue(db(), unit.id, { kind: 'AUTO', code: 'ICCID', value: iccid, pass: true });
    await db().insertInto('dtu_unique_value').values({ dtuId, code: 'ICCID', value: iccid, testId: unit.id }).execute();
    const sampleId = await sampleOf(unit, { testStatus: 'NOT_PASS', failures: ['螺丝紧固'] });
    await createDtuTestValue(db(), sampleId, { kind: 'AUTO', code: 'ICCID', value: iccid, pass: true });
    await createSampleValue(db(), sampleId, screw, { actValue: '0.3N·m', pass: false });
    await createSampleValue(db(), sampleId, look, { actValue: '无划痕', pass: true });
    // edited since: the sample keeps what was judged
    await db().updateTable('dtu_other_property').set({ property: '外壳无划痕（新）' }).where('id', '=', look).execute();

    const shown = await sample(sampleId);
    expect(shown.sampleBatchId).toBe(batchId);
    expect(shown.record).toMatchObject({ id: sampleId, imei: unit.code, testStatus: 'NOT_PASS', failures: ['螺丝紧固'] });
    expect(shown.otherResults).toEqual([
      { propertyId: look, category: '外观', property: '外壳无划痕', checkTool: '目测', checkStandard: '无明显划痕', actValue: '无划痕', result: true },
      { propertyId: screw, category: '结构', property: '螺丝紧固', checkTool: '扭力计', checkStandard: '≥0.5N·m', actValue: '0.3N·m', result: false },
    ]);
    // the unit's own production record is no other unit
    expect(shown.autoPropList.find((row) => row.autoPropEntity.code === 'ICCID')).toMatchObject({ reportValue: iccid, duplicate: false });
    // held by another unit: a duplicate, as for a production record
    const other = await taskWith({ dtuId });
    const holder = await testOf(other.taskId, other.padId);
    await db().updateTable('dtu_unique_value').set({ testId: holder }).where('dtuId', '=', dtuId).execute();
    expect((await sample(sampleId)).autoPropList.find((row) => row.autoPropEntity.code === 'ICCID')).toMatchObject({ duplicate: true });

    expectRefusal(await sampleRaw(unit.id), 404, MSG.recordNotFound);
    expectRefusal(await api.detailRaw(sampleId), 404, MSG.recordNotFound);
    expectRefusal(await sampleRaw(999_999), 404, MSG.recordNotFound);
    // a sample without other results yet
    expect((await sample(await sampleOf(units[1]!, { testStatus: null }))).otherResults).toEqual([]);
  });

  it('deletes a sample with its judged properties and counts its batch again: the verdict it decided goes back to PENDING', async () => {
    const dtuId = await createDtu(db(), { communicationType: 'THREE_2_ONE' });
    const look = await createOtherProperty(db(), dtuId, { status: 1 });
    const { taskId, units, batchId, sampleOf } = await sampledBatch({ dtuId });
    const inspector = (await api.lineUser([])).id;
    const first = await sampleOf(units[0]!, { checkTime: Date.UTC(2025, 6, 3, 1, 0, 0) });
    const bad = await sampleOf(units[1]!, { testStatus: 'NOT_PASS', checkTime: Date.UTC(2025, 6, 3, 2, 0, 0), testerId: inspector });
    await createSampleValue(db(), bad, look, { actValue: '划痕', pass: false });
    await db()
      .updateTable('dtu_submit_batch')
      .set({ checkCount: 2, defectCount: 1, verdict: 'REJECT', checkPersonId: inspector, checkTime: Date.UTC(2025, 6, 3, 2, 0, 0) })
      .where('id', '=', batchId)
      .execute();
    const taskBefore = await api.taskRow(taskId);
    const productionBefore = await api.testsOf(taskId).then((rows) => rows.filter((row) => row.sampleBatchId === 0));

    // a production record's id is no sample
    expectRefusal(await removeSample(units[0]!.id), 404, MSG.recordNotFound);
    expect((await removeSample(bad)).statusCode).toBe(200);
    expect(await db().selectFrom('dtu_test').select('id').where('id', '=', bad).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('dtu_sample_value').select('id').where('testId', '=', bad).execute()).toEqual([]);
    const admin = await db().selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
    expect(await batchRow(batchId)).toMatchObject({
      checkCount: 1,
      defectCount: 0,
      verdict: 'PENDING',
      checkPersonId: admin.id,
      // the plan fixed at the first sample stays
      sampleSize: 3,
      acceptNumber: 0,
      rejectNumber: 1,
    });
    expect(Number((await batchRow(batchId)).checkTime)).toBe(Date.UTC(2025, 6, 3, 1, 0, 0));
    // production is untouched: the task's counters and the unit's record
    expect(await api.taskRow(taskId)).toEqual(taskBefore);
    expect((await api.testsOf(taskId)).filter((row) => row.sampleBatchId === 0)).toEqual(productionBefore);
    expect(await lastSuccessLog(t.app, PATHS.dtuTaskCheckinfoCheckDelete)).toEqual({
      summary: `删除抽检记录 ${units[1]!.code} (DTU任务 #${taskId}，批次 ${taskId}-001)`,
      targetId: String(bad),
    });
    expectRefusal(await removeSample(bad), 404, MSG.recordNotFound);

    // the last one: nothing judged
    expect((await removeSample(first)).statusCode).toBe(200);
    expect(await batchRow(batchId)).toMatchObject({ checkCount: 0, defectCount: 0, verdict: 'PENDING', checkPersonId: null, checkTime: null });
  });

  it('keeps samples out of the production calls: the records list, the detail and delete, find by unit, the board', async () => {
    const { taskId, units, batchId, sampleOf, dtuId } = await sampledBatch({ units: 2 });
    const late = Date.now() + 3_600_000;
    const sampleId = await sampleOf(units[0]!, { startTime: late - 60_000, checkTime: late });
    const listed = await api.list({ taskId, pageSize: 0 });
    expect(ids(listed).sort((a, b) => a - b)).toEqual(units.map((unit) => unit.id));
    expect(listed.total).toBe(2);
    expectRefusal(await api.remove(sampleId), 404, MSG.recordNotFound);
    expect(await db().selectFrom('dtu_test').select('id').where('id', '=', sampleId).executeTakeFirst()).toBeDefined();
    // the unit is found by its production record, though its sample is newer
    expect(await api.find(dtuId, units[0]!.code)).toEqual({ id: taskId, reworkTask: false, taskDetailId: units[0]!.id });
    // the sample's later result does not stretch the board's pace
    const productionTimes = await db().selectFrom('dtu_test').select(['startTime', 'checkTime']).where('sampleBatchId', '=', 0).where('taskId', '=', taskId).execute();
    await db().updateTable('dtu_task').set({ testedNumber: 2, finishNumber: 2 }).where('id', '=', taskId).execute();
    const first = Math.min(...productionTimes.map((row) => Number(row.startTime)));
    const last = Math.max(...productionTimes.map((row) => Number(row.checkTime)));
    expect((await api.watchCount(taskId)).timePerProduction).toBe(Math.round(((last - first) / 1000 / 2) * 100) / 100);
    expect(batchId).toBeGreaterThan(0);
  });

  it('shows a production record’s batch time: its batch’s submit time once submitted, in one lookup for the page', async () => {
    const submitTime = Date.UTC(2025, 7, 1, 8, 30, 0);
    const { taskId, padId, units, batchId } = await sampledBatch({ units: 2, submitTime });
    const later = await testOf(taskId, padId);
    const page = await api.list({ taskId });
    const zone = t.config.timeZone;
    expect(page.list.map((row) => [row.id, row.batchTime])).toEqual([
      [later, null],
      [units[1]!.id, formatTime(submitTime, zone)],
      [units[0]!.id, formatTime(submitTime, zone)],
    ]);
    const second = await createSubmitBatch(db(), taskId, { submitTime: submitTime + 86_400_000 });
    expect((await api.list({ taskId })).list[0]).toMatchObject({ id: later, batchTime: formatTime(submitTime + 86_400_000, zone) });
    expect((await api.detail(units[0]!.id)).record.batchTime).toBe(formatTime(submitTime, zone));
    expect(second).not.toBe(batchId);

    // the testers, the terminals and the batches: one lookup each, whatever the page holds
    const capture = new QueryCapture();
    const { rows } = await testPage(db(), taskId, {}, { page: 1, pageSize: 0 });
    await toRecords(capture.watch(db()), rows, { fittingType: 'x', testFirmwareVersion: '' }, zone);
    expect(capture.statements.length).toBe(3);
  });
});
