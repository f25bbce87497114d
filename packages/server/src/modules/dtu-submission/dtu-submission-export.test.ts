import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { MSG, RECORD_COUNT_HEADER } from '@factory/contracts';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { planOf } from '../../../test/dtu-record-api.js';
import { dtuSubmissionApi } from '../../../test/dtu-submission-api.js';
import { createDtuTest, createDtuTestValue, createSubmitBatch, createUser, unique } from '../../../test/factories/index.js';
import { QueryCapture } from '../../../test/query-capture.js';
import { sheetWorkerReady } from '../../platform/xlsx-streaming.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { downloadName, XLSX_TYPE } from '../../../test/xlsx-answers.js';
import type { Database } from '../../platform/schema.js';
import { formatTime } from '../../platform/time.js';
import { openBatchExport, openTaskExport, type UnitExport, valueHeaders } from './dtu-submission-export.js';
import { unitsAfter } from './dtu-submission.repository.js';

const TASK_HEADER = ['序号', 'IMEI', 'MAC', '检测结果', '失败项', '提交状态', '批次', '检测人', '检测终端', '开始时间', '检测时间'];
const BATCH_HEADER = ['序号', 'IMEI', 'MAC', '检测结果', '失败项', '检测时间', '检测人'];
/** The platform administrator's scope: every task. */
const EVERY_TASK = { ownerId: null, lineIds: null };

/** Every row of the file's one sheet (named as told), empty cells as null, without trailing empty cells. */
async function sheetRows(content: Buffer, sheetName: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's own Buffer type predates Node's generic one
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([sheetName]);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  for (let n = 1; n <= sheet.rowCount; n++) {
    const values = Array.from((sheet.getRow(n).values as unknown[]).slice(1), (value) => value ?? null);
    while (values.length > 0 && values.at(-1) === null) values.pop();
    rows.push(values);
  }
  return rows;
}

function expectXlsx(response: LightMyRequestResponse, fileName: string, count: number): void {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX_TYPE);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers[RECORD_COUNT_HEADER]).toBe(String(count));
  expect(downloadName(response)).toBe(fileName);
}

