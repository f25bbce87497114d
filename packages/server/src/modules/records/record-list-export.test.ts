import { PassThrough } from 'node:stream';
import { MSG, PATHS, RECORD_COUNT_HEADER, RECORD_MSG, type RecordPage } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCapture } from '../../../test/query-capture.js';
import { sheetWorkerReady } from '../../platform/xlsx-streaming.js';
import { recordsApi } from '../../../test/records-api.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import type { RunningTask } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { downloadName, sheetRows, XLSX_TYPE } from '../../../test/xlsx-answers.js';
import { openRecordListExport, READ_BATCH } from './record-list-export.js';

const HEADER = ['生产码', 'SN', 'MAC', 'IMEI', '检测时间', '最近检测时间', '检测状态', '产线', '功能检测', '联网检测'];

/**
 * Issue 13 item 12. The records tests' task (records.test.ts), tested at known
 * times (Asia/Shanghai):
 *   A  功能检测 pass 03-01 10:00:00, 联网检测 pass 03-02 08:00:00   → 合格
 *   B  功能检测 fail 03-01 23:59:59, retest pass 03-02 00:00:10     → 检测中
 *   C  功能检测 pass 03-02 00:00:00, 联网检测 fail 03-02 09:00:00   → 不合格
 *   D  untested: no record
 */
