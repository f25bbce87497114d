import { DTU_SUBMISSION_MSG as SM, DTU_TASK_MSG as M, MENUS, PATHS, REPORT_JOIN_WINDOW_MS, STATION_MSG, TERMINAL_STATUS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dtuStationApi, freshImei, freshMac } from '../../../test/dtu-station-api.js';
import { createDtuReport, createDtuTask, createDtuTest, createLine, createTerminal } from '../../../test/factories/index.js';
import { createWorker } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('parts-check station: assignment, scan and reports on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuStationApi(
    () => t.app,
    () => t.admin,
  );
  const { db } = api;

  describe('menus', () => {
    it('signs in a PAD user holding only 配件检测; the overall check then answers 403, logout still works', async () => {
      const { taskId } = await api.taskWithPad();
      const pad = await api.padOf(taskId, { grants: [MENUS.padPartsCheck] });
      expect((await api.assignment(pad.token))?.taskId).toBe(taskId);
      expectRefusal(await api.get(PATHS.stationAssignment, pad.token), 403, STATION_MSG.noAppPermission('整机检测'));
      expectRefusal(await api.get(PATHS.stationLastTask, pad.token), 403, STATION_MSG.noAppPermission('整机检测'));
      expect(api.ok(await api.post(PATHS.stationLogout, pad.token))).toBeNull();
    });

    it('keeps 配件检测 from a user holding only 整机检测, whose overall check still works', async () => {
      const { taskId } = await api.taskWithPad();
      const pad = await api.padOf(taskId, { grants: [MENUS.padOverallCheck] });
      expectRefusal(await api.get(PATHS.stationDtuAssignment, pad.token), 403, STATION_MSG.noAppPermission('配件检测'));
      expectRefusal(await api.scanCall(pad.token, { imei: freshImei() }), 403, STATION_MSG.noAppPermission('配件检测'));
      expect(api.ok(await api.get(PATHS.stationAssignment, pad.token))).toBeNull();
    });

    it('refuses a user holding neither PAD APP menu at sign-in', async () => {
      const { taskId } = await api.taskWithPad();
      const terminalId = await createTerminal(db(), { lineId: (await api.taskRow(taskId)).productLineId });
      const code = await api.terminalCodeOf(terminalId);
      const worker = await createWorker(t.app, [MENUS.pdaStockIn]);
      await api.tieToLineOf(code, worker);
      expectRefusal(await api.login(code, worker.userName, worker.password), 403, STATION_MSG.noAppPermission('PAD APP'));
    });

    it('asks for the station token', async () => {
      expectRefusal(await api.get(PATHS.stationDtuAssignment, null), 401, STATION_MSG.sessionExpired);
      expectRefusal(await api.get(PATHS.stationDtuAssignment, t.admin), 401, STATION_MSG.sessionExpired);
    });
  });

  describe('assignment', () => {
    it('is null for a PAD serving no DTU task, and for a deleted task', async () => {
      const idle = await createTerminal(db(), { lineId: await createLine(db()) });
      const worker = await createWorker(t.app, [MENUS.padPartsCheck]);
      const { token } = await api.signIn(await api.terminalCodeOf(idle), worker);
      expect(await api.assignment(token)).toBeNull();
      expectRefusal(await api.scanCall(token, { imei: freshImei() }), 409, M.noTask);

      const { taskId, pad } = await api.taskWithPad();
      await db().updateTable('dtu_task').set({ deleted: 1 }).where('id', '=', taskId).execute();
      expect(await api.assignment(pad.token)).toBeNull();
    });

    it('names the task, the role, the DTU with its identity, the items with their standards and the key tests', async () => {
      const { taskId, dtu, pad } = await api.taskWithPad({ testFirmwareVersion: '2.0.1' });
      const assignment = await api.assignment(pad.token);
      expect(assignment).toMatchObject({
        taskId,
        taskStatus: 'UNSTART',
        mode: 'PRODUCTION',
        role: 'PAD',
        reworkTask: false,
        duplicateEnable: false,
        productionNumber: 100,
        testFirmwareVersion: '2.0.1',
        dtu: { id: dtu.dtuId, communicationType: 'THREE_2_ONE', communicationTypeDesc: '海容三合一', identity: 'IMEI' },
      });
      expect(assignment!.items).toEqual([
        { kind: 'AUTO', propertyId: dtu.auto.CSQ, code: 'CSQ', name: '信号质量', standard: '10 ~ 31', unique: false },
        { kind: 'AUTO', propertyId: dtu.auto.ICCID, code: 'ICCID', name: 'ICCID', standard: '唯一', unique: true },
        // The task's test firmware is the standard of VERSION.
        { kind: 'AUTO', propertyId: dtu.auto.VERSION, code: 'VERSION', name: '固件版本', standard: '2.0.1', unique: false },
      ]);
      expect(assignment!.keyTests.map((key) => key.code)).toEqual(['POWER_LED', 'NET_LED', 'RESET_KEY', 'SIM_SLOT']);
    });

    it('gives a bluetooth task its serial items and a serial terminal its role', async () => {
      const dtu = await api.dtuWith({
        communicationType: 'bluetooth',
        auto: { RSSI: { name: '信号强度', dataType: 'int', verifyRule: 'RANGE', aimValue: null, minValue: '-80', maxValue: '-20' } },
        serial: { BAUD_RATE: { aimValue: '9600' } },
      });
      const taskId = await createDtuTask(db(), { dtuId: dtu.dtuId });
      const serialPad = await api.padOf(taskId, { role: 'SERIAL' });
      const assignment = await api.assignment(serialPad.token);
      expect(assignment).toMatchObject({ role: 'SERIAL', dtu: { identity: 'MAC' } });
      expect(assignment!.items.map(({ kind, code, standard }) => ({ kind, code, standard }))).toEqual([
        { kind: 'AUTO', code: 'RSSI', standard: '-80 ~ -20 dBm' },
        { kind: 'SERIAL', code: 'BAUD_RATE', standard: '9600 bps' },
      ]);
    });
  });

  describe('scan', () => {
    it('starts an UNSTART task at its first scan, stores the unit upper case with its claim, and resumes it when scanned again', async () => {
      const { taskId, dtu, pad } = await api.taskWithPad();
      const before = Date.now();
      const mac = freshMac();
      const imei = freshImei();
      const unit = await api.scan(pad.token, { imei, mac });
      expect(unit).toMatchObject({ code: imei, serverVerified: false, testStatus: null, majorMinor: null });
      expect(unit.values.map(({ code, value, pass }) => ({ code, value, pass }))).toEqual([
        { code: 'CSQ', value: null, pass: null },
        { code: 'ICCID', value: null, pass: null },
        { code: 'VERSION', value: null, pass: null },
      ]);
      const task = await api.taskRow(taskId);
      expect(task.status).toBe('START');
      expect(Number(task.startTime)).toBeGreaterThanOrEqual(before);
      const test = await api.testOf(taskId, imei);
      expect(test).toMatchObject({ id: unit.testId, imei, mac: mac.toUpperCase(), terminalId: pad.terminalId, testerId: pad.worker.id, testStatus: null });
      expect(await api.claimsOf(dtu.dtuId)).toEqual([{ code: 'UNIT', value: imei, testId: unit.testId }]);

      // Another PAD of the task goes on with the same record.
      const other = await api.padOf(taskId);
      expect((await api.scan(other.token, { imei })).testId).toBe(unit.testId);
      expect(await api.testOf(taskId, imei)).toMatchObject({ terminalId: other.terminalId, startTime: test!.startTime });
      expect((await api.taskRow(taskId)).startTime).toBe(task.startTime);
    });

    it('finds a MAC unit in either case', async () => {
      const dtu = await api.dtuWith({ communicationType: 'WIFI', auto: {} });
      const { pad, taskId } = await api.taskWithPad({ dtuId: dtu.dtuId });
      const mac = freshMac();
      const unit = await api.scan(pad.token, { mac });
      expect(unit.code).toBe(mac.toUpperCase());
      expect((await api.scan(pad.token, { mac: mac.toUpperCase() })).testId).toBe(unit.testId);
      expect(await api.testOf(taskId, mac)).toMatchObject({ unitCode: mac.toUpperCase(), mac: mac.toUpperCase(), imei: '' });
    });

    it('refuses a unit tested before in a task without duplicates, writing nothing', async () => {
      const { taskId, dtu, pad } = await api.taskWithPad();
      const imei = freshImei();
      const testId = await createDtuTest(db(), taskId, { unitCode: imei });
      await db().insertInto('dtu_unique_value').values({ dtuId: dtu.dtuId, code: 'UNIT', value: imei, testId }).execute();
      const before = await api.snapshot(taskId);
      expectRefusal(await api.scanCall(pad.token, { imei }), 409, M.duplicateUnit(imei));
      expect(await api.snapshot(taskId)).toEqual(before);
      expect(before.task.status).toBe('UNSTART');

      // Held by a test of another task of the same model: refused as well.
      const otherTask = await createDtuTask(db(), { dtuId: dtu.dtuId, status: 'START' });
      const otherPad = await api.padOf(otherTask);
      const beforeOther = await api.snapshot(otherTask);
      expectRefusal(await api.scanCall(otherPad.token, { imei }), 409, M.duplicateUnit(imei));
      expect(await api.snapshot(otherTask)).toEqual(beforeOther);
    });

    it('tests a unit again where duplicates are allowed: its record starts over in place and the claims move to it', async () => {
      const { taskId, dtu, pad } = await api.taskWithPad({ duplicateEnable: true, status: 'START' });
      const imei = freshImei();
      const first = await api.scan(pad.token, { imei });
      await api.report(pad.token, { imei, content: { CSQ: 20, ICCID: '8986001', VERSION: '1.0.0' } });
      expect((await api.result(pad.token, api.resultBody({ imei }))).testStatus).toBe('PASS');
      expect(await api.claimsOf(dtu.dtuId)).toEqual([
        { code: 'ICCID', value: '8986001', testId: first.testId },
        { code: 'UNIT', value: imei, testId: first.testId },
      ]);
      expect((await api.taskRow(taskId)).finishNumber).toBe(1);
      // A submitted unit is in its batch: it is not tested over (issue 18), and nothing changes.
      await db().updateTable('dtu_test').set({ manageStatus: 'SUBMIT' }).where('id', '=', first.testId).execute();
      const submitted = await api.snapshot(taskId);
      expectRefusal(await api.scanCall(pad.token, { imei }), 409, SM.submittedNoRetest(imei));
      expect(await api.snapshot(taskId)).toEqual(submitted);
      await db().updateTable('dtu_test').set({ manageStatus: 'UNSUBMIT' }).where('id', '=', first.testId).execute();

      const again = await api.scan(pad.token, { imei });
      expect(again.testId).toBe(first.testId);
      expect(again.values.every((value) => value.value === null)).toBe(true);
      expect(await api.testOf(taskId, imei)).toMatchObject({ testStatus: null, manageStatus: 'UNSUBMIT', checkTime: null, clientResultId: null, failures: null });
      expect(await api.valuesOf(first.testId)).toEqual([]);
      expect(await api.claimsOf(dtu.dtuId)).toEqual([{ code: 'UNIT', value: imei, testId: first.testId }]);
      expect(await api.taskRow(taskId)).toMatchObject({ finishNumber: 0, testedNumber: 0 });

      // A rework task of the model takes the unit over: the claim moves to its record.
      const rework = await createDtuTask(db(), { dtuId: dtu.dtuId, reworkTask: true });
      const reworkPad = await api.padOf(rework);
      const reworked = await api.scan(reworkPad.token, { imei });
      expect(reworked.testId).not.toBe(first.testId);
      expect(await api.claimsOf(dtu.dtuId)).toEqual([{ code: 'UNIT', value: imei, testId: reworked.testId }]);
    });

    it('refuses units while the task is stopped or finished', async () => {
      const stopped = await api.taskWithPad({ status: 'STOP' });
      const before = await api.snapshot(stopped.taskId);
      expectRefusal(await api.scanCall(stopped.pad.token, { imei: freshImei() }), 409, M.taskStopped);
      expect(await api.snapshot(stopped.taskId)).toEqual(before);
      const finished = await api.taskWithPad({ status: 'FINISH' });
      expectRefusal(await api.scanCall(finished.pad.token, { imei: freshImei() }), 409, M.taskFinished);
      expect((await api.assignment(finished.pad.token))?.taskStatus).toBe('FINISH');
    });

    it('answers the contract messages for a missing or malformed unit', async () => {
      const { pad } = await api.taskWithPad();
      expectRefusal(await api.scanCall(pad.token, {}), 400, M.unitRequired);
      expectRefusal(await api.scanCall(pad.token, { imei: '86 12' }), 400, M.unitRule);
      expectRefusal(await api.scanCall(pad.token, { imei: 'A'.repeat(65) }), 400, M.unitRule);
      expectRefusal(await api.unitCall(pad.token, { imei: freshImei() }), 404, M.notUnderTest);
    });

    it('delivers the Excel rows in order, keeps a unit its row, and refuses a unit when none is left', async () => {
      const { taskId, pad } = await api.taskWithPad({ needExcel: true });
      const rows = [
        { rowNo: 2, major: 100, minor: 1 },
        { rowNo: 3, major: 100, minor: 2 },
      ];
      await db()
        .insertInto('dtu_task_excel_row')
        .values(rows.map((row) => ({ taskId, ...row, testId: null })))
        .execute();
      const [a, b, c] = [freshImei(), freshImei(), freshImei()];
      expect((await api.scan(pad.token, { imei: a })).majorMinor).toEqual({ major: 100, minor: 1 });
      expect((await api.scan(pad.token, { imei: b })).majorMinor).toEqual({ major: 100, minor: 2 });
      expect((await api.scan(pad.token, { imei: a })).majorMinor).toEqual({ major: 100, minor: 1 });
      const before = await api.snapshot(taskId);
      expectRefusal(await api.scanCall(pad.token, { imei: c }), 409, M.excelUsedUp);
      expect(await api.snapshot(taskId)).toEqual(before);
      expect(await api.testOf(taskId, c)).toBeUndefined();
    });
  });

  describe('reports', () => {
    it('applies the station’s values to the unit under test: judged, latest wins, other keys kept, the MAC beside the IMEI', async () => {
      const { taskId, pad } = await api.taskWithPad();
      const imei = freshImei();
      await api.scan(pad.token, { imei });
      let unit = await api.report(pad.token, { imei, content: { CSQ: 5, VERSION: '1.0.0', MAC: 'aa:bb:cc:dd:ee:01', VOLTAGE: 3.8 } });
      expect(unit!.values.map(({ kind, code, value, pass }) => ({ kind, code, value, pass }))).toEqual([
        { kind: 'AUTO', code: 'CSQ', value: '5', pass: false },
        { kind: 'AUTO', code: 'ICCID', value: null, pass: null },
        { kind: 'AUTO', code: 'VERSION', value: '1.0.0', pass: true },
        { kind: 'BASE', code: 'MAC', value: 'aa:bb:cc:dd:ee:01', pass: null },
        { kind: 'BASE', code: 'VOLTAGE', value: '3.8', pass: null },
      ]);
      unit = await api.report(pad.token, { imei, content: { CSQ: '24' } });
      expect(unit!.values.find((value) => value.code === 'CSQ')).toMatchObject({ value: '24', pass: true });
      expect(await api.unit(pad.token, { imei })).toEqual(unit);
      const test = await api.testOf(taskId, imei);
      expect(test).toMatchObject({ mac: 'AA:BB:CC:DD:EE:01', serverVerified: 0 });
      const reports = await api.reportsOf(imei);
      expect(reports.map(({ source, taskId: joined, testId, terminalId }) => ({ source, joined, testId, terminalId }))).toEqual([
        { source: 'STATION', joined: taskId, testId: test!.id, terminalId: pad.terminalId },
        { source: 'STATION', joined: taskId, testId: test!.id, terminalId: pad.terminalId },
      ]);
      expect(JSON.parse(reports[1]!.content)).toEqual({ CSQ: '24' });
    });

    it('keeps a report of a unit not under test unjoined, and joins it at a scan within ten minutes', async () => {
      const { taskId, pad } = await api.taskWithPad();
      const imei = freshImei();
      expect(await api.report(pad.token, { imei, content: { CSQ: 22 } })).toBeNull();
      const stale = freshImei();
      await createDtuReport(db(), stale, { CSQ: 30 }, { receiveTime: Date.now() - REPORT_JOIN_WINDOW_MS - 60_000 });
      const [kept] = await api.reportsOf(imei);
      expect(kept).toMatchObject({ testId: null, taskId: null, source: 'STATION' });

      // A report of the unit from the DTU itself, nine minutes ago.
      await createDtuReport(db(), imei, { VERSION: '1.0.0' }, { receiveTime: Date.now() - 9 * 60_000, source: 'MQTT' });
      const unit = await api.scan(pad.token, { imei });
      expect(unit.serverVerified).toBe(true);
      expect(unit.values.filter((value) => value.value !== null).map(({ code, value }) => ({ code, value }))).toEqual([
        { code: 'CSQ', value: '22' },
        { code: 'VERSION', value: '1.0.0' },
      ]);
      expect((await api.reportsOf(imei)).map((report) => report.testId)).toEqual([unit.testId, unit.testId]);

      const staleUnit = await api.scan(pad.token, { imei: stale });
      expect(staleUnit.values.every((value) => value.value === null)).toBe(true);
      expect((await api.reportsOf(stale))[0]).toMatchObject({ testId: null, taskId: null });
      expect((await api.taskRow(taskId)).status).toBe('START');
    });

    it('answers the contract messages for bad content and refuses a terminal without a task', async () => {
      const { pad } = await api.taskWithPad();
      const imei = freshImei();
      expectRefusal(await api.reportCall(pad.token, { imei, content: {} }), 400, M.reportEmpty);
      expectRefusal(await api.reportCall(pad.token, { imei, content: { CSQ: { deep: 1 } } }), 400, M.reportRule);
      expectRefusal(await api.reportCall(pad.token, { imei, content: [1] as unknown as Record<string, unknown> }), 400, M.reportRule);
      expectRefusal(await api.reportCall(pad.token, { imei, content: { CSQ: 'x'.repeat(257) } }), 400, M.reportRule);
      // Within each value's limit, but longer than a report may be (REPORT_LIMITS.bytesMax) as a whole.
      const big = Object.fromEntries(Array.from({ length: 64 }, (_, n) => [`K${n}`, 'x'.repeat(256)]));
      expectRefusal(await api.reportCall(pad.token, { imei, content: big }), 400, M.reportRule);
      await db().updateTable('terminal').set({ status: TERMINAL_STATUS.idle, taskId: null, partsRole: null }).where('id', '=', pad.terminalId).execute();
      expectRefusal(await api.reportCall(pad.token, { imei, content: { CSQ: 1 } }), 409, M.noTask);
      expect(await api.reportsOf(imei)).toEqual([]);
    });
  });
});
