import { DTU_TASK_MSG as M } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dtuStationApi, freshImei, THREE_2_ONE_SPEC } from '../../../test/dtu-station-api.js';
import { createDtuTask } from '../../../test/factories/dtu-tasks.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { inTransaction } from '../../platform/db.js';
import { storeReport } from '../../platform/dtu-report-intake.js';

const PASSING = { CSQ: 24, ICCID: '89860012345678901234', VERSION: '1.0.0' };

describe.each(testDialects())('parts-check station: results on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuStationApi(
    () => t.app,
    () => t.admin,
  );
  const { db } = api;

  /** A unit scanned at the pad and reported with `content`. */
  async function unitWith(token: string, content: Record<string, unknown>, imei = freshImei()) {
    await api.scan(token, { imei });
    await api.report(token, { imei, content });
    return imei;
  }

  it('passes a unit whose every item and key test passes, and counts it', async () => {
    const { taskId, pad, dtu } = await api.taskWithPad();
    const imei = await unitWith(pad.token, PASSING);
    const answer = await api.result(pad.token, api.resultBody({ imei }));
    expect(answer).toMatchObject({ testStatus: 'PASS', failures: [], finishNumber: 1, replayed: false });
    expect(await api.testOf(taskId, imei)).toMatchObject({ id: answer.testId, testStatus: 'PASS', failures: '[]', terminalId: pad.terminalId, testerId: pad.worker.id });
    expect(Number((await api.testOf(taskId, imei))!.checkTime)).toBeGreaterThan(0);
    expect(await api.taskRow(taskId)).toMatchObject({ testedNumber: 1, finishNumber: 1 });
    expect(await api.claimsOf(dtu.dtuId)).toEqual([
      { code: 'ICCID', value: '89860012345678901234', testId: answer.testId },
      { code: 'UNIT', value: imei, testId: answer.testId },
    ]);
    expect((await api.unit(pad.token, { imei })).testStatus).toBe('PASS');
    // Judged once: a result of a unit already judged is refused.
    expectRefusal(await api.resultCall(pad.token, api.resultBody({ imei })), 409, M.notUnderTest);
  });

  it('fails a unit with a failing value, a missing value or an unconfirmed key test, naming each', async () => {
    const { taskId, pad } = await api.taskWithPad();
    const low = await unitWith(pad.token, { ...PASSING, CSQ: 3 });
    expect(await api.result(pad.token, api.resultBody({ imei: low }))).toMatchObject({ testStatus: 'NOT_PASS', failures: ['信号质量'], finishNumber: 0 });

    const missing = await unitWith(pad.token, { CSQ: 20, VERSION: '1.0.0' });
    const keys = [
      { code: 'POWER_LED', pass: true },
      { code: 'NET_LED', pass: false },
      { code: 'RESET_KEY', pass: true },
    ];
    expect(await api.result(pad.token, api.resultBody({ imei: missing }, 'THREE_2_ONE', { keyResults: keys }))).toMatchObject({
      testStatus: 'NOT_PASS',
      failures: ['ICCID', '网络指示灯', 'SIM卡座'],
    });
    expect(JSON.parse((await api.testOf(taskId, missing))!.failures!)).toEqual(['ICCID', '网络指示灯', 'SIM卡座']);
    expect(await api.taskRow(taskId)).toMatchObject({ testedNumber: 2, finishNumber: 0 });

    // The task's test firmware is VERSION's standard.
    const other = await api.taskWithPad({ testFirmwareVersion: '1.0.1' });
    const oldFirmware = await unitWith(other.pad.token, PASSING);
    expect((await api.result(other.pad.token, api.resultBody({ imei: oldFirmware }))).failures).toEqual(['固件版本']);
  });

  it('refuses a key test the DTU does not have, and a unit not under test, writing nothing', async () => {
    const { taskId, pad } = await api.taskWithPad();
    const imei = await unitWith(pad.token, PASSING);
    const before = await api.snapshot(taskId);
    expectRefusal(await api.resultCall(pad.token, api.resultBody({ imei }, 'THREE_2_ONE', { keyResults: [{ code: 'PAIR_KEY', pass: true }] })), 400, M.keyResultsUnknown);
    expectRefusal(await api.resultCall(pad.token, api.resultBody({ imei: freshImei() })), 409, M.notUnderTest);
    expectRefusal(await api.resultCall(pad.token, { imei, keyResults: [] } as never), 400, M.clientResultIdRequired);
    expect(await api.snapshot(taskId)).toEqual(before);
  });

  it('passes server verification only when the unit reported over MQTT during its test', async () => {
    const spec = { ...THREE_2_ONE_SPEC, auto: { ...THREE_2_ONE_SPEC.auto, SERVER_VERIFY: { name: '服务器校验', dataType: 'boolean', verifyRule: 'EQUAL' as const, aimValue: null, aimBooleanValue: 1 } } };
    const { taskId, pad } = await api.taskWithPad({ spec });
    // The station's reports are not the unit's own; nor is a SERVER_VERIFY the unit claims.
    const unverified = await unitWith(pad.token, { ...PASSING, SERVER_VERIFY: true });
    expect((await api.unit(pad.token, { imei: unverified })).values.find((value) => value.code === 'SERVER_VERIFY')).toMatchObject({ value: null, pass: null });
    expect(await api.result(pad.token, api.resultBody({ imei: unverified }))).toMatchObject({ testStatus: 'NOT_PASS', failures: ['服务器校验'] });
    const stored = await api.valuesOf((await api.testOf(taskId, unverified))!.id);
    expect(stored.find((value) => value.code === 'SERVER_VERIFY')).toMatchObject({ kind: 'AUTO', value: 'false', pass: 0 });

    // The failed unit keeps its ICCID: the next one has its own.
    const verified = await unitWith(pad.token, { ...PASSING, ICCID: '89860012345678901235' });
    await inTransaction(t.app.db, (tx) =>
      storeReport(tx, { unitCode: verified, source: 'MQTT', payload: JSON.stringify({ CSQ: 25 }), receiveTime: Date.now(), terminalId: null }),
    );
    expect((await api.unit(pad.token, { imei: verified })).values.find((value) => value.code === 'SERVER_VERIFY')).toMatchObject({ value: 'true', pass: true });
    expect(await api.result(pad.token, api.resultBody({ imei: verified }))).toMatchObject({ testStatus: 'PASS', failures: [] });
  });

  it('refuses a unique value another unit holds in a task without duplicates, writing nothing', async () => {
    const { taskId, pad } = await api.taskWithPad();
    const first = await unitWith(pad.token, PASSING);
    await api.result(pad.token, api.resultBody({ imei: first }));
    const second = await unitWith(pad.token, { ...PASSING, ICCID: PASSING.ICCID.toLowerCase() + ' ' });
    expect((await api.unit(pad.token, { imei: second })).values.find((value) => value.code === 'ICCID')).toMatchObject({ duplicate: true, pass: true });
    const before = await api.snapshot(taskId);
    expectRefusal(await api.resultCall(pad.token, api.resultBody({ imei: second })), 409, M.duplicateValue('ICCID', PASSING.ICCID));
    expect(await api.snapshot(taskId)).toEqual(before);
  });

  it('lets a task with duplicates take a unique value over', async () => {
    const { pad, dtu } = await api.taskWithPad();
    const first = await unitWith(pad.token, PASSING);
    await api.result(pad.token, api.resultBody({ imei: first }));
    const rework = await createDtuTask(db(), { dtuId: dtu.dtuId, reworkTask: true });
    const reworkPad = await api.padOf(rework);
    const second = await unitWith(reworkPad.token, PASSING);
    const answer = await api.result(reworkPad.token, api.resultBody({ imei: second }));
    expect(answer.testStatus).toBe('PASS');
    expect((await api.claimsOf(dtu.dtuId)).find((claim) => claim.code === 'ICCID')).toMatchObject({ testId: answer.testId });
  });

  it('stores a result once per clientResultId and answers the stored one again', async () => {
    const { taskId, pad } = await api.taskWithPad();
    const imei = await unitWith(pad.token, PASSING);
    const body = api.resultBody({ imei });
    const first = await api.result(pad.token, body);
    const again = await api.result(pad.token, body);
    expect(again).toEqual({ ...first, replayed: true });
    // Even once the task is stopped, the stored answer comes back.
    await db().updateTable('dtu_task').set({ status: 'STOP' }).where('id', '=', taskId).execute();
    expect(await api.result(pad.token, body)).toEqual({ ...first, replayed: true });
    expect(await api.taskRow(taskId)).toMatchObject({ testedNumber: 1, finishNumber: 1 });
    expectRefusal(await api.resultCall(pad.token, api.resultBody({ imei })), 409, M.taskStopped);
  });

  it('passes one of two units posted at once with the same unique value, refusing the other', async () => {
    const { taskId, pad } = await api.taskWithPad();
    const other = await api.padOf(taskId);
    const a = await unitWith(pad.token, PASSING);
    const b = await unitWith(other.token, PASSING);
    const answers = await Promise.all([api.resultCall(pad.token, api.resultBody({ imei: a })), api.resultCall(other.token, api.resultBody({ imei: b }))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().errorMsg).toBe(M.duplicateValue('ICCID', PASSING.ICCID));
    expect(await api.taskRow(taskId)).toMatchObject({ testedNumber: 1, finishNumber: 1 });
    const stored = await db().selectFrom('dtu_test').select('testStatus').where('taskId', '=', taskId).where('testStatus', 'is not', null).execute();
    expect(stored).toEqual([{ testStatus: 'PASS' }]);
  });

  it('passes one of two units of two tasks of the model posted at once with the same unique value', async () => {
    const { taskId, pad, dtu } = await api.taskWithPad();
    const otherTask = await createDtuTask(db(), { dtuId: dtu.dtuId });
    const otherPad = await api.padOf(otherTask);
    const a = await unitWith(pad.token, PASSING);
    const b = await unitWith(otherPad.token, PASSING);
    const answers = await Promise.all([api.resultCall(pad.token, api.resultBody({ imei: a })), api.resultCall(otherPad.token, api.resultBody({ imei: b }))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().errorMsg).toBe(M.duplicateValue('ICCID', PASSING.ICCID));
    const passed = await db().selectFrom('dtu_test').select('taskId').where('taskId', 'in', [taskId, otherTask]).where('testStatus', '=', 'PASS').execute();
    expect(passed).toHaveLength(1);
  });

  it('judges a bluetooth unit on its serial values too', async () => {
    const dtu = await api.dtuWith({
      communicationType: 'bluetooth',
      auto: { RSSI: { name: '信号强度', dataType: 'int', verifyRule: 'RANGE', aimValue: null, minValue: '-80', maxValue: '-20' } },
      serial: { BAUD_RATE: { aimValue: '9600' } },
    });
    const taskId = await createDtuTask(db(), { dtuId: dtu.dtuId });
    const pad = await api.padOf(taskId);
    const serialPad = await api.padOf(taskId, { role: 'SERIAL' });
    const mac = 'AA:BB:CC:00:11:22';
    await api.scan(pad.token, { mac });
    await api.report(pad.token, { mac, content: { RSSI: -50 } });
    expect(await api.result(pad.token, api.resultBody({ mac }, 'bluetooth'))).toMatchObject({ testStatus: 'NOT_PASS', failures: ['串口波特率'] });

    const good = 'AA:BB:CC:00:11:23';
    await api.scan(pad.token, { mac: good });
    await api.report(pad.token, { mac: good, content: { RSSI: -50 } });
    const unit = await api.report(serialPad.token, { mac: good, content: { BAUD_RATE: '9600.0' } });
    expect(unit!.values.find((value) => value.code === 'BAUD_RATE')).toMatchObject({ kind: 'SERIAL', pass: true });
    expect(await api.result(pad.token, api.resultBody({ mac: good }, 'bluetooth'))).toMatchObject({ testStatus: 'PASS' });
  });
});
