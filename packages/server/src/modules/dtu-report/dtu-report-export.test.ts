import { PassThrough } from 'node:stream';
import { MSG, REPORT_ORGANISATION } from '@factory/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dtuReportApi, REPORT_ZONE, type ReportBatch, UNITS } from '../../../test/dtu-report-api.js';
import { createDtuTask, createDtuTest, createSubmitBatch } from '../../../test/factories/dtu-tasks.js';
import { createLine } from '../../../test/factories/lines.js';
import { QueryCapture } from '../../../test/query-capture.js';
import { sheetWorkerReady } from '../../platform/xlsx-streaming.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { downloadName, XLSX_TYPE } from '../../../test/xlsx-answers.js';
import { openReportExport } from './dtu-report-export.js';

/** Every row of the one sheet (named 检验报告), empty cells as null, without trailing empty cells. */
async function reportRows(content: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's own Buffer type predates Node's generic one
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['检验报告']);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  for (let n = 1; n <= sheet.rowCount; n++) {
    const values = Array.from((sheet.getRow(n).values as unknown[]).slice(1), (value) => value ?? null);
    while (values.length > 0 && values.at(-1) === null) values.pop();
    rows.push(values);
  }
  return rows;
}

const DEVICE_HEADER = ['IMEI', 'MAC', '蓝牙MAC', '串口通信', '固件版本', '服务器校验', '结果'];
const DASHES = ['-', '-', '-', '-', '-'];

