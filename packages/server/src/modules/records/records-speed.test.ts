import { PATHS, RECORD_LIMITS, RECORD_MSG, type RecordPage } from '@factory/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { planOfStatement, QueryCapture } from '../../../test/query-capture.js';
import { recordsApi } from '../../../test/records-api.js';
import type { RunningTask } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { type RecordFilters, recordCount, recordPage, testedUnitsOf } from './records.repository.js';

/**
 * Issue 19 item 2: records pages that do not scan. The unfiltered total comes
 * from the task's rollup, a filtered one is counted up to RECORD_LIMITS.countCap,
 * pages are read by keyset next to a known record, and each filter reads an index.
 */
describe.each(testDialects())('records pages that do not scan on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = recordsApi(
    () => t.app,
    () => t.admin,
    () => t.config.timeZone,
  );
  const list = async (taskId: number, query: Record<string, string | number> = {}) =>
    dataOf<RecordPage>(await api.get(PATHS.recordList, t.admin, { taskId, ...query }));

  /**
   * Eight devices through the station API, with failures, retests and a device
   * tested twice at one flow, so the rollup has something to get wrong; two untested.
   */
  describe('a task tested through the stations', () => {
    let task: RunningTask;
    beforeAll(async () => {
      task = await api.recordTask({ count: 10 });
      const c = task.codes;
      const fail = { values: [25, 'V1.2'], manual: [true, true] };
      for (let i = 0; i < 8; i++) await api.pass(task, 0, c[i]!, `2025-03-01 10:00:0${i}`);
      for (const i of [0, 2, 4]) await api.pass(task, 1, c[i]!, `2025-03-01 11:00:0${i}`, { mac: `AA:00:00:00:00:0${i}` });
      await api.result(task, 0, c[5]!, { end: '2025-03-01 12:00:00', ...fail });
      await api.result(task, 0, c[6]!, { end: '2025-03-01 12:00:01', ...fail });
      await api.pass(task, 0, c[6]!, '2025-03-01 12:00:02');
      // A device whose first result is a failure.
      await api.result(task, 0, c[8]!, { end: '2025-03-01 09:00:00', ...fail });
    });

    it('takes the unfiltered total from the rollup, equal to the count it replaces', async () => {
      const db = api.db();
      const counted = await recordCount(db, dialect, task.taskId, {});
      expect(counted).toBe(9);
      expect(await testedUnitsOf(db, task.taskId)).toBe(counted);
      const capture = new QueryCapture();
      const page = await recordPage(capture.watch(db), dialect, task.taskId, {}, { page: 1, pageSize: 2 });
      expect(page).toMatchObject({ total: 9, capped: false, hasMore: true });
      // No count over the devices.
      const texts = capture.statements.map((statement) => statement.sql);
      expect(texts.filter((text) => /count\(/i.test(text))).toEqual([]);
      // The total is the rollup's: moved by hand, the page's total follows it (then put back).
      const [flowId] = task.flowIds;
      const bump = (by: number) =>
        db
          .updateTable('flow_counter')
          .set((eb) => ({ testedUnits: eb('testedUnits', '+', by) }))
          .where('taskFlowId', '=', flowId!)
          .execute();
      await bump(5);
      try {
        expect(await recordPage(db, dialect, task.taskId, {}, { page: 1, pageSize: 2 })).toMatchObject({ total: 14 });
      } finally {
        await bump(-5);
      }
      // An untested task's rollup has no rows: 0, not null.
      const idle = await api.recordTask({ count: 1 });
      expect(await testedUnitsOf(db, idle.taskId)).toBe(0);
    });

    it('answers the filtered totals exactly below the cap, each equal to its full count', async () => {
      const db = api.db();
      const filterSets: RecordFilters[] = [
        { testStatus: 'PASS' },
        { testStatus: 'NOT_PASS' },
        { firstTestFrom: api.epoch('2025-03-01 10:00:03') },
        { firstTestBefore: api.epoch('2025-03-01 10:00:03'), testStatus: 'PASS' },
        { searchText: 'AA:00' },
      ];
      for (const filters of filterSets) {
        const full = await recordCount(db, dialect, task.taskId, filters);
        for (const page of [1, 2, 5]) {
          const answer = await recordPage(db, dialect, task.taskId, filters, { page, pageSize: 2 });
          expect({ filters, page, total: answer.total, capped: answer.capped }).toEqual({ filters, page, total: full, capped: false });
        }
      }
      expect(await recordCount(db, dialect, task.taskId, { testStatus: 'PASS' })).toBe(3);
    });

    it('serves every page by number, from either end, as the whole list cut in pages', async () => {
      const all = (await list(task.taskId, { pageSize: 0 })).data.map((record) => record.id);
      expect(all).toHaveLength(9);
      for (const pageSize of [1, 2, 3, 4]) {
        for (let page = 1; page <= Math.ceil(9 / pageSize) + 1; page++) {
          const answer = await list(task.taskId, { page, pageSize });
          expect(answer.data.map((record) => record.id)).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
          expect(answer.hasMore).toBe(page * pageSize < 9);
          expect(answer.totalRecord).toBe(9);
        }
      }
    });
  });

  /**
   * 10,300 tested devices written straight to the rows (10,300 station results
   * would be the station tests' subject): all NOT_PASS but every 100th, PASS;
   * first tests one second apart with pairs sharing a second, so ties straddle pages.
   */
  describe(`a task past the count cap (${RECORD_LIMITS.countCap.toLocaleString('en')})`, () => {
    const UNITS = 10_300;
    const BASE = Date.UTC(2025, 4, 1, 2, 0, 0);
    let big: RunningTask;
    /** the NOT_PASS codes in list order */
    let failed: string[];

    beforeAll(async () => {
      big = await api.recordTask({ count: UNITS });
      await api
        .db()
        .updateTable('production_code')
        .set((eb) => ({
          firstTestTime: sql<number>`${sql.lit(BASE)} + (${eb.ref('sequence')} / 2) * 1000`,
          lastTestTime: sql<number>`${sql.lit(BASE)} + (${eb.ref('sequence')} / 2) * 1000 + 60000`,
          testStatus: sql<string>`case when ${eb.ref('sequence')} % 100 = 0 then 'PASS' else 'NOT_PASS' end`,
          resultCount: 1,
        }))
        .where('taskId', '=', big.taskId)
        .execute();
      const rows = await api
        .db()
        .selectFrom('production_code')
        .select(['id', 'code', 'firstTestTime'])
        .where('taskId', '=', big.taskId)
        .where('testStatus', '=', 'NOT_PASS')
        .execute();
      failed = rows.sort((a, b) => b.firstTestTime! - a.firstTestTime! || b.id - a.id).map((row) => row.code);
      expect(failed.length).toBeGreaterThan(RECORD_LIMITS.countCap);
    }, 120_000);

    it('says 10,000+ past the cap and the exact count below it', async () => {
      expect(await list(big.taskId, { testStatus: 'NOT_PASS' })).toMatchObject({ totalRecord: RECORD_LIMITS.countCap, totalCapped: true, hasMore: true });
      expect(await list(big.taskId, { testStatus: 'PASS' })).toMatchObject({ totalRecord: 103, totalCapped: false });
      // A date range over everything is capped too; a narrower one is exact (500 s, two devices a second, one PASS in 100).
      expect(await list(big.taskId, { fromTime: '2025-05-01' })).toMatchObject({ totalRecord: RECORD_LIMITS.countCap, totalCapped: true });
      expect(await recordPage(api.db(), dialect, big.taskId, { testStatus: 'NOT_PASS', firstTestBefore: BASE + 500_000 }, { page: 1, pageSize: 10 })).toMatchObject({
        total: 990,
        capped: false,
      });
      // The cap is the count's only bound: a smaller one caps the same way.
      expect(await recordPage(api.db(), dialect, big.taskId, { testStatus: 'PASS' }, { page: 1, pageSize: 10 }, 100)).toMatchObject({ total: 100, capped: true });
      expect(await recordPage(api.db(), dialect, big.taskId, { testStatus: 'PASS' }, { page: 1, pageSize: 10 }, 103)).toMatchObject({ total: 103, capped: false });
    });

    it('pages by keyset past the cap: disjoint pages in list order, every record once, forwards and back', async () => {
      const pageSize = 1000;
      const forward: RecordPage[] = [];
      let after: string | null = null;
      for (let page = 1; ; page++) {
        const answer: RecordPage = await list(big.taskId, { testStatus: 'NOT_PASS', page, pageSize, ...(after ? { after } : {}) });
        forward.push(answer);
        if (!answer.hasMore) break;
        after = answer.lastCursor;
        expect(forward.length).toBeLessThan(20);
      }
      expect(forward.flatMap((answer) => answer.data.map((record) => record.id))).toEqual(failed);
      expect(forward.every((answer) => answer.totalCapped && answer.totalRecord === RECORD_LIMITS.countCap)).toBe(true);
      expect(forward.at(-1)!.data.length).toBe(failed.length % pageSize || pageSize);

      // Back from the last page with `before`: the same pages, in the same order within each.
      const back: string[][] = [];
      let before = forward.at(-1)!.firstCursor;
      for (let page = forward.length - 1; page >= 1; page--) {
        const answer = await list(big.taskId, { testStatus: 'NOT_PASS', page, pageSize, before: before! });
        back.unshift(answer.data.map((record) => record.id));
        before = answer.firstCursor;
      }
      expect(back).toEqual(forward.slice(0, -1).map((answer) => answer.data.map((record) => record.id)));
      // A keyset page is the page its number names.
      const byNumber = await list(big.taskId, { testStatus: 'NOT_PASS', page: 3, pageSize });
      expect(byNumber.data.map((record) => record.id)).toEqual(forward[2]!.data.map((record) => record.id));
    });

    it('refuses a cursor that is not one', async () => {
      for (const after of ['x', '12', '12_', '_3', '1.5_2', '-1_2']) {
        expectRefusal(await api.get(PATHS.recordList, t.admin, { taskId: big.taskId, after }), 400, RECORD_MSG.cursorRule);
      }
      expectRefusal(await api.get(PATHS.recordList, t.admin, { taskId: big.taskId, before: 'a_b' }), 400, RECORD_MSG.cursorRule);
    });

    /**
     * How the database runs each statement of a page and its count: off an
     * index in list order, never a sort, the count bounded by the cap. As in
     * record-order.test.ts, PostgreSQL is told to avoid sorts and table scans
     * (on a test's few rows both are cheapest).
     */
    it('reads every filter off its index, with no sort', async () => {
      const cursor = { firstTestTime: BASE + 3000 * 1000, id: 1 << 30 };
      const plansOf = async (filters: RecordFilters, paging: Parameters<typeof recordPage>[4]) => {
        const capture = new QueryCapture();
        await recordPage(capture.watch(api.db()), dialect, big.taskId, filters, paging);
        const plans = [];
        for (const statement of capture.statements) plans.push(await planOfStatement(api.db(), dialect, statement));
        return plans;
      };
      const noSort = dialect === 'sqlite' ? /TEMP B-TREE/ : /\bSort\b/;
      const status = { testStatus: 'NOT_PASS' } as const;
      const range = { firstTestFrom: BASE, firstTestBefore: BASE + 4000_000 };
      for (const [filters, index] of [
        [status, 'production_code_status'],
        // Both indexes bound a status within dates in list order; the planner weighs which range is shorter
        // (here nearly every device is NOT_PASS, and SQLite may take the date range of the other).
        [{ ...status, ...range }, /production_code_(status|first_test)/],
        [range, 'production_code_first_test'],
      ] as const) {
        for (const paging of [{ page: 2, pageSize: 10 }, { page: 1, pageSize: 10, after: cursor }, { page: 1, pageSize: 10, before: cursor }]) {
          // The page, then the capped count (its limited subquery is captured on its own as well).
          const plans = await plansOf(filters, paging);
          expect(plans.length).toBeGreaterThanOrEqual(2);
          for (const plan of plans) {
            expect(plan).toMatch(index);
            expect(plan).not.toMatch(noSort);
            if (dialect === 'postgres') expect(plan).not.toMatch(/Seq Scan/);
          }
          if ('after' in paging) {
            // The cursor bounds the index range itself.
            expect(plans[0]).toMatch(dialect === 'sqlite' ? /USING INDEX production_code_\w+ \(taskId=\? AND .*firstTestTime<\?\)/ : /Index Cond: .*ROW\("firstTestTime", id\) < ROW/);
          }
          // The count stops at the cap + 1 rows.
          expect(plans.at(-1)).toMatch(dialect === 'sqlite' ? /CO-ROUTINE limited/ : /Limit/);
        }
      }
    });

  });
});
