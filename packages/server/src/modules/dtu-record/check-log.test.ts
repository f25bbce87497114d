import { DTU_TASK_MSG, MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { dtuRecordApi, planOf } from '../../../test/dtu-record-api.js';
import { createDtuReport } from '../../../test/factories/dtu-tasks.js';
import { createDtu } from '../../../test/factories/dtus.js';
import { createLine } from '../../../test/factories/lines.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { parseZonedTime } from '../../platform/time.js';
import { checkLogSlice } from './check-log.repository.js';

describe.each(testDialects())('the check log (检测日志) on %s', (dialect) => {
  const t = withTestApp(dialect);
  const api = dtuRecordApi(t);
  const { db, history, historyRaw, taskWith } = api;
  const at = (text: string) => parseZonedTime(text, t.config.timeZone)!.epochMs;
  const ids = (page: { list: { id: number }[] }) => page.list.map((row) => row.id);

  /** A DTU with two tasks on two lines, and reports of its units joined to them. */
  async function dtuWithReports() {
    const dtuId = await createDtu(db());
    const a = await taskWith({ dtuId });
    const b = await taskWith({ dtuId });
    const report = (unit: string, task: { taskId: number } | null, time: string, content: Record<string, unknown> | string = { CSQ: 20 }, source: 'MQTT' | 'STATION' = 'MQTT') =>
      createDtuReport(db(), unit, content, { receiveTime: at(time), source, dtuId: task ? dtuId : null, taskId: task?.taskId ?? null });
    return { dtuId, a, b, report };
  }

  it('lists the DTU’s reports newest first as received, by task and by unit', async () => {
    const { dtuId, a, b, report } = await dtuWithReports();
    const first = await report('861000000000001', a, '2025-03-01 09:00:00', { CSQ: 20, ICCID: '8986' });
    const second = await report('ac:de:48:00:00:01', b, '2025-03-01 10:00:00', '{"SERIAL_LOOPBACK":"OK"}', 'STATION');
    const third = await report('861000000000001', a, '2025-03-01 11:00:00');
    // a report that joined no unit, another DTU's
    await report('861000000000001', null, '2025-03-01 12:00:00');
    const stranger = await taskWith();
    await createDtuReport(db(), '861000000000001', { CSQ: 1 }, { dtuId: stranger.dtuId, taskId: stranger.taskId });

    const page = await history({ dtuId });
    expect(page).toMatchObject({ total: 3, pageSize: 100, pageNum: 1, hasMore: false });
    expect(ids(page)).toEqual([third, second, first]);
    expect(page.list[1]).toEqual({
      id: second,
      imei: 'AC:DE:48:00:00:01',
      startTime: '2025-03-01 10:00:00',
      source: 'STATION',
      content: '{"SERIAL_LOOPBACK":"OK"}',
      taskId: b.taskId,
    });
    expect(page.list[2]).toMatchObject({ imei: '861000000000001', source: 'MQTT', content: '{"CSQ":20,"ICCID":"8986"}', taskId: a.taskId });
    expect(ids(await history({ dtuId, taskId: a.taskId }))).toEqual([third, first]);
    expect(ids(await history({ dtuId, imei: 'de:48' }))).toEqual([second]);
    expect(ids(await history({ dtuId, imei: '00:01', taskId: b.taskId }))).toEqual([second]);
    expect(ids(await history({ dtuId, imei: '_' }))).toEqual([]);
    // another DTU's task names none of this DTU's reports
    expect(await history({ dtuId, taskId: stranger.taskId })).toMatchObject({ total: 0, list: [] });
  });

  it('loads in slices below the last id shown, the total counting every match', async () => {
    const { dtuId, a, report } = await dtuWithReports();
    const made: number[] = [];
    for (let index = 0; index < 5; index++) made.push(await report(`86100000000000${index}`, a, `2025-03-01 09:00:0${index}`));
    const newest = [...made].reverse();
    const first = await history({ dtuId, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, pageSize: 2, hasMore: true });
    expect(ids(first)).toEqual(newest.slice(0, 2));
    const second = await history({ dtuId, pageSize: 2, beforeId: first.list[1]!.id });
    expect(second).toMatchObject({ total: 5, hasMore: true });
    expect(ids(second)).toEqual(newest.slice(2, 4));
    // a report arriving meanwhile neither repeats a row nor shifts the next slice
    await report('861000000000009', a, '2025-03-01 09:00:09');
    const third = await history({ dtuId, pageSize: 2, beforeId: second.list[1]!.id });
    expect(third).toMatchObject({ total: 6, hasMore: false });
    expect(ids(third)).toEqual(newest.slice(4));
    // pages by number too
    expect(ids(await history({ dtuId, pageSize: 2, page: 3 }))).toEqual(newest.slice(3, 5));
  });

  it('filters by report time in the factory’s zone: whole days, or seconds', async () => {
    const { dtuId, a, report } = await dtuWithReports();
    await report('861000000000001', a, '2025-03-01 23:59:59');
    const midnight = await report('861000000000002', a, '2025-03-02 00:00:00');
    const noon = await report('861000000000003', a, '2025-03-02 12:00:00');
    const lastSecond = await report('861000000000004', a, '2025-03-02 23:59:59');
    const next = await report('861000000000005', a, '2025-03-03 00:00:00');
    expect(ids(await history({ dtuId, from: '2025-03-02', to: '2025-03-02' }))).toEqual([lastSecond, noon, midnight]);
    expect(ids(await history({ dtuId, from: '2025-03-02 00:00:00', to: '2025-03-02 23:59:59' }))).toEqual([lastSecond, noon, midnight]);
    expect(ids(await history({ dtuId, from: '2025-03-02 12:00:00', to: '2025-03-02 12:00:00' }))).toEqual([noon]);
    expect(ids(await history({ dtuId, from: '2025-03-02 12:00:01' }))).toEqual([next, lastSecond]);
    expect(ids(await history({ dtuId, to: '2025-03-01' }))).toHaveLength(1);
    expect(await history({ dtuId, from: '', to: '' })).toMatchObject({ total: 5 });
    for (const bad of ['2025-02-30', '2025/03/01', '2025-03-01 24:00:00', '2025-03-01T10:00:00']) {
      expectRefusal(await historyRaw({ dtuId, from: bad }), 400, DTU_TASK_MSG.checkLogDateRule);
      expectRefusal(await historyRaw({ dtuId, to: bad }), 400, DTU_TASK_MSG.checkLogDateRule);
    }
    expectRefusal(await historyRaw({ dtuId, from: '2025-03-03', to: '2025-03-02' }), 400, DTU_TASK_MSG.checkLogDateOrder);
  });

  it('shows a user tied to lines only the reports of its tasks, and another tenant nothing', async () => {
    const { dtuId, a, b, report } = await dtuWithReports();
    const ofA = await report('861000000000001', a, '2025-03-01 09:00:00');
    const ofB = await report('861000000000002', b, '2025-03-01 09:00:01');
    const deleted = await taskWith({ dtuId, productLineId: a.productLineId, deleted: true });
    const ofDeleted = await report('861000000000003', deleted, '2025-03-01 09:00:02');
    // the tenant keeps the log of a deleted task
    expect(ids(await history({ dtuId }))).toEqual([ofDeleted, ofB, ofA]);

    const tied = await api.lineUser([a.productLineId]);
    expect(await history({ dtuId }, tied.token)).toMatchObject({ total: 1, list: [{ id: ofA }] });
    expect(ids(await history({ dtuId, taskId: a.taskId }, tied.token))).toEqual([ofA]);
    expectRefusal(await historyRaw({ dtuId, taskId: b.taskId }, tied.token), 404, MSG.recordNotFound);
    const untied = await api.lineUser([await createLine(db())]);
    expect(await history({ dtuId }, untied.token)).toMatchObject({ total: 0, list: [], hasMore: false });

    const stranger = await api.tenant();
    expectRefusal(await historyRaw({ dtuId }, stranger.token), 404, MSG.recordNotFound);
    expectRefusal(await historyRaw({ dtuId: 999_999 }), 404, MSG.recordNotFound);
    expectRefusal(await historyRaw({ dtuId, taskId: deleted.taskId }), 404, MSG.recordNotFound);
  });

  it('reads a slice by the DTU’s or the task’s index, without sorting', async () => {
    const { dtuId, a } = await dtuWithReports();
    const slice = { beforeId: 1000, page: 1, pageSize: 100 };
    const all = { ownerId: null, lineIds: null };
    const filters = { dtuId, imei: '86', from: at('2025-03-01 00:00:00'), before: at('2025-03-02 00:00:00') };
    const byDtu = await planOf(db(), dialect, (reader) => checkLogSlice(reader, all, filters, slice));
    expect(byDtu).toContain('dtu_report_dtu');
    const byTask = await planOf(db(), dialect, (reader) => checkLogSlice(reader, all, { ...filters, taskId: a.taskId }, slice));
    expect(byTask).toContain('dtu_report_task');
    const tied = await planOf(db(), dialect, (reader) => checkLogSlice(reader, { ownerId: null, lineIds: [a.productLineId] }, filters, slice));
    expect(tied).toContain('dtu_report_dtu');
    for (const plan of [byDtu, byTask, tied]) expect(plan).not.toMatch(dialect === 'sqlite' ? /TEMP B-TREE FOR ORDER BY/ : /\bSort\b/);
  });
});