describe.each(testDialects())('the inspection report’s xlsx on %s', (dialect) => {
  const t = withTestApp(dialect, REPORT_ZONE);
  const api = dtuReportApi(t);
  const { db, exportRaw } = api;
  let fixture: ReportBatch;

  beforeAll(async () => {
    fixture = await api.reportBatch();
  });

  it('writes the hand-computed report cell by cell, named after the DTU model and batch', async () => {
    const response = await exportRaw(fixture.batchId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(downloadName(response)).toBe(`${fixture.dtuType}_检验报告_${fixture.taskId}-002.xlsx`);
    expect(await reportRows(response.rawPayload)).toEqual([
      ['检验报告'],
      ['检验机构', REPORT_ORGANISATION],
      ['批次', `${fixture.taskId}-002`],
      ['提交数量', 6],
      ['抽检数量', 3],
      ['检验员', fixture.inspector],
      ['审核员', fixture.reviewer],
      ['提交时间', '2025-03-01 10:00:00'],
      ['判定', '不合格'],
      [],
      ['基本信息'],
      ['DTU型号', fixture.dtuType],
      ['模块型号', 'EC200U_CN'],
      ['模块厂家', '移远通信'],
      ['工作电压', '12V'],
      ['波特率', 9600],
      ['通信方式', '海容三合一'],
      [],
      ['订单信息'],
      ['客户名称', '-'],
      ['客户型号', '-'],
      ['订单号', '-'],
      ['订单数量', '-'],
      ['抽样数量', '-'],
      [],
      ['基本检测'],
      ['类别', '检测项', '检测标准', '检测工具', '结论', '样本1', '样本2', '样本3', '样本4', '样本5'],
      ['外观', '外壳无划痕', '无明显划痕', '目测', '不合格', 'OK 合格', 'OK 合格', 'OK 合格', 'OK 合格', 'OK 合格'],
      ['外观', '标签清晰', '字迹清晰', '目测', '合格', '清晰 合格', '-', '-', '-', '-'],
      ['结构', '螺丝紧固', '≥0.5N·m', '扭力计', '不合格', '0.6 合格', '0.4 不合格', '-', '-', '-'],
      ['结构', '旧项', '±0.1mm', '卡尺', '合格', '0.05 合格', '-', '-', '-', '-'],
      ['包装', '包装完好', '无破损', '目测', '不合格', ...DASHES],
      [],
      ['信号强度 (dBm)'],
      ['最小值', -113],
      ['最大值', -51],
      ['平均值', -77],
      [],
      ['基本性能'],
      DEVICE_HEADER,
      [UNITS.U1, null, 'AA:BB:CC:00:00:01', '-', '2.0.1', '通过', '合格'],
      [UNITS.U2, null, 'AA:BB:CC:00:00:02', '-', null, '未通过', '不合格'],
      [UNITS.U3, null, null, '-', '2.0.0', '通过', '合格'],
      [UNITS.U4, null, null, '-', null, '未通过', '合格'],
      [UNITS.U5, null, null, '-', null, '通过', '合格'],
      [null, UNITS.U6, null, '-', null, '通过', '合格'],
    ]);
  });

  it('writes dashes for a batch without samples, signal or people', async () => {
    const taskId = await createDtuTask(db(), { dtuId: fixture.dtuId });
    await createDtuTest(db(), taskId, { unitCode: '861000000000301', testStatus: 'NOT_PASS' });
    const batchId = await createSubmitBatch(db(), taskId, { submitterId: null });
    const rows = await reportRows((await exportRaw(batchId)).rawPayload);
    expect(rows.slice(4, 9)).toEqual([['抽检数量', 0], ['检验员', '-'], ['审核员', '-'], expect.any(Array), ['判定', '抽检中']]);
    // the DTU's other properties under test, never judged in this batch
    const checks = rows.slice(rows.findIndex((row) => row[0] === '基本检测') + 2, rows.findIndex((row) => row[0] === '信号强度 (dBm)') - 1);
    expect(checks).toEqual([
      ['外观', '外壳无划痕', '无明显划痕', '目测', '不合格', ...DASHES],
      ['外观', '标签清晰', '字迹清晰', '目测', '不合格', ...DASHES],
      ['结构', '螺丝紧固（新）', '≥0.5N·m', '扭力计', '不合格', ...DASHES],
      ['包装', '包装完好', '无破损', '目测', '不合格', ...DASHES],
    ]);
    expect(rows.slice(-7)).toEqual([['最小值', '-'], ['最大值', '-'], ['平均值', '-'], [], ['基本性能'], DEVICE_HEADER, ['861000000000301', null, null, '-', null, '未通过', '不合格']]);
  });

  it('answers refusals as the JSON envelope: a batch out of scope, of a deleted task, or missing', async () => {
    const stranger = await api.tenant();
    const elsewhere = await api.lineUser([await createLine(db())]);
    for (const token of [stranger.token, elsewhere.token]) expectRefusal(await exportRaw(fixture.batchId, token), 404, MSG.recordNotFound);
    expectRefusal(await exportRaw(999_999), 404, MSG.recordNotFound);
    const tied = await api.lineUser([fixture.productLineId]);
    expect((await exportRaw(fixture.batchId, tied.token)).statusCode).toBe(200);
    const taskId = await createDtuTask(db());
    const batchId = await createSubmitBatch(db(), taskId);
    await db().updateTable('dtu_task').set({ deleted: 1 }).where('id', '=', taskId).execute();
    expectRefusal(await exportRaw(batchId), 404, MSG.recordNotFound);
  });

  describe('a batch of 2,500 units', () => {
    const COUNT = 2_500;
    let big: { taskId: number; batchId: number; codes: string[] };
    /** unit i reports CSQ i mod 32 (31 → −51 dBm … 0 → −113), every tenth none */
    const csqOf = (index: number) => (index % 10 === 9 ? null : index % 32);

    beforeAll(async () => {
      const taskId = await createDtuTask(db(), { productionNumber: COUNT });
      const { dtuId, ownerId } = await db().selectFrom('dtu_task').select(['dtuId', 'ownerId']).where('id', '=', taskId).executeTakeFirstOrThrow();
      const now = Date.now();
      const codes = Array.from({ length: COUNT }, (_, index) => `86${String(taskId).padStart(5, '0')}${String(index).padStart(8, '0')}`);
      const rows = codes.map((code, index) => ({
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
        testStatus: index % 7 === 0 ? 'NOT_PASS' : 'PASS',
        manageStatus: 'UNSUBMIT',
        submitBatchId: null,
        sampleBatchId: 0,
        clientResultId: null,
        serverVerified: index % 2,
        keyResults: null,
        failures: '[]',
      }));
      for (let start = 0; start < COUNT; start += 500) await db().insertInto('dtu_test').values(rows.slice(start, start + 500)).execute();
      const tests = await db().selectFrom('dtu_test').select('id').where('taskId', '=', taskId).orderBy('id').execute();
      const values = tests.flatMap(({ id }, index) => {
        const csq = csqOf(index);
        const version = { testId: id, kind: 'AUTO', propertyId: null, code: 'VERSION', name: 'VERSION', value: `v${index}`, pass: 1, reportTime: now };
        if (csq === null) return [version];
        return [version, { testId: id, kind: 'AUTO', propertyId: null, code: 'CSQ', name: 'CSQ', value: String(csq), pass: 1, reportTime: now }];
      });
      for (let start = 0; start < values.length; start += 500) await db().insertInto('dtu_test_value').values(values.slice(start, start + 500)).execute();
      big = { taskId, batchId: await createSubmitBatch(db(), taskId), codes };
    });

    it('writes every unit once, in test order, across pages, and the signal over all of them', async () => {
      const rows = await reportRows((await exportRaw(big.batchId)).rawPayload);
      const header = rows.findIndex((row) => row[0] === 'IMEI');
      expect(rows.slice(header + 1)).toEqual(
        big.codes.map((code, index) => [code, null, null, '-', `v${index}`, index % 2 ? '通过' : '未通过', index % 7 === 0 ? '不合格' : '合格']),
      );
      const dbms = big.codes.flatMap((_, index) => {
        const csq = csqOf(index);
        return csq === null ? [] : [-113 + 2 * csq];
      });
      const mean = Math.round((dbms.reduce((sum, dbm) => sum + dbm, 0) / dbms.length) * 10) / 10;
      const signal = rows.findIndex((row) => row[0] === '信号强度 (dBm)');
      expect(rows.slice(signal + 1, signal + 4)).toEqual([
        ['最小值', -113],
        ['最大值', -51],
        ['平均值', mean],
      ]);
    });

    it('reads no further than the client takes: a stalled reader stops the device table after a page or two', async () => {
      const capture = new QueryCapture();
      const file = await openReportExport(capture.watch(db()), { ownerId: null, lineIds: null }, big.batchId, t.config.timeZone);
      // The sheet worker's start (loading exceljs) is not what the 300 ms below should wait on.
      await sheetWorkerReady();
      capture.clear();
      // A client that takes 1 KB and stops: the whole report is tens of KB, so with a socket's 16 KB the file could
      // be written into the buffers between the worker and the client before any reading stopped (issue 19).
      const output = new PassThrough({ highWaterMark: 1024 });
      let done = false;
      const writing = file.write(output).then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The signal pass reads its 3 pages (and the empty fourth) with their values: 7 reads; then the device
      // table waits before its first page or after one or two (a page and its values each): the sheet worker
      // stops once the client has left 16 KB untaken, which the report's head alone may reach.
      expect(done).toBe(false);
      expect(capture.orderedSelects().length).toBeGreaterThanOrEqual(7);
      expect(capture.orderedSelects().length).toBeLessThanOrEqual(11);
      const chunks: Buffer[] = [];
      output.on('data', (chunk: Buffer) => chunks.push(chunk));
      await writing;
      expect(capture.orderedSelects().length).toBe(14);
      const rows = await reportRows(Buffer.concat(chunks));
      expect(rows.at(-1)![0]).toBe(big.codes.at(-1));
    });
  });
});
