import { DTU_TASK_MSG, MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dtuRecordApi } from '../../../test/dtu-record-api.js';
import { createDtuReport, createDtuTestValue } from '../../../test/factories/dtu-tasks.js';
import { createLine } from '../../../test/factories/lines.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('deleting a DTU device record on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuRecordApi(t);
  const { db, remove, taskWith, testOf, taskRow } = api;

  const rowsOf = async (testId: number) => ({
    test: await db().selectFrom('dtu_test').select('id').where('id', '=', testId).executeTakeFirst(),
    values: await db().selectFrom('dtu_test_value').select('code').where('testId', '=', testId).execute(),
    claims: await db().selectFrom('dtu_unique_value').select('code').where('testId', '=', testId).execute(),
    excel: await db().selectFrom('dtu_task_excel_row').select(['rowNo', 'testId']).where('rowNo', '=', 2).where('testId', '=', testId).execute(),
    reports: await db().selectFrom('dtu_report').select('id').where('testId', '=', testId).execute(),
  });

  it('deletes the record with its values and claims, frees its Excel row, keeps its reports and recounts the task', async () => {
    // counters out of step on purpose: the delete counts them again from the records
    const { taskId, padId, dtuId } = await taskWith({ needExcel: true, testedNumber: 9, finishNumber: 9 });
    const gone = await testOf(taskId, padId, { unitCode: '861000000000001' });
    await testOf(taskId, padId, { unitCode: '861000000000002' });
    await testOf(taskId, padId, { unitCode: '861000000000003', testStatus: 'NOT_PASS' });
    await testOf(taskId, padId, { unitCode: '861000000000004', testStatus: null });
    await createDtuTestValue(db(), gone, { kind: 'AUTO', code: 'CSQ', value: '20', pass: true });
    await createDtuTestValue(db(), gone, { kind: 'BASE', code: 'IMSI', value: '460001' });
    await db().insertInto('dtu_unique_value').values([{ dtuId, code: 'UNIT', value: '861000000000001', testId: gone }, { dtuId, code: 'ICCID', value: '8986', testId: gone }]).execute();
    await db().insertInto('dtu_task_excel_row').values({ taskId, rowNo: 2, major: 1, minor: 1, testId: gone }).execute();
    await createDtuReport(db(), '861000000000001', { CSQ: 20 }, { dtuId, taskId, testId: gone });
    expect((await rowsOf(gone)).values).toHaveLength(2);

    expect(dataOf(await remove(gone))).toBeNull();
    const after = await rowsOf(gone);
    expect(after).toMatchObject({ test: undefined, values: [], claims: [], excel: [] });
    expect(after.reports).toHaveLength(1);
    expect(await db().selectFrom('dtu_task_excel_row').select('testId').where('taskId', '=', taskId).execute()).toEqual([{ testId: null }]);
    expect(await taskRow(taskId)).toMatchObject({ testedNumber: 2, finishNumber: 1 });
    expect((await api.list({ taskId })).total).toBe(3);
    expect((await lastSuccessLog(t.app, PATHS.dtuTaskCheckinfoDelete))?.summary).toBe(`删除设备检测记录 861000000000001 (DTU任务 #${taskId})`);
    // deleted is gone
    expectRefusal(await remove(gone), 404, MSG.recordNotFound);
  });

  it('refuses a submitted record and changes nothing', async () => {
    const { taskId, padId } = await taskWith({ testedNumber: 1, finishNumber: 1 });
    const submitted = await testOf(taskId, padId, { manageStatus: 'SUBMIT' });
    await createDtuTestValue(db(), submitted, { kind: 'AUTO', code: 'CSQ', value: '20', pass: true });
    const before = { task: await taskRow(taskId), rows: await rowsOf(submitted) };
    expectRefusal(await remove(submitted), 409, DTU_TASK_MSG.deviceSubmitted);
    expect({ task: await taskRow(taskId), rows: await rowsOf(submitted) }).toEqual(before);
  });

  it('answers 404 for a record out of scope and leaves it', async () => {
    const { taskId, padId, productLineId } = await taskWith();
    const testId = await testOf(taskId, padId);
    const stranger = await api.tenant();
    expectRefusal(await remove(testId, stranger.token), 404, MSG.recordNotFound);
    const elsewhere = await api.lineUser([await createLine(db())]);
    expectRefusal(await remove(testId, elsewhere.token), 404, MSG.recordNotFound);
    expect((await rowsOf(testId)).test).toEqual({ id: testId });
    const tied = await api.lineUser([productLineId]);
    expect(dataOf(await remove(testId, tied.token))).toBeNull();
    expect((await rowsOf(testId)).test).toBeUndefined();
    expect((await api.postForm(PATHS.dtuTaskCheckinfoDelete, t.admin, { id: 'x' })).statusCode).toBe(400);
  });
});
