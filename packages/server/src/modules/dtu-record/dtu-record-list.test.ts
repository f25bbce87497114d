import { MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dtuRecordApi, planOf } from '../../../test/dtu-record-api.js';
import { createDtu } from '../../../test/factories/dtus.js';
import { createLine } from '../../../test/factories/lines.js';
import { QueryCapture } from '../../../test/query-capture.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { formatTime } from '../../platform/time.js';
import { testPage } from './dtu-record.repository.js';
import { toRecords } from './dtu-record-views.js';

describe.each(testDialects())('DTU device records (设备检测) on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuRecordApi(t);
  const { db, list, listRaw, taskWith, testOf } = api;
  const ids = (page: { list: { id: number }[] }) => page.list.map((row) => row.id);

  it('lists a task’s records newest first, units under test included, in the record’s shape', async () => {
    const { taskId, padId } = await taskWith({ fittingType: '一号任务', padName: '检测台A' });
    const start = Date.UTC(2025, 2, 1, 2, 0, 0);
    const passed = await testOf(taskId, padId, { unitCode: '861234567890001', startTime: start, checkTime: start + 95_400 });
    const failed = await testOf(taskId, padId, {
      unitCode: '861234567890002',
      mac: 'AA:BB:CC:DD:EE:02',
      startTime: start + 1000,
      testStatus: 'NOT_PASS',
      failures: ['信号质量', '复位按键'],
      serverVerified: true,
    });
    const testing = await testOf(taskId, padId, { unitCode: '861234567890003', startTime: start + 2000, testStatus: null, testerId: null });
    // another task's record stays out
    const other = await taskWith();
    await testOf(other.taskId, other.padId);

    const page = await list({ taskId });
    expect(page).toMatchObject({ total: 3, pageSize: 10, pageNum: 1 });
    expect(ids(page)).toEqual([testing, failed, passed]);
    const zone = t.config.timeZone;
    expect(page.list[2]).toEqual({
      id: passed,
      taskId,
      imei: '861234567890001',
      mac: '',
      startTime: formatTime(start, zone),
      checkTime: formatTime(start + 95_400, zone),
      productTime: 95,
      testStatus: 'PASS',
      manageStatus: 'UNSUBMIT',
      uname: 'admin',
      terminalName: '检测台A',
      taskFittingType: '一号任务',
      batchTime: null,
      serverVerified: false,
      failures: [],
    });
    expect(page.list[1]).toMatchObject({ testStatus: 'NOT_PASS', mac: 'AA:BB:CC:DD:EE:02', failures: ['信号质量', '复位按键'], serverVerified: true, productTime: 60 });
    expect(page.list[0]).toMatchObject({ testStatus: null, checkTime: null, productTime: null, uname: null, terminalName: '检测台A' });
  });

  it('filters by result, submit status and IMEI or MAC (contains, any case), and pages', async () => {
    const { taskId, padId } = await taskWith();
    const a = await testOf(taskId, padId, { unitCode: '861111111111111', mac: 'AA:BB:CC:00:00:01' });
    const b = await testOf(taskId, padId, { unitCode: '862222222222222', testStatus: 'NOT_PASS', manageStatus: 'SUBMIT' });
    const c = await testOf(taskId, padId, { unitCode: 'AC:DE:48:00:11:22', testStatus: null });
    expect(ids(await list({ taskId, testStatus: 'PASS' }))).toEqual([a]);
    expect(ids(await list({ taskId, testStatus: 'NOT_PASS' }))).toEqual([b]);
    expect(ids(await list({ taskId, testStatus: '' }))).toEqual([c, b, a]);
    expect(ids(await list({ taskId, manageStatus: 'SUBMIT' }))).toEqual([b]);
    expect(ids(await list({ taskId, manageStatus: 'UNSUBMIT' }))).toEqual([c, a]);
    // the unit code, the IMEI and the other MAC, typed in lower case
    expect(ids(await list({ taskId, mac: '2222' }))).toEqual([b]);
    expect(ids(await list({ taskId, mac: 'ac:de' }))).toEqual([c]);
    expect(ids(await list({ taskId, mac: 'aa:bb:cc' }))).toEqual([a]);
    expect(ids(await list({ taskId, mac: '%' }))).toEqual([]);
    expect(await list({ taskId, pageSize: 2, page: 2 })).toMatchObject({ total: 3, pageSize: 2, pageNum: 2, list: [{ id: a }] });
    expect(ids(await list({ taskId, pageSize: 0 }))).toEqual([c, b, a]);
    expect((await listRaw({ taskId, testStatus: 'DONE' })).statusCode).toBe(400);
  });

  it('answers 404 for a task out of scope: another tenant’s, a deleted one, one of lines the user is not tied to', async () => {
    const { taskId, productLineId } = await taskWith();
    const aimLineId = await createLine(db());
    const aimed = await taskWith({ aimLineId });
    const stranger = await api.tenant();
    expectRefusal(await listRaw({ taskId }, stranger.token), 404, MSG.recordNotFound);
    const deleted = await taskWith({ deleted: true });
    expectRefusal(await listRaw({ taskId: deleted.taskId }), 404, MSG.recordNotFound);
    expectRefusal(await listRaw({ taskId: 999_999 }), 404, MSG.recordNotFound);

    const elsewhere = await api.lineUser([await createLine(db())]);
    expectRefusal(await listRaw({ taskId }, elsewhere.token), 404, MSG.recordNotFound);
    const tied = await api.lineUser([productLineId, aimLineId]);
    expect((await list({ taskId }, tied.token)).total).toBe(0);
    // a task made for the user's line (目标客户) is the user's too
    expect((await list({ taskId: aimed.taskId }, tied.token)).total).toBe(0);

    const theirs = await taskWith({ ownerId: stranger.id, dtuId: await createDtu(db(), { ownerId: stranger.id }) });
    await testOf(theirs.taskId, theirs.padId);
    expect((await list({ taskId: theirs.taskId }, stranger.token)).total).toBe(1);
    expectRefusal(await listRaw({ taskId: theirs.taskId }, tied.token), 404, MSG.recordNotFound);
  });

  it('reads a page in one query by the task’s index and two lookups for the names', async () => {
    const { taskId, padId } = await taskWith();
    const capture = new QueryCapture();
    const captured = capture.watch(db());
    const read = async () => {
      capture.clear();
      const { rows } = await testPage(captured, taskId, {}, { page: 1, pageSize: 50 });
      await toRecords(captured, rows, { fittingType: 'x', testFirmwareVersion: '' }, t.config.timeZone);
      return capture.statements.length;
    };
    await testOf(taskId, padId);
    const one = await read();
    for (let index = 0; index < 5; index++) await testOf(taskId, await api.taskWith().then((other) => other.padId));
    expect(await read()).toBe(one);
    expect(one).toBe(4);
    expect(await planOf(db(), dialect, (trx) => testPage(trx, taskId, { testStatus: 'PASS', mac: '86' }, { page: 2, pageSize: 10 }))).toMatch(/dtu_test_task/);
  });
});