describe.each(testDialects())('export of the records list on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = recordsApi(
    () => t.app,
    () => t.admin,
    () => t.config.timeZone,
  );
  const { get } = api;
  let task: RunningTask;
  let codes: { A: string; B: string; C: string; D: string };
  let lineCode: string;

  beforeAll(async () => {
    task = await api.recordTask({ count: 4 });
    const [A, B, C, D] = task.codes as [string, string, string, string];
    codes = { A, B, C, D };
    lineCode = await api.lineCodeOf(task.taskId);
    await api.pass(task, 0, A, '2025-03-01 10:00:00');
    await api.pass(task, 1, A, '2025-03-02 08:00:00', { mac: 'AA:BB:CC:00:00:01' });
    await api.result(task, 0, B, { end: '2025-03-01 23:59:59', values: [25, 'V1.2'], manual: [true, true] });
    await api.pass(task, 0, B, '2025-03-02 00:00:10');
    await api.pass(task, 0, C, '2025-03-02 00:00:00');
    await api.result(task, 1, C, { end: '2025-03-02 09:00:00', values: [-90], manual: [true], mac: 'AA:BB:CC:00:01:02' });
  });

  const exportOf = (query: Record<string, string | number>, token = t.admin) =>
    get(PATHS.recordExportList, token, { taskId: task.taskId, ...query });
  /** The production codes of an export, in order, with the count its header announced. */
  async function exported(query: Record<string, string | number> = {}) {
    const response = await exportOf(query);
    expect(response.statusCode).toBe(200);
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    return { codes: rows.slice(1).map((row) => row[0]), count: Number(response.headers[RECORD_COUNT_HEADER]) };
  }

  it('writes every record the list answers, in its order, with the console’s words, named after the model and task', async () => {
    const response = await exportOf({});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers[RECORD_COUNT_HEADER]).toBe('3');
    expect(downloadName(response)).toBe(`${task.product.number}_生产记录_${task.taskId}.xlsx`);
    expect(await sheetRows(response.rawPayload)).toEqual([
      HEADER,
      [codes.C, `SN${codes.C}`, 'AA:BB:CC:00:01:02', null, '2025-03-02 00:00:00', '2025-03-02 09:00:00', '不合格', lineCode, '合格', '不合格'],
      // B failed 功能检测 and passed the retest: its latest result there decides; 联网检测 not yet.
      [codes.B, `SN${codes.B}`, null, null, '2025-03-01 23:59:59', '2025-03-02 00:00:10', '检测中', lineCode, '合格', '未检测'],
      [codes.A, `SN${codes.A}`, 'AA:BB:CC:00:00:01', null, '2025-03-01 10:00:00', '2025-03-02 08:00:00', '合格', lineCode, '合格', '合格'],
    ]);
    const list = dataOf<RecordPage>(await get(PATHS.recordList, t.admin, { taskId: task.taskId, pageSize: 0 }));
    expect((await exported()).codes).toEqual(list.data.map((record) => record.id));
  });

  it('applies the list’s filters: status, first-test dates, search, together', async () => {
    expect(await exported({ testStatus: 'PASS' })).toEqual({ codes: [codes.A], count: 1 });
    expect(await exported({ testStatus: 'NOT_PASS' })).toEqual({ codes: [codes.C], count: 1 });
    expect(await exported({ testStatus: '' })).toEqual({ codes: [codes.C, codes.B, codes.A], count: 3 });
    expect(await exported({ fromTime: '2025-03-02' })).toEqual({ codes: [codes.C], count: 1 });
    expect(await exported({ fromTime: '2025-03-01', toTime: '2025-03-02' })).toEqual({ codes: [codes.B, codes.A], count: 2 });
    expect(await exported({ searchText: 'AA:BB:CC:00:0' })).toEqual({ codes: [codes.C, codes.A], count: 2 });
    expect(await exported({ searchText: codes.B.slice(0, 6), toTime: '2025-03-02' })).toEqual({ codes: [codes.B], count: 1 });
    // Nothing matches: the header row alone. An untested device is never a record.
    expect(await exported({ searchText: codes.D })).toEqual({ codes: [], count: 0 });
    expect(await exported({ fromTime: '2025-03-03' })).toEqual({ codes: [], count: 0 });
  });

  it('refuses as the envelope, before any file: bad filters 400, no task 400, an unknown task 404, no session 401', async () => {
    expectRefusal(await exportOf({ fromTime: '2025-03-03', toTime: '2025-03-02' }), 400, RECORD_MSG.dateOrder);
    expectRefusal(await exportOf({ fromTime: '2025/03/01' }), 400, RECORD_MSG.dateRule);
    expect((await exportOf({ testStatus: 'BROKEN' })).statusCode).toBe(400);
    expectRefusal(await get(PATHS.recordExportList, t.admin), 400, MSG.idRequired);
    expectRefusal(await get(PATHS.recordExportList, t.admin, { taskId: task.taskId + 1000 }), 404, MSG.recordNotFound);
    expectRefusal(await exportOf({}, 'not-a-token'), 401, MSG.sessionExpired);
  });

  describe('a task of 2,500 records', () => {
    let big: RunningTask;
    /** the codes in the order the list answers them */
    let expected: [code: string, status: string][];
    const BASE = Date.UTC(2025, 4, 1, 2, 0, 0);

    beforeAll(async () => {
      big = await api.recordTask({ count: 2_500 });
      // Tested states written straight to the devices: 2,500 station results would be the station tests' subject.
      // Three devices share each first-test second, so ties straddle the export's 1,000-record batches.
      const rows = await api.db().selectFrom('production_code').select(['id', 'code', 'sequence']).where('taskId', '=', big.taskId).execute();
      const firstOf = (sequence: number) => BASE + Math.floor(sequence / 3) * 1000;
      const statusOf = (sequence: number) => (sequence % 10 === 0 ? 'NOT_PASS' : 'PASS');
      await api.db().transaction().execute(async (trx) => {
        for (const row of rows) {
          const at = firstOf(row.sequence);
          await trx
            .updateTable('production_code')
            .set({ firstTestTime: at, lastTestTime: at + 60_000, testStatus: statusOf(row.sequence), resultCount: 1 })
            .where('id', '=', row.id)
            .execute();
        }
      });
      expected = rows
        .sort((a, b) => firstOf(b.sequence) - firstOf(a.sequence) || b.id - a.id)
        .map((row) => [row.code, statusOf(row.sequence) === 'PASS' ? '合格' : '不合格']);
    });

    it('writes each record once, in the list order across batches, and the status filter too', async () => {
      const response = await get(PATHS.recordExportList, t.admin, { taskId: big.taskId });
      expect(response.headers[RECORD_COUNT_HEADER]).toBe('2500');
      const rows = await sheetRows(response.rawPayload);
      expect(rows.slice(1).map((row) => [row[0], row[6]])).toEqual(expected);
      // No results were stored for these devices: every flow reads 未检测.
      expect(rows[1]!.slice(7)).toEqual([await api.lineCodeOf(big.taskId), '未检测', '未检测']);
      const failed = await get(PATHS.recordExportList, t.admin, { taskId: big.taskId, testStatus: 'NOT_PASS' });
      expect(failed.headers[RECORD_COUNT_HEADER]).toBe('250');
      expect((await sheetRows(failed.rawPayload)).slice(1).map((row) => row[6])).toEqual(Array(250).fill('不合格'));
    });

    it('reads no further than the client takes: a stalled reader stops the writer after a batch or two', async () => {
      const capture = new QueryCapture();
      const db = capture.watch(api.db());
      // The platform administrator's scope: every task.
      const file = await openRecordListExport(db, dialect, { ownerId: null, lineIds: null }, big.taskId, {}, t.config.timeZone);
      expect(file.count).toBe(2_500);
      // The sheet worker's start (loading exceljs) is not what the 300 ms below should wait on.
      await sheetWorkerReady();
      capture.clear();
      const output = new PassThrough();
      let done = false;
      const writing = file.write(output).then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Nothing read the output: the writer waits, having read at most 1,500 of the 2,500 records (what the
      // worker's and the stream's buffers hold), not all of them.
      expect(done).toBe(false);
      expect(capture.orderedSelects().length * READ_BATCH).toBeLessThanOrEqual(1_500);
      const chunks: Buffer[] = [];
      output.on('data', (chunk: Buffer) => chunks.push(chunk));
      await writing;
      // Every batch, and the empty read that ends them.
      expect(capture.orderedSelects().length).toBe(Math.ceil(2_500 / READ_BATCH) + 1);
      expect((await sheetRows(Buffer.concat(chunks))).length).toBe(2_501);
    });
  });
});
