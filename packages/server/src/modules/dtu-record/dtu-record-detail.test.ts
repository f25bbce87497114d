import { AUTO_CATALOGUE, MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dtuRecordApi } from '../../../test/dtu-record-api.js';
import { createDtuTestValue } from '../../../test/factories/dtu-tasks.js';
import { createAutoProperty, createDtu, createSerialProperty } from '../../../test/factories/dtus.js';
import { createLine } from '../../../test/factories/lines.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('a DTU device record’s detail on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuRecordApi(t);
  const { db, detail, detailRaw, taskWith, testOf } = api;

  it('shows a cellular unit by section: base values, key tests, automatic properties with standards, and its major/minor', async () => {
    const dtuId = await createDtu(db(), { communicationType: 'THREE_2_ONE' });
    const auto = async (code: string, options: Parameters<typeof createAutoProperty>[2]) => createAutoProperty(db(), dtuId, { code, status: 1, ...options });
    await auto('CSQ', { name: '信号质量', dataType: 'int', verifyRule: 'RANGE', aimValue: null, minValue: '10', maxValue: '31', description: '蜂窝信号' });
    await auto('ICCID', { name: 'ICCID', dataType: 'string', verifyRule: null, aimValue: null, unique: true });
    await auto('VERSION', { name: '固件版本', dataType: 'string', verifyRule: 'EQUAL', aimValue: '1.0.0' });
    await auto('SERVER_VERIFY', { name: '服务器校验', dataType: 'boolean', verifyRule: 'EQUAL', aimValue: null, aimBooleanValue: 1 });
    await auto('VOLTAGE', { name: '供电电压', dataType: 'float', verifyRule: 'RANGE', aimValue: null, minValue: '3.0', maxValue: '3.6' });
    // not under test: not shown
    await auto('IMSI', { name: 'IMSI', dataType: 'string', status: 0 });
    const { taskId, padId } = await taskWith({ dtuId, testFirmwareVersion: '2.0.1', needExcel: true, padName: '检测台B' });
    const testId = await testOf(taskId, padId, {
      unitCode: '861234567899991',
      serverVerified: true,
      testStatus: 'NOT_PASS',
      failures: ['供电电压', '网络指示灯'],
    });
    await db().updateTable('dtu_test').set({ keyResults: JSON.stringify([{ code: 'POWER_LED', pass: true }, { code: 'NET_LED', pass: false }]) }).where('id', '=', testId).execute();
    await createDtuTestValue(db(), testId, { kind: 'AUTO', code: 'CSQ', value: '20', pass: true });
    await createDtuTestValue(db(), testId, { kind: 'AUTO', code: 'ICCID', value: '89860000000000000001', pass: true });
    await createDtuTestValue(db(), testId, { kind: 'AUTO', code: 'VERSION', value: '2.0.1', pass: true });
    await createDtuTestValue(db(), testId, { kind: 'BASE', code: 'MAC', value: 'AA:BB:CC:DD:EE:FF' });
    await createDtuTestValue(db(), testId, { kind: 'BASE', code: 'SSID', value: 'factory' });
    await createDtuTestValue(db(), testId, { kind: 'BASE', code: 'FOO', value: null });
    // another unit of the model holds the ICCID (a task allowing duplicates let it through)
    const other = await taskWith({ dtuId });
    const holder = await testOf(other.taskId, other.padId);
    await db().insertInto('dtu_unique_value').values({ dtuId, code: 'ICCID', value: '89860000000000000001', testId: holder }).execute();
    await db().insertInto('dtu_task_excel_row').values({ taskId, rowNo: 2, major: 1001, minor: 7, testId }).execute();

    const shown = await detail(testId);
    expect(shown.record).toMatchObject({ id: testId, taskId, imei: '861234567899991', testStatus: 'NOT_PASS', terminalName: '检测台B', failures: ['供电电压', '网络指示灯'] });
    expect(shown.basePropList).toEqual([
      { propName: '蓝牙MAC', code: 'MAC', reportVal: 'AA:BB:CC:DD:EE:FF' },
      { propName: '连接热点', code: 'SSID', reportVal: 'factory' },
      { propName: 'FOO', code: 'FOO', reportVal: '' },
    ]);
    expect(shown.buttonPropList).toEqual([
      { propName: '电源指示灯', checkCmd: '上电后电源指示灯常亮', checkResult: true },
      { propName: '网络指示灯', checkCmd: '入网后网络指示灯慢闪', checkResult: false },
      { propName: '复位按键', checkCmd: '按下复位键，设备重启后指示灯重新闪烁', checkResult: null },
      { propName: 'SIM卡座', checkCmd: '插拔SIM卡，卡座弹片正常', checkResult: null },
    ]);
    expect(shown.serialPropList).toEqual([]);
    const catalogue = (code: string) => AUTO_CATALOGUE.THREE_2_ONE.find((item) => item.code === code)!.description;
    expect(shown.autoPropList).toEqual([
      { reportValue: '20', checkResult: true, duplicate: false, autoPropEntity: { name: '信号质量', code: 'CSQ', description: '蜂窝信号', standard: '10 ~ 31' } },
      {
        reportValue: '89860000000000000001',
        checkResult: true,
        duplicate: true,
        autoPropEntity: { name: 'ICCID', code: 'ICCID', description: catalogue('ICCID'), standard: '唯一' },
      },
      // the task's test firmware is VERSION's standard
      { reportValue: '2.0.1', checkResult: true, duplicate: false, autoPropEntity: { name: '固件版本', code: 'VERSION', description: catalogue('VERSION'), standard: '2.0.1' } },
      // the server's own mark until the result stores it
      { reportValue: 'true', checkResult: true, duplicate: false, autoPropEntity: { name: '服务器校验', code: 'SERVER_VERIFY', description: catalogue('SERVER_VERIFY'), standard: '是' } },
      // nothing reported: no value, failed
      { reportValue: null, checkResult: false, duplicate: false, autoPropEntity: { name: '供电电压', code: 'VOLTAGE', description: catalogue('VOLTAGE'), standard: '3.0 ~ 3.6 V' } },
    ]);
    expect(shown.majorMinor).toEqual({ major: 1001, minor: 7 });

    // the holder's own claim is no duplicate of itself; SERVER_VERIFY as the result stored it wins over the mark
    await createDtuTestValue(db(), holder, { kind: 'AUTO', code: 'ICCID', value: '89860000000000000001', pass: true });
    await createDtuTestValue(db(), holder, { kind: 'AUTO', code: 'SERVER_VERIFY', value: 'false', pass: false });
    const holderShown = await detail(holder);
    expect(holderShown.autoPropList.find((row) => row.autoPropEntity.code === 'ICCID')).toMatchObject({ duplicate: false });
    expect(holderShown.autoPropList.find((row) => row.autoPropEntity.code === 'SERVER_VERIFY')).toMatchObject({ reportValue: 'false', checkResult: false });
    expect(holderShown.majorMinor).toBeNull();
    expect(holderShown.buttonPropList.every((row) => row.checkResult === null)).toBe(true);
  });

  it('shows a bluetooth unit’s serial properties under test, each with its latest value or none', async () => {
    const dtuId = await createDtu(db(), { communicationType: 'bluetooth' });
    await createSerialProperty(db(), dtuId, { code: 'SERIAL_LOOPBACK', verifyRule: 'EQUAL', aimValue: 'OK', status: 1 });
    await createSerialProperty(db(), dtuId, { code: 'BLE_RSSI', verifyRule: 'RANGE', status: 1 });
    await createSerialProperty(db(), dtuId, { code: 'BAUD_RATE', status: 0 });
    await createAutoProperty(db(), dtuId, { code: 'MAC', name: '蓝牙MAC', dataType: 'string', verifyRule: null, aimValue: null, unique: true, status: 1 });
    const { taskId, padId } = await taskWith({ dtuId });
    const testId = await testOf(taskId, padId, { unitCode: 'AA:BB:CC:00:00:09', testStatus: null });
    await createDtuTestValue(db(), testId, { kind: 'SERIAL', code: 'SERIAL_LOOPBACK', value: 'OK', pass: true });
    await createDtuTestValue(db(), testId, { kind: 'AUTO', code: 'MAC', value: 'aa:bb:cc:00:00:09', pass: true });
    await db().insertInto('dtu_unique_value').values({ dtuId, code: 'MAC', value: 'AA:BB:CC:00:00:09', testId }).execute();

    const shown = await detail(testId);
    expect(shown.record).toMatchObject({ imei: '', mac: 'AA:BB:CC:00:00:09', testStatus: null });
    expect(shown.serialPropList).toEqual([
      {
        reportValue: 'OK',
        checkResult: true,
        dtuSerialCheckInformaitonEntity: { name: '串口回环', code: 'SERIAL_LOOPBACK', verifyRule: 'EQUAL', minValue: null, maxValue: null, aimValue: 'OK' },
      },
      {
        reportValue: null,
        checkResult: false,
        dtuSerialCheckInformaitonEntity: { name: '蓝牙信号强度', code: 'BLE_RSSI', verifyRule: 'RANGE', minValue: '-80', maxValue: '-20', aimValue: null },
      },
    ]);
    expect(shown.autoPropList).toEqual([
      { reportValue: 'aa:bb:cc:00:00:09', checkResult: true, duplicate: false, autoPropEntity: expect.objectContaining({ code: 'MAC', standard: '唯一' }) },
    ]);
    expect(shown.buttonPropList.map((row) => row.propName)).toEqual(['电源指示灯', '配对按键', '复位按键']);
    expect(shown.basePropList).toEqual([]);
  });

  it('answers 404 for a record out of scope, of a deleted task, or missing', async () => {
    const { taskId, padId, productLineId } = await taskWith();
    const testId = await testOf(taskId, padId);
    expect((await detail(testId)).record.id).toBe(testId);
    const stranger = await api.tenant();
    expectRefusal(await detailRaw(testId, stranger.token), 404, MSG.recordNotFound);
    const elsewhere = await api.lineUser([await createLine(db())]);
    expectRefusal(await detailRaw(testId, elsewhere.token), 404, MSG.recordNotFound);
    const tied = await api.lineUser([productLineId]);
    expect((await detail(testId, tied.token)).record.id).toBe(testId);
    expectRefusal(await detailRaw(999_999), 404, MSG.recordNotFound);
    await db().updateTable('dtu_task').set({ deleted: 1 }).where('id', '=', taskId).execute();
    expectRefusal(await detailRaw(testId), 404, MSG.recordNotFound);
  });
});
