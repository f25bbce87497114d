import { PATHS, type RecordPage } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { planOfStatement, QueryCapture } from '../../../test/query-capture.js';
import { recordsApi } from '../../../test/records-api.js';
import { dataOf } from '../../../test/answers.js';
import type { RunningTask } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { recordPage, recordsAfter } from './records.repository.js';

/**
 * Issue 13 item 4: the list showed 19:00:38, 19:00:42, 19:00:22 because it
 * was ordered by the last test while it shows the first. Seven devices, first
 * tested at known times (Asia/Shanghai), some retested later, three in the
 * same millisecond, one never tested:
 *   d0 10:00:05          d1 10:00:01, flow 2 at 10:05:00   d2 d3 d4 10:00:03
 *   d5 09:59:59, flow 2 at 10:10:00                          d6 untested
 */
describe.each(testDialects())('records in time order on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = recordsApi(
    () => t.app,
    () => t.admin,
    () => t.config.timeZone,
  );
  let task: RunningTask;
  let d: string[];
  /** production_code ids by code: the tie-break */
  let idOf: Map<string, number>;

  beforeAll(async () => {
    task = await api.recordTask({ count: 7 });
    d = task.codes;
    await api.pass(task, 0, d[0]!, '2025-03-01 10:00:05');
    await api.pass(task, 0, d[1]!, '2025-03-01 10:00:01');
    await api.pass(task, 1, d[1]!, '2025-03-01 10:05:00', { mac: 'AA:00:00:00:00:01' });
    for (const code of [d[3]!, d[2]!, d[4]!]) await api.pass(task, 0, code, '2025-03-01 10:00:03');
    await api.pass(task, 0, d[5]!, '2025-03-01 09:59:59');
    await api.pass(task, 1, d[5]!, '2025-03-01 10:10:00', { mac: 'AA:00:00:00:00:05' });
    const rows = await api.db().selectFrom('production_code').select(['id', 'code']).where('taskId', '=', task.taskId).execute();
    idOf = new Map(rows.map((row) => [row.code, row.id]));
  });

  const page = async (page: number, pageSize: number) =>
    dataOf<RecordPage>(await api.get(PATHS.recordList, t.admin, { taskId: task.taskId, page, pageSize }));
  /** The three devices tested in the same millisecond, larger id first. */
  const tied = () => [d[2]!, d[3]!, d[4]!].sort((a, b) => idOf.get(b)! - idOf.get(a)!);

  it('lists newest first test first, ties by id, with the time the page shows never rising', async () => {
    const all = await page(1, 0);
    expect(all.data.map((record) => record.id)).toEqual([d[0], ...tied(), d[1], d[5]]);
    expect(all.data.map((record) => record.createTime)).toEqual([
      '2025-03-01 10:00:05',
      '2025-03-01 10:00:03',
      '2025-03-01 10:00:03',
      '2025-03-01 10:00:03',
      '2025-03-01 10:00:01',
      '2025-03-01 09:59:59',
    ]);
  });

  it('pages through every record once, in the same order, the tie split across pages', async () => {
    const pages = [await page(1, 2), await page(2, 2), await page(3, 2), await page(4, 2)];
    expect(pages.map((each) => each.data.map((record) => record.id))).toEqual([[d[0], tied()[0]], tied().slice(1), [d[1], d[5]], []]);
    expect(pages.every((each) => each.totalRecord === 6)).toBe(true);
  });

  it('keeps a record in its place when it is retested while the pages are read', async () => {
    const before = [await page(2, 2), await page(3, 2)];
    // d0 (page 1) and d2 (the tie) are tested again now: their first test is unchanged.
    await api.pass(task, 1, d[0]!, '2025-03-01 11:00:00', { mac: 'AA:00:00:00:00:00' });
    await api.pass(task, 1, d[2]!, '2025-03-01 11:00:01', { mac: 'AA:00:00:00:00:02' });
    const after = [await page(2, 2), await page(3, 2)];
    expect(after.map((each) => each.data.map((record) => record.id))).toEqual(before.map((each) => each.data.map((record) => record.id)));
  });

  it('reads the export in the list order, batch after batch from a cursor', async () => {
    const db = api.db();
    const seen: string[] = [];
    let after: { firstTestTime: number; id: number } | null = null;
    for (;;) {
      const rows = await recordsAfter(db, dialect, task.taskId, {}, after, 2);
      if (rows.length === 0) break;
      seen.push(...rows.map((row) => row.code));
      const last = rows[rows.length - 1]!;
      after = { firstTestTime: last.firstTestTime!, id: last.id };
    }
    expect(seen).toEqual([d[0], ...tied(), d[1], d[5]]);
  });

  /**
   * How the database would run the list's page and the export's next batch: off
   * the (taskId, firstTestTime, id) index with no sort, so a page costs the same
   * at a million devices. PostgreSQL is told to avoid sorts and table scans,
   * since on a handful of rows both are cheapest; a plan with no sort exists only
   * if an index gives the order.
   */
  it('reads pages and export batches off the order index, with no sort', async () => {
    const capture = new QueryCapture();
    const db = capture.watch(api.db());
    await recordPage(db, dialect, task.taskId, {}, { page: 2, pageSize: 2 });
    await recordsAfter(db, dialect, task.taskId, {}, { firstTestTime: api.epoch('2025-03-01 10:00:03'), id: idOf.get(tied()[1]!)! }, 2);
    await recordsAfter(db, dialect, task.taskId, { testStatus: 'PASS', firstTestFrom: api.epoch('2025-03-01 00:00:00') }, null, 2);
    const ordered = capture.orderedSelects();
    expect(ordered).toHaveLength(3);
    const plans = [];
    for (const statement of ordered) plans.push(await planOfStatement(api.db(), dialect, statement));
    for (const plan of plans) expect(plan).not.toMatch(dialect === 'sqlite' ? /TEMP B-TREE/ : /\bSort\b/);
    expect(plans[0]).toContain('production_code_first_test');
    expect(plans[1]).toContain('production_code_first_test');
    // A status filter reads its own index in the same order (migration 019, issue 19).
    expect(plans[2]).toContain('production_code_status');
    // The cursor bounds the index range itself: the next batch starts where the last one ended, never from the top.
    expect(plans[1]).toMatch(dialect === 'sqlite' ? /USING INDEX production_code_first_test \(taskId=\? AND .*firstTestTime<\?\)/ : /Index Cond: .*ROW\("firstTestTime", id\) < ROW/);
  });

});
