import { MSG, PATHS, type ProductionRecord, RECORD_MSG, type RecordDetail, type RecordPage } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordsApi } from '../../../test/records-api.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import type { RunningTask } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/**
 * One task of four devices, tested at known times (Asia/Shanghai) through the station API:
 *   A  功能检测 pass 03-01 10:00:00, 联网检测 pass 03-02 08:00:00 (45 s)          → PASS
 *   B  功能检测 fail 03-01 23:59:59, retest pass 03-02 00:00:10 (12.34 s)        → testing (null)
 *   C  功能检测 pass 03-02 00:00:00, 联网检测 fail 03-02 09:00:00                 → NOT_PASS
 *   D  untested: no record
 */
describe.each(testDialects())('production records on %s', (dialect) => {
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
  let expected: Record<'A' | 'B' | 'C', ProductionRecord>;

  beforeAll(async () => {
    task = await api.recordTask({ count: 4 });
    const [A, B, C, D] = task.codes as [string, string, string, string];
    codes = { A, B, C, D };
    lineCode = await api.lineCodeOf(task.taskId);

    const a1 = await api.pass(task, 0, A, '2025-03-01 10:00:00');
    const a2 = await api.pass(task, 1, A, '2025-03-02 08:00:00', { seconds: 45, mac: 'AA:BB:CC:00:00:01' });
    const b1 = await api.result(task, 0, B, { end: '2025-03-01 23:59:59', values: [25, 'V1.2'], manual: [true, true] });
    const b2 = await api.pass(task, 0, B, '2025-03-02 00:00:10', { seconds: 12.34 });
    const c1 = await api.pass(task, 0, C, '2025-03-02 00:00:00');
    const c2 = await api.result(task, 1, C, { end: '2025-03-02 09:00:00', values: [-90], manual: [true], mac: 'AA:BB:CC:00:01:02' });
    expect([a1, a2, b1, b2, c1, c2].map((verdict) => verdict.status)).toEqual([
      'TEST_SUCCESS',
      'TEST_SUCCESS',
      'TEST_ERROR',
      'TEST_SUCCESS',
      'TEST_SUCCESS',
      'TEST_ERROR',
    ]);

    const [f1, f2] = task.flowIds as [number, number];
    const flow1 = { id: f1, name: '功能检测', sequence: 1 };
    const flow2 = { id: f2, name: '联网检测', sequence: 2 };
    expected = {
      A: {
        id: A,
        taskId: task.taskId,
        deviceSn: `SN${A}`,
        deviceMac: 'AA:BB:CC:00:00:01',
        deviceImei: null,
        createTime: '2025-03-01 10:00:00',
        lastTestTime: '2025-03-02 08:00:00',
        testStatus: 'PASS',
        productionLineCode: lineCode,
        flows: [
          {
            ...flow1,
            runtimeTaskResultEntity: {
              id: a1.resultId,
              startTime: '2025-03-01 09:59:30',
              endTime: '2025-03-01 10:00:00',
              speed: 30,
              status: 'TEST_SUCCESS',
              historyCount: 1,
            },
          },
          {
            ...flow2,
            runtimeTaskResultEntity: {
              id: a2.resultId,
              startTime: '2025-03-02 07:59:15',
              endTime: '2025-03-02 08:00:00',
              speed: 45,
              status: 'TEST_SUCCESS',
              historyCount: 1,
            },
          },
        ],
      },
      B: {
        id: B,
        taskId: task.taskId,
        deviceSn: `SN${B}`,
        deviceMac: null,
        deviceImei: null,
        createTime: '2025-03-01 23:59:59',
        lastTestTime: '2025-03-02 00:00:10',
        testStatus: null,
        productionLineCode: lineCode,
        flows: [
          {
            ...flow1,
            // the retest is the latest; both results count
            runtimeTaskResultEntity: {
              id: b2.resultId,
              startTime: '2025-03-01 23:59:57',
              endTime: '2025-03-02 00:00:10',
              speed: 12.3,
              status: 'TEST_SUCCESS',
              historyCount: 2,
            },
          },
          { ...flow2, runtimeTaskResultEntity: null },
        ],
      },
      C: {
        id: C,
        taskId: task.taskId,
        deviceSn: `SN${C}`,
        deviceMac: 'AA:BB:CC:00:01:02',
        deviceImei: null,
        createTime: '2025-03-02 00:00:00',
        lastTestTime: '2025-03-02 09:00:00',
        testStatus: 'NOT_PASS',
        productionLineCode: lineCode,
        flows: [
          {
            ...flow1,
            runtimeTaskResultEntity: {
              id: c1.resultId,
              startTime: '2025-03-01 23:59:30',
              endTime: '2025-03-02 00:00:00',
              speed: 30,
              status: 'TEST_SUCCESS',
              historyCount: 1,
            },
          },
          {
            ...flow2,
            runtimeTaskResultEntity: {
              id: c2.resultId,
              startTime: '2025-03-02 08:59:30',
              endTime: '2025-03-02 09:00:00',
              speed: 30,
              status: 'TEST_ERROR',
              historyCount: 1,
            },
          },
        ],
      },
    };
  });

  /** A record's place in the list's order, as the list answers it (`<firstTestTime>_<id>`). */
  const cursorOf = async (code: string) => {
    const row = await api.db().selectFrom('production_code').select(['id', 'firstTestTime']).where('code', '=', code).executeTakeFirstOrThrow();
    return `${row.firstTestTime}_${row.id}`;
  };
  /** The keys issue 19 added to a page of these records: an exact total, whether more follow, the first and last as cursors. */
  const pageKeys = async (codesListed: string[], hasMore = false) => ({
    totalCapped: false,
    hasMore,
    firstCursor: codesListed.length > 0 ? await cursorOf(codesListed[0]!) : null,
    lastCursor: codesListed.length > 0 ? await cursorOf(codesListed.at(-1)!) : null,
  });

  const list = async (query: Record<string, string | number> = {}) =>
    dataOf<RecordPage>(await get(PATHS.recordList, t.admin, { taskId: task.taskId, ...query }));
  /** The production codes a list answers, in order, with its total. */
  const listed = async (query: Record<string, string | number> = {}) => {
    const page = await list(query);
    return { ids: page.data.map((record) => record.id), total: page.totalRecord };
  };

  describe('list', () => {
    it('answers the tested devices, newest first test first (the createTime it shows), with every field and the page keys of the specification', async () => {
      // B was retested after A's last test, but the list shows and orders by the first test.
      expect(await list()).toEqual({ data: [expected.C, expected.B, expected.A], totalRecord: 3, pageSize: 10, page: 1, ...(await pageKeys([codes.C, codes.B, codes.A])) });
    });

    it('pages with the total of every page', async () => {
      expect(await list({ page: 1, pageSize: 2 })).toEqual({ data: [expected.C, expected.B], totalRecord: 3, pageSize: 2, page: 1, ...(await pageKeys([codes.C, codes.B], true)) });
      expect(await list({ page: 2, pageSize: 2 })).toEqual({ data: [expected.A], totalRecord: 3, pageSize: 2, page: 2, ...(await pageKeys([codes.A])) });
      expect(await list({ page: 3, pageSize: 2 })).toEqual({ data: [], totalRecord: 3, pageSize: 2, page: 3, ...(await pageKeys([])) });
      expect(await list({ pageSize: 0 })).toEqual({ data: [expected.C, expected.B, expected.A], totalRecord: 3, pageSize: 0, page: 1, ...(await pageKeys([codes.C, codes.B, codes.A])) });
    });

    it('filters by test status; a device still testing matches neither', async () => {
      expect(await listed({ testStatus: 'PASS' })).toEqual({ ids: [codes.A], total: 1 });
      expect(await listed({ testStatus: 'NOT_PASS' })).toEqual({ ids: [codes.C], total: 1 });
      // Empty is no filter; an unknown status is refused like any malformed input (issue 12).
      expect(await listed({ testStatus: '' })).toEqual({ ids: [codes.C, codes.B, codes.A], total: 3 });
      expect((await get(PATHS.recordList, t.admin, { taskId: task.taskId, testStatus: 'BROKEN' })).statusCode).toBe(400);
    });

    it('bounds the first test by day in the factory zone: fromTime from its first second, toTime before its first second', async () => {
      // C's first test ends at 03-02 00:00:00 sharp, B's at 03-01 23:59:59.
      expect(await listed({ fromTime: '2025-03-02' })).toEqual({ ids: [codes.C], total: 1 });
      expect(await listed({ toTime: '2025-03-02' })).toEqual({ ids: [codes.B, codes.A], total: 2 });
      // As the console sends one day, 03-01: the end extended by a day.
      expect(await listed({ fromTime: '2025-03-01', toTime: '2025-03-02' })).toEqual({ ids: [codes.B, codes.A], total: 2 });
      expect(await listed({ fromTime: '2025-03-02', toTime: '2025-03-03' })).toEqual({ ids: [codes.C], total: 1 });
      expect(await listed({ fromTime: '2025-03-03' })).toEqual({ ids: [], total: 0 });
      expect(await listed({ toTime: '2025-03-01' })).toEqual({ ids: [], total: 0 });
      // B's last test is on 03-02 but its first on 03-01: the first test decides.
      expect(await listed({ fromTime: '2025-03-02', testStatus: 'NOT_PASS' })).toEqual({ ids: [codes.C], total: 1 });
    });

    it('refuses dates out of order or not real', async () => {
      expectRefusal(await get(PATHS.recordList, t.admin, { taskId: task.taskId, fromTime: '2025-03-03', toTime: '2025-03-02' }), 400, RECORD_MSG.dateOrder);
      expectRefusal(await get(PATHS.recordList, t.admin, { taskId: task.taskId, fromTime: '2025/03/01' }), 400, RECORD_MSG.dateRule);
      expectRefusal(await get(PATHS.recordList, t.admin, { taskId: task.taskId, toTime: '2025-02-30' }), 400, RECORD_MSG.dateRule);
      expectRefusal(await get(PATHS.recordList, t.admin, { taskId: task.taskId, fromTime: '2025-03-01 10:00:00' }), 400, RECORD_MSG.dateRule);
      // The same day on both ends is no error, only an empty range.
      expect(await listed({ fromTime: '2025-03-02', toTime: '2025-03-02' })).toEqual({ ids: [], total: 0 });
    });

    it('searches the start of the production code, SN, MAC or IMEI', async () => {
      expect(await listed({ searchText: codes.A.slice(0, 7) })).toEqual({ ids: [codes.A], total: 1 });
      expect(await listed({ searchText: codes.B })).toEqual({ ids: [codes.B], total: 1 });
      expect(await listed({ searchText: `SN${codes.C.slice(0, 5)}` })).toEqual({ ids: [codes.C], total: 1 });
      expect(await listed({ searchText: 'SN' })).toEqual({ ids: [codes.C, codes.B, codes.A], total: 3 });
      expect(await listed({ searchText: 'AA:BB:CC:00:0' })).toEqual({ ids: [codes.C, codes.A], total: 2 });
      expect(await listed({ searchText: 'AA:BB:CC:00:01' })).toEqual({ ids: [codes.C], total: 1 });
      expect(await listed({ searchText: '  AA:BB:CC:00:00:01 ' })).toEqual({ ids: [codes.A], total: 1 });
      // The start only, not the middle; an untested device never.
      expect(await listed({ searchText: 'BB:CC' })).toEqual({ ids: [], total: 0 });
      expect(await listed({ searchText: codes.A.slice(1) })).toEqual({ ids: [], total: 0 });
      expect(await listed({ searchText: codes.D })).toEqual({ ids: [], total: 0 });
      // With the other filters and paging.
      expect(await listed({ searchText: 'SN', testStatus: 'PASS' })).toEqual({ ids: [codes.A], total: 1 });
      expect(await list({ searchText: 'AA:', page: 2, pageSize: 1 })).toEqual({ data: [expected.A], totalRecord: 2, pageSize: 1, page: 2, ...(await pageKeys([codes.A])) });
    });

    it('answers 404 for an unknown task and 400 for no task', async () => {
      expectRefusal(await get(PATHS.recordList, t.admin, { taskId: task.taskId + 1000 }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.recordList, t.admin), 400, MSG.idRequired);
    });

    it('lists nothing for a task with no result yet', async () => {
      const idle = await api.recordTask({ count: 2 });
      expect(dataOf<RecordPage>(await get(PATHS.recordList, t.admin, { taskId: idle.taskId }))).toEqual({
        data: [],
        totalRecord: 0,
        pageSize: 10,
        page: 1,
        ...(await pageKeys([])),
      });
    });
  });

  describe('detail', () => {
    it('answers the record with its task and every flow, untested flows null', async () => {
      const product = await api.db().selectFrom('product_type').select('name').where('id', '=', task.product.productTypeId).executeTakeFirstOrThrow();
      const task_ = { productNumber: task.product.number, productTypeName: product.name, taskStatus: 'START' };
      for (const key of ['A', 'B', 'C'] as const) {
        expect(dataOf<RecordDetail>(await get(PATHS.recordDetail, t.admin, { id: codes[key] }))).toEqual({ ...expected[key], ...task_ });
      }
    });

    it('answers 404 for an unknown code and for a device with no result yet', async () => {
      expectRefusal(await get(PATHS.recordDetail, t.admin, { id: 'NOSUCHCODE' }), 404, RECORD_MSG.recordMissing);
      expectRefusal(await get(PATHS.recordDetail, t.admin, { id: codes.D }), 404, RECORD_MSG.recordMissing);
      expectRefusal(await get(PATHS.recordDetail, t.admin, { id: ' ' }), 400, RECORD_MSG.recordMissing);
    });
  });
});