describe.each(testDialects())('DTU task and batch exports on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuSubmissionApi(t);
  const { db, taskExport, batchExport, taskWith, testOf } = api;

  describe('a task with units of every kind', () => {
    const start = Date.UTC(2025, 5, 1, 2, 0, 0);
    const testerName = unique('检测员');
    let taskId: number;
    let batchId: number;
    let iccid: string;
    const zone = () => t.config.timeZone;

    /*
     *   u1  PASS, submitted, AUTO 信号质量 21 · ICCID, SERIAL 蓝牙名称
     *   u2  NOT_PASS (two failed items), submitted, another tester, AUTO 信号质量 5
     *   u3  under test, AUTO 信号质量 18
     *   u4  a sample of the batch: never in either file
     *   u5  PASS, not submitted, no tester, no terminal, no values
     */
    beforeAll(async () => {
      const task = await taskWith({ fittingType: '导出任务', padName: '检测台A', status: 'START' });
      taskId = task.taskId;
      const tester = await createUser(db(), testerName, 'Passw0rdX');
      const u1 = await testOf(taskId, task.padId, { unitCode: '861200000000001', mac: 'AA:BB:CC:00:00:01', startTime: start, checkTime: start + 30_000 });
      iccid = '89860000000000000001';
      await createDtuTestValue(db(), u1, { kind: 'AUTO', code: 'CSQ', name: '信号质量', value: '21', pass: true });
      await createDtuTestValue(db(), u1, { kind: 'AUTO', code: 'ICCID', name: 'ICCID', value: iccid, pass: true });
      await createDtuTestValue(db(), u1, { kind: 'SERIAL', code: 'BT_NAME', name: '蓝牙名称', value: 'HR-01', pass: true });
      await createDtuTestValue(db(), u1, { kind: 'BASE', code: 'IMEI', name: 'IMEI', value: '861200000000001' });
      const u2 = await testOf(taskId, task.padId, {
        unitCode: '861200000000002',
        startTime: start + 1000,
        testStatus: 'NOT_PASS',
        failures: ['信号质量', '复位按键'],
        testerId: tester,
      });
      await createDtuTestValue(db(), u2, { kind: 'AUTO', code: 'CSQ', name: '信号质量', value: '5', pass: false });
      batchId = await createSubmitBatch(db(), taskId);
      const u3 = await testOf(taskId, task.padId, { unitCode: '861200000000003', startTime: start + 2000, testStatus: null });
      await createDtuTestValue(db(), u3, { kind: 'AUTO', code: 'CSQ', name: '信号质量', value: '18' });
      const u4 = await createDtuTest(db(), taskId, { unitCode: '861200000000001', sampleBatchId: batchId, terminalId: task.padId });
      await createDtuTestValue(db(), u4, { kind: 'AUTO', code: 'SAMPLE_ONLY', value: 'x' });
      await createDtuTest(db(), taskId, { unitCode: '861200000000005', startTime: start + 3000, testerId: null, terminalId: null });
      // another task's values make no column here
      const other = await taskWith();
      await createDtuTestValue(db(), await testOf(other.taskId, other.padId), { kind: 'AUTO', code: 'RSSI', value: '-60' });
    });

    it('exports the task’s production records in test order with their values, named after the task', async () => {
      const response = await taskExport(taskId);
      expectXlsx(response, `导出任务_检测记录_${taskId}.xlsx`, 4);
      const time = (ms: number) => formatTime(ms, zone());
      expect(await sheetRows(response.rawPayload, '检测记录')).toEqual([
        [...TASK_HEADER, '信号质量', 'ICCID', '蓝牙名称'],
        [1, '861200000000001', 'AA:BB:CC:00:00:01', '成功', null, '已提交', `${taskId}-001`, 'admin', '检测台A', time(start), time(start + 30_000), '21', iccid, 'HR-01'],
        [2, '861200000000002', null, '失败', '信号质量、复位按键', '已提交', `${taskId}-001`, testerName, '检测台A', time(start + 1000), time(start + 61_000), '5'],
        [3, '861200000000003', null, '检测中', null, '未提交', null, 'admin', '检测台A', time(start + 2000), null, '18'],
        [4, '861200000000005', null, '成功', null, '未提交', null, null, null, time(start + 3000), time(start + 63_000)],
      ]);
    });

    it('exports a batch’s device list with the values its units reported', async () => {
      const response = await batchExport(batchId);
      expectXlsx(response, `导出任务_批次${taskId}-001_设备列表.xlsx`, 2);
      const time = (ms: number) => formatTime(ms, zone());
      expect(await sheetRows(response.rawPayload, '设备列表')).toEqual([
        [...BATCH_HEADER, '信号质量', 'ICCID', '蓝牙名称'],
        [1, '861200000000001', 'AA:BB:CC:00:00:01', '成功', null, time(start + 30_000), 'admin', '21', iccid, 'HR-01'],
        [2, '861200000000002', null, '失败', '信号质量、复位按键', time(start + 61_000), testerName, '5'],
      ]);
    });

    it('refuses as the envelope before any file: out of scope or unknown 404, no id 400, no session 401', async () => {
      const stranger = await api.tenant();
      const otherLine = await api.lineUser([(await taskWith()).productLineId]);
      for (const token of [stranger.token, otherLine.token]) {
        expectRefusal(await taskExport(taskId, token), 404, MSG.recordNotFound);
        expectRefusal(await batchExport(batchId, token), 404, MSG.recordNotFound);
      }
      expectRefusal(await taskExport(999_999), 404, MSG.recordNotFound);
      expectRefusal(await batchExport(999_999), 404, MSG.recordNotFound);
      expectRefusal(await api.get('/api/dtuTask/export', t.admin), 400, MSG.idRequired);
      expectRefusal(await api.get('/api/dtuTask/submitRecordExport', t.admin), 400, MSG.idRequired);
      expectRefusal(await taskExport(taskId, 'not-a-token'), 401, MSG.sessionExpired);
      expectRefusal(await batchExport(batchId, 'not-a-token'), 401, MSG.sessionExpired);
    });
  });

  it('a task without records: the header row alone', async () => {
    const { taskId } = await taskWith({ fittingType: '空任务' });
    const response = await taskExport(taskId);
    expectXlsx(response, `空任务_检测记录_${taskId}.xlsx`, 0);
    expect(await sheetRows(response.rawPayload, '检测记录')).toEqual([TASK_HEADER]);
  });

  it('tells value columns of one name apart by kind and code', () => {
    expect(
      valueHeaders([
        { kind: 'AUTO', code: 'CSQ', name: '信号质量' },
        { kind: 'AUTO', code: 'MAC', name: 'MAC' },
        { kind: 'SERIAL', code: 'MAC', name: 'MAC' },
      ]),
    ).toEqual(['信号质量', 'MAC(自动 MAC)', 'MAC(串口 MAC)']);
  });

  describe('a task of 2,500 units', () => {
    let taskId: number;
    let batchId: number;
    const COUNT = 2_500;
    const SUBMITTED = 1_200;

    beforeAll(async () => {
      const task = await taskWith({ status: 'START' });
      taskId = task.taskId;
      // Written straight to the tables in a few statements: 2,500 station results would be the station tests' subject.
      const owner = await api.taskRow(taskId);
      const base = Date.UTC(2025, 6, 1, 0, 0, 0);
      for (let from = 0; from < COUNT; from += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => {
          const n = from + k;
          const code = `8613${String(n).padStart(11, '0')}`;
          return {
            taskId,
            dtuId: owner.dtuId,
            ownerId: owner.ownerId,
            unitCode: code,
            imei: code,
            mac: '',
            terminalId: task.padId,
            testerId: owner.ownerId,
            startTime: base + n * 1000,
            checkTime: base + n * 1000 + 500,
            testStatus: n % 10 === 0 ? 'NOT_PASS' : 'PASS',
          };
        });
        const ids = await db().insertInto('dtu_test').values(rows).returning('id').execute();
        // A random ICCID-like token per unit: a sheet that compresses like real values, so the writer meets backpressure.
        const value = (testId: number, code: string, text: string) => ({ testId, kind: 'AUTO', code, name: code, value: text, pass: 1, reportTime: base });
        await db()
          .insertInto('dtu_test_value')
          .values(ids.flatMap(({ id }, k) => [value(id, 'CSQ', String((from + k) % 32)), value(id, 'TOKEN', randomBytes(16).toString('hex'))]))
          .execute();
      }
      const firstIds = await db().selectFrom('dtu_test').select('id').where('taskId', '=', taskId).orderBy('id').limit(SUBMITTED).execute();
      batchId = await createSubmitBatch(db(), taskId, { testIds: firstIds.map(({ id }) => id) });
    });

    it('writes each unit once, in test order, across the pages it reads', async () => {
      const response = await taskExport(taskId);
      expect(response.headers[RECORD_COUNT_HEADER]).toBe(String(COUNT));
      const rows = (await sheetRows(response.rawPayload, '检测记录')).slice(1);
      expect(rows.map((row) => row[0])).toEqual(Array.from({ length: COUNT }, (_, n) => n + 1));
      expect(rows.map((row) => row[1])).toEqual(Array.from({ length: COUNT }, (_, n) => `8613${String(n).padStart(11, '0')}`));
      expect(rows.map((row) => row[11])).toEqual(Array.from({ length: COUNT }, (_, n) => String(n % 32)));
      expect(rows.filter((row) => row[5] === '已提交')).toHaveLength(SUBMITTED);
      expect(rows[SUBMITTED - 1]![6]).toBe(`${taskId}-001`);
      expect(rows[SUBMITTED]![6]).toBeNull();

      const batch = await batchExport(batchId);
      expect(batch.headers[RECORD_COUNT_HEADER]).toBe(String(SUBMITTED));
      const batchRows = (await sheetRows(batch.rawPayload, '设备列表')).slice(1);
      expect(batchRows.map((row) => row[1])).toEqual(rows.slice(0, SUBMITTED).map((row) => row[1]));
    });

    it('reads no further than the client takes: a stalled reader stops the writer after a page or two', async () => {
      const exports: [sheet: string, open: (db: Kysely<Database>) => Promise<UnitExport>][] = [
        ['检测记录', (db) => openTaskExport(db, EVERY_TASK, taskId, t.config.timeZone)],
        ['设备列表', (db) => openBatchExport(db, EVERY_TASK, batchId, t.config.timeZone)],
      ];
      for (const [sheet, open] of exports) {
        const capture = new QueryCapture();
        const file = await open(capture.watch(db()));
        // The sheet worker's start (loading exceljs) is not what the 300 ms below should wait on.
        await sheetWorkerReady();
        capture.clear();
        const output = new PassThrough();
        let done = false;
        const writing = file.write(output).then(() => (done = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Nothing read the output: the writer waits, having read at most two pages.
        expect(done).toBe(false);
        expect(capture.orderedSelects().length).toBeLessThanOrEqual(2);
        const chunks: Buffer[] = [];
        output.on('data', (chunk: Buffer) => chunks.push(chunk));
        await writing;
        // every page, then the empty one that ends the file
        expect(capture.orderedSelects().length).toBe(Math.ceil(file.count / 1000) + 1);
        expect((await sheetRows(Buffer.concat(chunks), sheet)).length).toBe(file.count + 1);
      }
    });

    it('reads its pages along an index, without a sort', async () => {
      const taskPlan = await planOf(db(), dialect, (trx) => unitsAfter(trx, { taskId }, 1000, 1000));
      expect(taskPlan).toMatch(/dtu_test_task/);
      const batchPlan = await planOf(db(), dialect, (trx) => unitsAfter(trx, { batchId }, 1000, 1000));
      expect(batchPlan).toMatch(/dtu_test_batch/);
      for (const plan of [taskPlan, batchPlan]) expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
    });
  });
});
