import { DTU_SUBMISSION_MSG as SM, DTU_TASK_MSG as M, PATHS, samplingPlan, type StationDtuSampleAnswer } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { dtuStationApi, freshImei, type UnitBody } from '../../../test/dtu-station-api.js';
import { createDtuTask, createDtuTest, createSubmitBatch } from '../../../test/factories/index.js';
import { createOtherProperty } from '../../../test/factories/dtus.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/*
 * Sampling at the station (issue 18): a sampling terminal tests units of a submitted
 * batch on sample records of their own, records the other properties judged by
 * people, and each result counts the batch against its GB/T 2828.1 plan.
 */
describe.each(testDialects())('sampling at the station on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuStationApi(
    () => t.app,
    () => t.admin,
  );
  const { db } = api;

  /**
   * A task of the default DTU (CSQ, unique ICCID, VERSION 1.0.0) with two other
   * properties under test, `units` units tested and passed by a production PAD and
   * submitted as one batch, its sampling configured for `checkNumber` samples, and
   * a signed-in sampling terminal.
   */
  async function sampledBatch(options: { units?: number; checkNumber?: number; status?: 'START' | 'FINISH' } = {}) {
    const dtu = await api.dtuWith();
    const looks = await createOtherProperty(db(), dtu.dtuId, { category: '外观', property: '外壳无划痕', status: 1 });
    const label = await createOtherProperty(db(), dtu.dtuId, { category: '标识', property: '铭牌清晰', checkTool: '目测', checkStandard: '字迹清楚', status: 1 });
    await createOtherProperty(db(), dtu.dtuId, { property: '不在检测中', status: 0 });
    const taskId = await createDtuTask(db(), { dtuId: dtu.dtuId, status: 'START' });
    const pad = await api.padOf(taskId);
    const imeis: string[] = [];
    for (let index = 0; index < (options.units ?? 5); index += 1) {
      const imei = freshImei();
      imeis.push(imei);
      await api.scan(pad.token, { imei });
      await api.report(pad.token, { imei, content: { CSQ: 20, ICCID: `8986${imei}`, VERSION: '1.0.0' } });
      expect((await api.result(pad.token, api.resultBody({ imei }))).testStatus).toBe('PASS');
    }
    const batchId = await createSubmitBatch(db(), taskId);
    await db()
      .updateTable('dtu_task')
      .set({ checkNumber: options.checkNumber ?? 3, status: options.status ?? 'START' })
      .where('id', '=', taskId)
      .execute();
    const checker = await api.padOf(taskId, { role: 'CHECK' });
    return { taskId, dtu, pad, checker, imeis, batchId, others: { looks, label } };
  }

  const sampleCall = (token: string, body: UnitBody & { batchId: number; otherResults: { propertyId: number; actValue: string | number; pass: boolean }[] }) =>
    api.post(PATHS.stationDtuSample, token, body);
  const batchRow = (batchId: number) => db().selectFrom('dtu_submit_batch').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
  const samplesOf = (batchId: number) => db().selectFrom('dtu_test').selectAll().where('sampleBatchId', '=', batchId).orderBy('id').execute();

  /** Scans, reports, judges the other properties (all 合格 unless told) and posts the result of one sample. */
  async function sampleUnit(
    fixture: Awaited<ReturnType<typeof sampledBatch>>,
    imei: string,
    options: { labelPass?: boolean; csq?: number } = {},
  ) {
    const { checker, batchId, others } = fixture;
    await api.scan(checker.token, { imei, batchId } as UnitBody);
    await api.report(checker.token, { imei, content: { CSQ: options.csq ?? 25, ICCID: `8986${imei}`, VERSION: '1.0.0' } });
    dataOf(
      await sampleCall(checker.token, {
        imei,
        batchId,
        otherResults: [
          { propertyId: others.looks, actValue: '无划痕', pass: true },
          { propertyId: others.label, actValue: '清晰', pass: options.labelPass ?? true },
        ],
      }),
    );
    return api.result(checker.token, api.resultBody({ imei }));
  }

  it('shows a sampling terminal its batches with their plans and the other properties to judge', async () => {
    const fixture = await sampledBatch({ units: 5, checkNumber: 3 });
    const second = await createDtuTest(db(), fixture.taskId);
    const newer = await createSubmitBatch(db(), fixture.taskId, { testIds: [second] });
    const assignment = await api.assignment(fixture.checker.token);
    const plan = samplingPlan(5, 'II', 1);
    expect(assignment).toMatchObject({ taskId: fixture.taskId, mode: 'SAMPLING', role: 'CHECK' });
    expect(assignment!.batches.map((batch) => batch.id)).toEqual([newer, fixture.batchId]);
    expect(assignment!.batches[1]).toMatchObject({
      batchId: `${fixture.taskId}-001`,
      submitNumber: 5,
      checkCount: 0,
      sampleSize: 3,
      acceptNumber: plan.acceptNumber,
      rejectNumber: plan.rejectNumber,
      defectCount: 0,
      verdict: 'PENDING',
    });
    expect(assignment!.otherProps).toEqual([
      { id: fixture.others.looks, category: '外观', property: '外壳无划痕', checkTool: '目测', checkStandard: '无明显划痕' },
      { id: fixture.others.label, category: '标识', property: '铭牌清晰', checkTool: '目测', checkStandard: '字迹清楚' },
    ]);
    // A production PAD of the same task sees production.
    expect(await api.assignment(fixture.pad.token)).toMatchObject({ mode: 'PRODUCTION', role: 'PAD', batches: [], otherProps: [] });
  });

  it('tests a sample on a record of its own, leaving the production record, counters and claims as they were', async () => {
    const fixture = await sampledBatch();
    const { taskId, checker, batchId, imeis, dtu } = fixture;
    const imei = imeis[1]!;
    const production = await api.testOf(taskId, imei);
    const productionValues = await api.valuesOf(production!.id);
    const taskBefore = await api.taskRow(taskId);
    const claimsBefore = await api.claimsOf(dtu.dtuId);

    const scanned = await api.scan(checker.token, { imei, batchId } as UnitBody);
    expect(scanned).toMatchObject({ code: imei, sampleBatchId: batchId, testStatus: null, otherResults: [] });
    expect(scanned.testId).not.toBe(production!.id);
    // the plan is fixed at the first sample
    expect(await batchRow(batchId)).toMatchObject({ sampleSize: 3, checkCount: 0, verdict: 'PENDING' });

    const reported = await api.report(checker.token, { imei, content: { CSQ: 28, ICCID: `8986${imei}`, VERSION: '1.0.0' } });
    expect(reported!.testId).toBe(scanned.testId);
    // the unit's ICCID is its own (held by its production record): not a duplicate
    expect(reported!.values.find((value) => value.code === 'ICCID')).toMatchObject({ pass: true, duplicate: false });
    expect(await api.valuesOf(production!.id)).toEqual(productionValues);

    const judged = dataOf<StationDtuSampleAnswer>(
      await sampleCall(checker.token, {
        imei,
        batchId,
        otherResults: [
          { propertyId: fixture.others.looks, actValue: '有一处划痕', pass: false },
          { propertyId: fixture.others.looks, actValue: '无划痕', pass: true },
          { propertyId: fixture.others.label, actValue: 12, pass: true },
        ],
      }),
    );
    expect(judged.unit.otherResults).toEqual([
      { propertyId: fixture.others.looks, category: '外观', property: '外壳无划痕', checkTool: '目测', checkStandard: '无明显划痕', actValue: '无划痕', result: true },
      { propertyId: fixture.others.label, category: '标识', property: '铭牌清晰', checkTool: '目测', checkStandard: '字迹清楚', actValue: '12', result: true },
    ]);
    expect(judged.batch).toMatchObject({ id: batchId, checkCount: 0 });
    // scanned again before its result: resumed with what was judged
    expect((await api.scan(checker.token, { imei, batchId } as UnitBody)).otherResults).toHaveLength(2);
    expect((await api.unit(checker.token, { imei })).testId).toBe(scanned.testId);

    const answer = await api.result(checker.token, api.resultBody({ imei }));
    expect(answer).toMatchObject({ testId: scanned.testId, testStatus: 'PASS', failures: [], replayed: false });
    expect(answer.batch).toMatchObject({ id: batchId, checkCount: 1, defectCount: 0, verdict: 'PENDING', checkPerson: checker.worker.userName });
    expect(await api.taskRow(taskId)).toMatchObject({ finishNumber: taskBefore.finishNumber, testedNumber: taskBefore.testedNumber });
    expect(await api.claimsOf(dtu.dtuId)).toEqual(claimsBefore);
    expect(await api.testOf(taskId, imei)).toEqual(production);
    expect(await batchRow(batchId)).toMatchObject({ checkCount: 1, defectCount: 0, checkPersonId: expect.any(Number) });

    // each sample counts once
    expectRefusal(await api.scanCall(checker.token, { imei, batchId } as UnitBody), 409, SM.sampledAlready(imei));
  });

  it('accepts a batch at n good samples, rejects it at Re defects, and refuses more scans once judged', async () => {
    const plan = samplingPlan(5, 'II', 1);
    expect(plan.rejectNumber).toBe(plan.acceptNumber + 1);
    const good = await sampledBatch({ units: 5, checkNumber: 2 });
    expect((await sampleUnit(good, good.imeis[0]!)).batch).toMatchObject({ checkCount: 1, verdict: 'PENDING' });
    expect((await sampleUnit(good, good.imeis[1]!)).batch).toMatchObject({ checkCount: 2, defectCount: 0, verdict: plan.acceptNumber >= 0 ? 'ACCEPT' : 'PENDING' });
    expectRefusal(await api.scanCall(good.checker.token, { imei: good.imeis[2]!, batchId: good.batchId } as UnitBody), 409, SM.batchJudged);

    // An other property judged 不合格 makes the sample defective and is named among its failures.
    const bad = await sampledBatch({ units: 5, checkNumber: 3 });
    const answer = await sampleUnit(bad, bad.imeis[0]!, { labelPass: false });
    expect(answer).toMatchObject({ testStatus: 'NOT_PASS', failures: ['铭牌清晰'] });
    expect(answer.batch).toMatchObject({ checkCount: 1, defectCount: 1, verdict: plan.rejectNumber === 1 ? 'REJECT' : 'PENDING' });
    // A DTU test failure alone is a defect too.
    const weak = await sampledBatch({ units: 5, checkNumber: 3 });
    const failed = await sampleUnit(weak, weak.imeis[0]!, { csq: 5 });
    expect(failed).toMatchObject({ testStatus: 'NOT_PASS', failures: ['信号质量'] });
  });

  it('takes the result of a sample left open when another terminal decided the batch', async () => {
    const fixture = await sampledBatch({ units: 5, checkNumber: 1 });
    const other = await api.padOf(fixture.taskId, { role: 'CHECK' });
    const imei = fixture.imeis[3]!;
    await api.scan(other.token, { imei, batchId: fixture.batchId } as UnitBody);
    expect((await sampleUnit(fixture, fixture.imeis[0]!)).batch).toMatchObject({ verdict: 'ACCEPT', checkCount: 1 });
    // nothing reported and no other property judged on it: all fail, and the verdict reached stays
    const body = api.resultBody({ imei });
    const late = await api.result(other.token, body);
    expect(late.testStatus).toBe('NOT_PASS');
    expect(late.failures).toEqual(expect.arrayContaining(['信号质量', '外壳无划痕', '铭牌清晰']));
    expect(late.batch).toMatchObject({ verdict: 'ACCEPT', checkCount: 2, defectCount: 1 });
    expect((await samplesOf(fixture.batchId)).map((sample) => sample.testStatus)).toEqual(['NOT_PASS', 'PASS']);
    // posted again: the stored answer, with the batch
    const replay = await api.result(other.token, body);
    expect(replay).toMatchObject({ replayed: true, testStatus: 'NOT_PASS', batch: { verdict: 'ACCEPT', checkCount: 2 } });
  });

  it('samples the batches of a finished task', async () => {
    const fixture = await sampledBatch({ status: 'FINISH' });
    expect((await sampleUnit(fixture, fixture.imeis[0]!)).testStatus).toBe('PASS');
    // production there is refused as before
    expectRefusal(await api.scanCall(fixture.pad.token, { imei: freshImei() }), 409, M.taskFinished);
  });

  it('refuses what a sampling terminal may not do, changing nothing', async () => {
    const fixture = await sampledBatch();
    const { taskId, checker, batchId, imeis, pad, others } = fixture;
    const before = await api.snapshot(taskId);
    const batchBefore = await batchRow(batchId);
    expectRefusal(await api.scanCall(checker.token, { imei: imeis[0]! }), 400, SM.batchRequired);
    const elsewhere = await sampledBatch();
    expectRefusal(await api.scanCall(checker.token, { imei: imeis[0]!, batchId: elsewhere.batchId } as UnitBody), 404, SM.batchUnknown);
    // a unit of the task not submitted, and a unit of another batch
    const unsubmitted = freshImei();
    await api.scan(pad.token, { imei: unsubmitted });
    const afterProduction = await api.snapshot(taskId);
    expectRefusal(await api.scanCall(checker.token, { imei: unsubmitted, batchId } as UnitBody), 409, SM.notInBatch(unsubmitted));
    expectRefusal(await api.scanCall(checker.token, { imei: elsewhere.imeis[0]!, batchId } as UnitBody), 409, SM.notInBatch(elsewhere.imeis[0]!));
    expectRefusal(
      await sampleCall(checker.token, { imei: imeis[0]!, batchId, otherResults: [{ propertyId: others.looks, actValue: 'x', pass: true }] }),
      409,
      SM.notSampled,
    );
    expectRefusal(await api.resultCall(checker.token, api.resultBody({ imei: imeis[0]! })), 409, M.notUnderTest);
    // a production PAD names no batch and judges no other property
    expectRefusal(await api.scanCall(pad.token, { imei: imeis[0]!, batchId } as UnitBody), 409, SM.samplingOnly);
    expectRefusal(
      await sampleCall(pad.token, { imei: imeis[0]!, batchId, otherResults: [{ propertyId: others.looks, actValue: 'x', pass: true }] }),
      409,
      SM.samplingOnly,
    );
    // the firmware changed after the submission: no more samples (升级固件后不支持抽检)
    await db().updateTable('dtu_task').set({ firmwareChangeTime: Date.now() }).where('id', '=', taskId).execute();
    expectRefusal(await api.scanCall(checker.token, { imei: imeis[0]!, batchId } as UnitBody), 409, SM.firmwareChanged);
    await db().updateTable('dtu_task').set({ firmwareChangeTime: null }).where('id', '=', taskId).execute();
    expect(await api.snapshot(taskId)).toEqual(afterProduction);
    expect(before.tests.length + 1).toBe(afterProduction.tests.length);

    await api.scan(checker.token, { imei: imeis[0]!, batchId } as UnitBody);
    const scanned = await api.snapshot(taskId);
    const notOther = await createOtherProperty(db(), fixture.dtu.dtuId, { property: '未检测', status: 0 });
    expectRefusal(
      await sampleCall(checker.token, {
        imei: imeis[0]!,
        batchId,
        otherResults: [
          { propertyId: others.looks, actValue: 'ok', pass: true },
          { propertyId: notOther, actValue: 'x', pass: true },
        ],
      }),
      400,
      SM.otherResultUnknown,
    );
    expectRefusal(await sampleCall(checker.token, { imei: imeis[0]!, batchId, otherResults: [] }), 400, SM.sampleResultsRequired);
    expectRefusal(
      await sampleCall(checker.token, { imei: imeis[0]!, batchId, otherResults: [{ propertyId: others.looks, actValue: 'x'.repeat(65), pass: true }] }),
      400,
      SM.actValueRule,
    );
    expect(await api.snapshot(taskId)).toEqual(scanned);
    const stored = await db().selectFrom('dtu_sample_value').innerJoin('dtu_test', 'dtu_test.id', 'dtu_sample_value.testId').select('dtu_sample_value.id').where('dtu_test.sampleBatchId', '=', batchId).execute();
    expect(stored).toEqual([]);
    expect(await batchRow(batchId)).toMatchObject({ checkCount: batchBefore.checkCount, verdict: 'PENDING' });
  });
});
