import { DTU_TASK_MSG, MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dtuRecordApi, planOf } from '../../../test/dtu-record-api.js';
import { createDtu } from '../../../test/factories/dtus.js';
import { createLine } from '../../../test/factories/lines.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { latestTestOfUnit } from './dtu-record.repository.js';

describe.each(testDialects())('finding a unit’s task and the production board on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuRecordApi(t);
  const { db, find, findRaw, watchCount, watchCountRaw, taskWith, testOf } = api;
  const hour = 3_600_000;

  it('finds the latest task of the DTU that tested a unit, by IMEI or MAC in any case', async () => {
    const dtuId = await createDtu(db());
    const first = await taskWith({ dtuId });
    const rework = await taskWith({ dtuId, reworkTask: true });
    const now = Date.now();
    const older = await testOf(first.taskId, first.padId, { unitCode: '861234500000001', mac: 'AA:BB:CC:DD:EE:01', startTime: now - 2 * hour });
    const newer = await testOf(rework.taskId, rework.padId, { unitCode: '861234500000001', mac: 'AA:BB:CC:DD:EE:01', startTime: now - hour });
    expect(await find(dtuId, '861234500000001')).toEqual({ id: rework.taskId, reworkTask: true, taskDetailId: newer });
    // the Bluetooth MAC a THREE_2_ONE unit reported, typed in lower case with spaces around
    expect(await find(dtuId, ' aa:bb:cc:dd:ee:01 ')).toEqual({ id: rework.taskId, reworkTask: true, taskDetailId: newer });

    // a user tied to the first task's line only finds that one
    const tied = await api.lineUser([first.productLineId]);
    expect(await find(dtuId, '861234500000001', tied.token)).toEqual({ id: first.taskId, reworkTask: false, taskDetailId: older });
    expectRefusal(await findRaw(dtuId, '861234500000001', (await api.lineUser([await createLine(db())])).token), 404, DTU_TASK_MSG.macNotFound);

    // a deleted task's record is not found
    await db().updateTable('dtu_task').set({ deleted: 1 }).where('id', '=', rework.taskId).execute();
    expect((await find(dtuId, '861234500000001')).taskDetailId).toBe(older);
  });

  it('finds a bluetooth unit by its MAC typed in lower case', async () => {
    const dtuId = await createDtu(db(), { communicationType: 'bluetooth' });
    const { taskId, padId } = await taskWith({ dtuId });
    const testId = await testOf(taskId, padId, { unitCode: 'AC:DE:48:00:11:22', testStatus: null });
    expect(await find(dtuId, 'ac:de:48:00:11:22')).toEqual({ id: taskId, reworkTask: false, taskDetailId: testId });
  });

  it('answers 404 with its message for a unit no task of the DTU tested, 404 for another tenant’s DTU, 400 without a code', async () => {
    const dtuId = await createDtu(db());
    const other = await taskWith();
    await testOf(other.taskId, other.padId, { unitCode: '869999900000001' });
    // tested, but for another DTU model
    expectRefusal(await findRaw(dtuId, '869999900000001'), 404, DTU_TASK_MSG.macNotFound);
    expectRefusal(await findRaw(dtuId, 'AB:CD'), 404, DTU_TASK_MSG.macNotFound);
    expectRefusal(await findRaw(other.dtuId, '869999900000001', (await api.tenant()).token), 404, MSG.recordNotFound);
    expectRefusal(await findRaw(dtuId, '  '), 400, DTU_TASK_MSG.unitRequired);
  });

  it('finds a unit by the indexes of its codes', async () => {
    const { dtuId } = await taskWith();
    const plan = await planOf(db(), dialect, (reader) => latestTestOfUnit(reader, { ownerId: null, lineIds: null }, dtuId, 'AA:BB'));
    for (const index of ['dtu_test_code', 'dtu_test_imei', 'dtu_test_mac']) expect(plan).toContain(index);
  });

  it('counts the board’s figures: the pace from the first scan to the last result over the units tested', async () => {
    const start = Date.UTC(2025, 5, 1, 1, 0, 0);
    const { taskId, padId } = await taskWith({ productionNumber: 10, testedNumber: 3, finishNumber: 2 });
    await testOf(taskId, padId, { startTime: start, checkTime: start + 60_000 });
    await testOf(taskId, padId, { startTime: start + 100_000, checkTime: start + 160_000 });
    await testOf(taskId, padId, { startTime: start + 200_000, checkTime: start + 290_000, testStatus: 'NOT_PASS' });
    // under test: its scan is later than the last result and counts for nothing yet
    await testOf(taskId, padId, { startTime: start + 300_000, testStatus: null });
    const pace = Math.round((290 / 3) * 100) / 100;
    expect(await watchCount(taskId)).toEqual({ total: 10, finished: 2, timePerProduction: pace, timeToFinish: Math.round(pace * 8 * 100) / 100 });
  });

  it('answers zeros before any result, and no time to finish once the total is reached', async () => {
    const waiting = await taskWith({ productionNumber: 5 });
    await testOf(waiting.taskId, waiting.padId, { testStatus: null });
    expect(await watchCount(waiting.taskId)).toEqual({ total: 5, finished: 0, timePerProduction: 0, timeToFinish: 0 });

    const start = Date.UTC(2025, 5, 1, 1, 0, 0);
    const done = await taskWith({ productionNumber: 2, testedNumber: 3, finishNumber: 3 });
    for (let index = 0; index < 3; index++) await testOf(done.taskId, done.padId, { startTime: start + index * 10_000, checkTime: start + (index + 1) * 10_000 });
    expect(await watchCount(done.taskId)).toEqual({ total: 2, finished: 3, timePerProduction: 10, timeToFinish: 0 });
  });

  it('answers 404 for the board of a task out of scope', async () => {
    const { taskId } = await taskWith();
    expectRefusal(await watchCountRaw(taskId, (await api.tenant()).token), 404, MSG.recordNotFound);
    expectRefusal(await watchCountRaw(taskId, (await api.lineUser([await createLine(db())])).token), 404, MSG.recordNotFound);
    expectRefusal(await watchCountRaw(999_999), 404, MSG.recordNotFound);
  });
});
