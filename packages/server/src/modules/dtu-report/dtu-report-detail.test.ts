import { type Dtu, MSG, PATHS, REPORT_DEVICE_ROWS, REPORT_ORGANISATION } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { dtuReportApi, REPORT_ZONE, type ReportBatch, UNITS } from '../../../test/dtu-report-api.js';
import { createDtuTask, createDtuTest, createDtuTestValue, createSubmitBatch } from '../../../test/factories/dtu-tasks.js';
import { createDtu, createOtherProperty, createSerialProperty } from '../../../test/factories/dtus.js';
import { createLine } from '../../../test/factories/lines.js';
import { QueryCapture } from '../../../test/query-capture.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { reportGprs } from './dtu-report.service.js';

const dash = { actValue: '-', mac: '-', result: null };

describe.each(testDialects())('the inspection report of a DTU batch on %s', (dialect) => {
  const t = withTestApp(dialect, REPORT_ZONE);
  const api = dtuReportApi(t);
  const { db, detail, detailRaw, gprs, gprsRaw } = api;
  let fixture: ReportBatch;

  beforeAll(async () => {
    fixture = await api.reportBatch();
  });

  it('answers the hand-computed report field by field', async () => {
    const before = Date.now();
    const report = await detail(fixture.batchId);
    const dtu = dataOf<Dtu>(await api.get(PATHS.dtuDetail, t.admin, { id: fixture.dtuId }));
    const images = await db()
      .selectFrom('dtu')
      .innerJoin('stored_file as front', 'front.id', 'dtu.frontImageFileId')
      .innerJoin('stored_file as back', 'back.id', 'dtu.backImageFileId')
      .select(['front.fileKey as front', 'back.fileKey as back'])
      .where('dtu.id', '=', fixture.dtuId)
      .executeTakeFirstOrThrow();

    expect(report).toEqual({
      batchId: fixture.batchId,
      batchNo: `${fixture.taskId}-002`,
      taskId: fixture.taskId,
      taskName: fixture.taskName,
      taskStatus: 'START',
      submitNumber: 6,
      checkCount: 3,
      organisation: REPORT_ORGANISATION,
      checkPerson: fixture.inspector,
      verifyPerson: fixture.reviewer,
      submitTime: '2025-03-01 10:00:00',
      reportTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      dtuType: fixture.dtuType,
      modelType: 'EC200U_CN',
      productCompany: '移远通信',
      standardVoltage: '12',
      bandRate: 9600,
      communicationTypeDesc: '海容三合一',
      frontImageUrl: `/api/file/${images.front}`,
      backImageUrl: `/api/file/${images.back}`,
      gprsImageUrl: null,
      excelUrl: `/api/dtuTask/reportExport?batchId=${fixture.batchId}`,
      deviceListUrl: `/api/dtuTask/submitRecordExport?batchId=${fixture.batchId}`,
      sampleSize: 3,
      acceptNumber: 0,
      rejectNumber: 1,
      defectCount: 1,
      verdict: 'REJECT',
      batchRecords: [
        { imei: UNITS.U1, mac: '', blueToothMac: 'AA:BB:CC:00:00:01', serialCommunication: null, version: '2.0.1', serviceVerify: true, testStatus: 'PASS' },
        { imei: UNITS.U2, mac: '', blueToothMac: 'AA:BB:CC:00:00:02', serialCommunication: null, version: '', serviceVerify: false, testStatus: 'NOT_PASS' },
        // a SERIAL value coded MAC is no Bluetooth MAC
        { imei: UNITS.U3, mac: '', blueToothMac: '', serialCommunication: null, version: '2.0.0', serviceVerify: true, testStatus: 'PASS' },
        { imei: UNITS.U4, mac: '', blueToothMac: '', serialCommunication: null, version: '', serviceVerify: false, testStatus: 'PASS' },
        { imei: UNITS.U5, mac: '', blueToothMac: '', serialCommunication: null, version: '', serviceVerify: true, testStatus: 'PASS' },
        { imei: '', mac: UNITS.U6, blueToothMac: '', serialCommunication: null, version: '', serviceVerify: true, testStatus: 'PASS' },
      ],
      batchRecordsComplete: true,
      categories: [
        {
          categoryName: '外观',
          props: [
            {
              property: '外壳无划痕',
              checkStandard: '无明显划痕',
              checkTool: '目测',
              // the sixth sample failed it: not shown, still decisive
              result: false,
              samples: [UNITS.U1, UNITS.U2, UNITS.U3, UNITS.U4, UNITS.U5].map((mac) => ({ actValue: 'OK', mac, result: true })),
            },
            { property: '标签清晰', checkStandard: '字迹清晰', checkTool: '目测', result: true, samples: [{ actValue: '清晰', mac: UNITS.U3, result: true }, dash, dash, dash, dash] },
          ],
        },
        {
          categoryName: '结构',
          props: [
            {
              // as it read when judged
              property: '螺丝紧固',
              checkStandard: '≥0.5N·m',
              checkTool: '扭力计',
              result: false,
              samples: [{ actValue: '0.6', mac: UNITS.U1, result: true }, { actValue: '0.4', mac: UNITS.U2, result: false }, dash, dash, dash],
            },
            // no longer under test, but judged on a sample (known by its MAC)
            { property: '旧项', checkStandard: '±0.1mm', checkTool: '卡尺', result: true, samples: [{ actValue: '0.05', mac: UNITS.U6, result: true }, dash, dash, dash, dash] },
          ],
        },
        // under test, never judged: padded, not passed
        { categoryName: '包装', props: [{ property: '包装完好', checkStandard: '无破损', checkTool: '目测', result: false, samples: [dash, dash, dash, dash, dash] }] },
      ],
    });
    // the DTU's figures and images exactly as its own detail answers them
    expect(report).toMatchObject({
      dtuType: dtu.dtuType,
      modelType: dtu.modelType,
      productCompany: dtu.productCompany,
      standardVoltage: dtu.standardVoltage,
      bandRate: dtu.bandRate,
      communicationTypeDesc: dtu.communicationTypeDesc,
      frontImageUrl: dtu.frontImageUrl,
      backImageUrl: dtu.backImageUrl,
    });
    // made now (to the second, in the factory's zone)
    const shown = Date.parse(`${report.reportTime.replace(' ', 'T')}+08:00`);
    expect(shown).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(shown).toBeLessThanOrEqual(Date.now());
  });

  it('answers the signal of the production units in test order, IMEI else MAC, CSQ in dBm else RSSI', async () => {
    const answer = await gprs(fixture.batchId);
    expect(answer).toEqual({ [UNITS.U1]: -73, [UNITS.U3]: -71, [UNITS.U5]: -51, [UNITS.U6]: -113 });
    expect(Object.keys(answer)).toEqual([UNITS.U1, UNITS.U3, UNITS.U5, UNITS.U6]);
    // the first batch's own unit only
    expect(await gprs(fixture.firstBatchId)).toEqual({ '861000000000000': -93 });
  });

  it('reads the signal of a batch in one query, however many units', async () => {
    const capture = new QueryCapture();
    const scope = { ownerId: null, lineIds: null };
    await reportGprs(capture.watch(db()), scope, fixture.batchId);
    const small = capture.statements.length;
    expect(small).toBeLessThanOrEqual(2);
    const { batchId } = await bigBatch(120);
    capture.clear();
    const answer = await reportGprs(capture.watch(db()), scope, batchId);
    expect(capture.statements.length).toBe(small);
    expect(Object.keys(answer)).toHaveLength(120);
    expect(Object.values(answer).every((dbm) => dbm === -113 + 2 * 15)).toBe(true);
  });

  it('reads values strictly: an empty, non-numeric or out-of-range CSQ and an empty RSSI give no signal', async () => {
    const taskId = await createDtuTask(db());
    const codes = ['861000000000201', '861000000000202', '861000000000203', '861000000000204', '861000000000205', '861000000000206'];
    const tests = [];
    for (const code of codes) tests.push(await createDtuTest(db(), taskId, { unitCode: code }));
    await createDtuTestValue(db(), tests[0]!, { kind: 'AUTO', code: 'CSQ', value: '', pass: false });
    await createDtuTestValue(db(), tests[1]!, { kind: 'AUTO', code: 'CSQ', value: 'abc', pass: false });
    await createDtuTestValue(db(), tests[2]!, { kind: 'AUTO', code: 'CSQ', value: '32', pass: false });
    await createDtuTestValue(db(), tests[3]!, { kind: 'BASE', code: 'RSSI', value: '' });
    await createDtuTestValue(db(), tests[4]!, { kind: 'BASE', code: 'RSSI', value: ' -48 ' });
    await createDtuTestValue(db(), tests[5]!, { kind: 'AUTO', code: 'CSQ', value: null, pass: false });
    const batchId = await createSubmitBatch(db(), taskId);
    expect(await gprs(batchId)).toEqual({ '861000000000205': -48 });
  });

  it('shows at most REPORT_DEVICE_ROWS units and says whether they are all; proposes the plan before the first sample', async () => {
    const { taskId, batchId } = await bigBatch(REPORT_DEVICE_ROWS + 1);
    // lot 201 at level III: code letter H, n 50; AQL 2.5 there: Ac 3, Re 4 (GB/T 2828.1 Tables 1, 2-A)
    await db().updateTable('dtu_task').set({ checkNumber: 20, checkLevel: 'III', checkAql: 2.5 }).where('id', '=', taskId).execute();
    const report = await detail(batchId);
    expect(report.batchRecords).toHaveLength(REPORT_DEVICE_ROWS);
    expect(report.batchRecordsComplete).toBe(false);
    expect(report.batchRecords[0]!.imei < report.batchRecords[REPORT_DEVICE_ROWS - 1]!.imei).toBe(true);
    expect(report).toMatchObject({ submitNumber: REPORT_DEVICE_ROWS + 1, sampleSize: 20, acceptNumber: 3, rejectNumber: 4, defectCount: 0, verdict: 'PENDING', checkCount: 0 });
    expect(report).toMatchObject({ checkPerson: null, verifyPerson: expect.any(String) });

    const exact = await bigBatch(REPORT_DEVICE_ROWS);
    const full = await detail(exact.batchId);
    expect(full.batchRecords).toHaveLength(REPORT_DEVICE_ROWS);
    expect(full.batchRecordsComplete).toBe(true);
    // no sampling configuration: no plan
    expect(full).toMatchObject({ sampleSize: null, acceptNumber: null, rejectNumber: null, verdict: 'PENDING' });
  });

  it('proposes n as the configured quantity, at most the lot', async () => {
    const taskId = await createDtuTask(db());
    for (let index = 0; index < 6; index++) await createDtuTest(db(), taskId);
    await db().updateTable('dtu_task').set({ checkNumber: 10 }).where('id', '=', taskId).execute();
    const batchId = await createSubmitBatch(db(), taskId, { submitterId: null });
    // lot 6, level II: code letter A; AQL 1.0: ↓ to E, Ac 0, Re 1 (n 13 ≥ the lot: every unit)
    expect(await detail(batchId)).toMatchObject({ sampleSize: 6, acceptNumber: 0, rejectNumber: 1, verifyPerson: null, batchNo: `${taskId}-001` });
  });

  it('judges a bluetooth unit’s serial communication on every serial property under test; no Bluetooth MAC', async () => {
    const dtuId = await createDtu(db(), { communicationType: 'bluetooth', bandRate: null });
    await createSerialProperty(db(), dtuId, { code: 'SERIAL_LOOPBACK', aimValue: 'OK', status: 1 });
    await createSerialProperty(db(), dtuId, { code: 'BLE_RSSI', verifyRule: 'RANGE', status: 1 });
    await createSerialProperty(db(), dtuId, { code: 'BAUD_RATE', status: 0 });
    const taskId = await createDtuTask(db(), { dtuId });
    const macs = ['AA:00:00:00:00:01', 'AA:00:00:00:00:02', 'AA:00:00:00:00:03', 'AA:00:00:00:00:04'];
    const ids: number[] = [];
    for (const mac of macs) ids.push(await createDtuTest(db(), taskId, { unitCode: mac }));
    const [V1, V2, V3] = ids as [number, number, number, number];
    const serial = (testId: number, code: string, pass: boolean) => createDtuTestValue(db(), testId, { kind: 'SERIAL', code, value: '1', pass });
    await serial(V1, 'SERIAL_LOOPBACK', true);
    await serial(V1, 'BLE_RSSI', true);
    await serial(V2, 'SERIAL_LOOPBACK', true);
    await serial(V2, 'BLE_RSSI', false);
    // one property never reported: failed, as the record's detail shows it
    await serial(V3, 'SERIAL_LOOPBACK', true);
    await createDtuTestValue(db(), V1, { kind: 'AUTO', code: 'MAC', value: 'AA:00:00:00:00:01', pass: true });
    const batchId = await createSubmitBatch(db(), taskId);
    const report = await detail(batchId);
    expect(report.batchRecords.map((row) => [row.mac, row.serialCommunication, row.blueToothMac])).toEqual([
      [macs[0], true, ''],
      [macs[1], false, ''],
      [macs[2], false, ''],
      [macs[3], false, ''],
    ]);
    expect(report).toMatchObject({ communicationTypeDesc: '蓝牙', bandRate: null, categories: [] });

    // serial properties none under test: null
    await db().updateTable('dtu_serial_property').set({ status: 0 }).where('dtuId', '=', dtuId).execute();
    expect((await detail(batchId)).batchRecords.map((row) => row.serialCommunication)).toEqual([null, null, null, null]);
  });

  it('names the method by its description for other, and none for a DTU off the network', async () => {
    const other = await createDtu(db(), { communicationType: 'other', communicationTypeDesc: 'LoRa 470M', frontImageFileId: null, backImageFileId: null });
    const otherTask = await createDtuTask(db(), { dtuId: other });
    await createDtuTest(db(), otherTask);
    await createOtherProperty(db(), other, { status: 1 });
    expect(await detail(await createSubmitBatch(db(), otherTask))).toMatchObject({
      communicationTypeDesc: 'LoRa 470M',
      frontImageUrl: null,
      backImageUrl: null,
      categories: [{ categoryName: '外观', props: [{ property: '外壳无划痕', result: false, samples: [dash, dash, dash, dash, dash] }] }],
    });
    const offline = await createDtu(db(), { connectInternet: false, communicationType: null });
    const offlineTask = await createDtuTask(db(), { dtuId: offline });
    await createDtuTest(db(), offlineTask);
    expect(await detail(await createSubmitBatch(db(), offlineTask))).toMatchObject({ communicationTypeDesc: '' });
  });

  it('answers 404 for a batch out of scope, of a deleted task, or missing; a user of the task’s line sees it', async () => {
    const { batchId, productLineId } = fixture;
    const stranger = await api.tenant();
    const elsewhere = await api.lineUser([await createLine(db())]);
    const tied = await api.lineUser([productLineId]);
    for (const token of [stranger.token, elsewhere.token]) {
      expectRefusal(await detailRaw(batchId, token), 404, MSG.recordNotFound);
      expectRefusal(await gprsRaw(batchId, token), 404, MSG.recordNotFound);
    }
    expect((await detail(batchId, tied.token)).batchId).toBe(batchId);
    expect(Object.keys(await gprs(batchId, tied.token))).toHaveLength(4);
    expectRefusal(await detailRaw(999_999), 404, MSG.recordNotFound);
    expectRefusal(await gprsRaw(999_999), 404, MSG.recordNotFound);

    const { taskId: doomed, batchId: doomedBatch } = await bigBatch(1);
    await db().updateTable('dtu_task').set({ deleted: 1 }).where('id', '=', doomed).execute();
    expectRefusal(await detailRaw(doomedBatch), 404, MSG.recordNotFound);
    expectRefusal(await gprsRaw(doomedBatch), 404, MSG.recordNotFound);
  });

  /** A batch of `count` units, each with CSQ 15, submitted by the admin. */
  async function bigBatch(count: number) {
    const taskId = await createDtuTask(db(), { productionNumber: count });
    const { dtuId, ownerId } = await db().selectFrom('dtu_task').select(['dtuId', 'ownerId']).where('id', '=', taskId).executeTakeFirstOrThrow();
    const now = Date.now();
    const rows = Array.from({ length: count }, (_, index) => {
      const code = `86${String(taskId).padStart(5, '0')}${String(index).padStart(8, '0')}`;
      return {
        taskId,
        dtuId,
        ownerId,
        unitCode: code,
        imei: code,
        mac: '',
        terminalId: null,
        testerId: ownerId,
        startTime: now,
        checkTime: now + 1,
        testStatus: 'PASS',
        manageStatus: 'UNSUBMIT',
        submitBatchId: null,
        sampleBatchId: 0,
        clientResultId: null,
        serverVerified: 0,
        keyResults: null,
        failures: '[]',
      };
    });
    for (let start = 0; start < rows.length; start += 500) await db().insertInto('dtu_test').values(rows.slice(start, start + 500)).execute();
    const tests = await db().selectFrom('dtu_test').select('id').where('taskId', '=', taskId).orderBy('id').execute();
    const values = tests.map(({ id }) => ({ testId: id, kind: 'AUTO', propertyId: null, code: 'CSQ', name: 'CSQ', value: '15', pass: 1, reportTime: now }));
    for (let start = 0; start < values.length; start += 500) await db().insertInto('dtu_test_value').values(values.slice(start, start + 500)).execute();
    const batchId = await createSubmitBatch(db(), taskId);
    return { taskId, batchId };
  }
});
