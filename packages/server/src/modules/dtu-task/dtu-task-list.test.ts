import { DOWN_PROPS, dtuTaskListQuery, MSG, PATHS, TERMINAL_STATUS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { dtuTaskApi, dtuTaskParamOf, dtuTaskSetting, excelPart, majorMinorRows, xlsxOf } from '../../../test/dtu-task-api.js';
import { createDtu } from '../../../test/factories/dtus.js';
import { createDtuTask, createDtuTaskPad, createLine, createTerminal, insertTask } from '../../../test/factories/index.js';
import { QueryCapture } from '../../../test/query-capture.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { dtuTaskList } from './dtu-task-views.js';

describe.each(testDialects())('DTU task lists on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, addOk, detail, list, lineUser, tenant } = dtuTaskApi(t);
  const ids = (page: { list: { id: number }[] }) => page.list.map((task) => task.id);

  it('lists the DTU’s normal tasks and its rework tasks apart, newest first', async () => {
    const dtuId = await createDtu(db());
    const day = 86_400_000;
    const old = await createDtuTask(db(), { dtuId, createTime: Date.now() - 2 * day });
    const recent = await createDtuTask(db(), { dtuId, createTime: Date.now() - day });
    const rework = await createDtuTask(db(), { dtuId, reworkTask: true });
    await createDtuTask(db(), { dtuId, deleted: true });
    await createDtuTask(db());
    expect(await list({ dtuId })).toMatchObject({ total: 2, pageSize: 10, pageNum: 1 });
    expect(ids(await list({ dtuId }))).toEqual([recent, old]);
    expect(ids(await list({ dtuId, reworkTask: 'false' }))).toEqual([recent, old]);
    expect(ids(await list({ dtuId, reworkTask: 'true' }))).toEqual([rework]);
    expect((await list({ dtuId, reworkTask: 'true' })).list[0]).toMatchObject({ reworkTask: true, duplicateEnable: true });
    expect(await list({ dtuId, pageSize: 1, page: 2 })).toMatchObject({ total: 2, pageSize: 1, pageNum: 2, list: [{ id: old }] });
    expect(ids(await list({ dtuId, pageSize: 0 }))).toEqual([recent, old]);
  });

  it('filters by status, production line, target line and name', async () => {
    const dtuId = await createDtu(db());
    const [lineA, lineB] = [await createLine(db()), await createLine(db())];
    const a = await createDtuTask(db(), { dtuId, productLineId: lineA, aimLineId: lineB, status: 'START', fittingType: 'Alpha_一号' });
    const b = await createDtuTask(db(), { dtuId, productLineId: lineB, aimLineId: lineA, status: 'STOP', fittingType: 'Beta二号' });
    expect(ids(await list({ dtuId, status: 'START' }))).toEqual([a]);
    expect(ids(await list({ dtuId, status: '' }))).toEqual([b, a]);
    expect(ids(await list({ dtuId, productLineId: lineB }))).toEqual([b]);
    expect(ids(await list({ dtuId, aimProductLineId: lineB }))).toEqual([a]);
    expect(ids(await list({ dtuId, fittingType: 'alpha' }))).toEqual([a]);
    expect(ids(await list({ dtuId, fittingType: '_' }))).toEqual([a]);
    expect(ids(await list({ dtuId, fittingType: '二号' }))).toEqual([b]);
    expect((await get(PATHS.dtuTaskList, t.admin, { dtuId, status: 'DONE' })).statusCode).toBe(400);
  });

  it('answers the same task in the list and the detail, with its terminals, DTU, creator and Excel', async () => {
    const setting = await dtuTaskSetting(db(), { padCount: 3 });
    const id = await addOk(dtuTaskParamOf(setting, { pads: setting.pads, needExcel: true }), excelPart(await xlsxOf(majorMinorRows(4, 7)), '批次.xlsx'));
    const testId = 12345;
    await db().updateTable('dtu_task_excel_row').set({ testId }).where('taskId', '=', id).where('rowNo', '=', 2).execute();
    const task = await detail(id);
    expect((await list({ dtuId: setting.dtuId })).list).toEqual([task]);
    expect(task).toMatchObject({ excelOriginName: '批次.xlsx', excelRowCount: 4, excelUsedCount: 1, creatorName: 'admin' });
    const names = await db()
      .selectFrom('terminal')
      .select(['id', 'terminalName as name', 'terminalCode as code'])
      .where('id', 'in', setting.pads)
      .orderBy('terminalName')
      .execute();
    expect(task.pads).toEqual(names);
    const dtu = dataOf<{ id: number }>(await get(PATHS.dtuDetail, t.admin, { id: setting.dtuId }));
    expect(task.detail).toEqual(dtu);
  });

  it('reads a page with one query for the tasks and a fixed number for the rest', async () => {
    const dtuId = await createDtu(db());
    const capture = new QueryCapture();
    const captured = capture.watch(db());
    const page = async () => {
      capture.clear();
      await dtuTaskList(captured, { ownerId: null, lineIds: null }, dtuTaskListQuery.parse({ dtuId, pageSize: 50 }), t.config.timeZone);
      return capture.statements.length;
    };
    const task = await createDtuTask(db(), { dtuId });
    await createDtuTaskPad(db(), task);
    const one = await page();
    for (let index = 0; index < 6; index++) await createDtuTaskPad(db(), await createDtuTask(db(), { dtuId, needExcel: true }));
    expect(await page()).toBe(one);
    expect(one).toBeLessThanOrEqual(6);
  });

  describe('scope', () => {
    it('hides a task of another tenant (404) and lists none of it', async () => {
      const dtuId = await createDtu(db());
      const task = await createDtuTask(db(), { dtuId });
      const other = await tenant();
      expectRefusal(await get(PATHS.dtuTaskDetail, other.token, { taskId: task }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.dtuTaskList, other.token, { dtuId }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.dtuTaskList, t.admin, { dtuId: 99_999_999 }), 404, MSG.recordNotFound);
      // and the other tenant's own tasks stay its own
      const theirs = await createDtuTask(db(), { ownerId: other.id });
      expect((await detail(theirs, other.token)).id).toBe(theirs);
      expect((await detail(theirs)).id).toBe(theirs);
    });

    it('shows a user tied to lines the tasks tested on or made for its lines only', async () => {
      const dtuId = await createDtu(db());
      const [mine, other, third] = [await createLine(db()), await createLine(db()), await createLine(db())];
      const testedHere = await createDtuTask(db(), { dtuId, productLineId: mine, aimLineId: other });
      const madeForMine = await createDtuTask(db(), { dtuId, productLineId: other, aimLineId: mine });
      const elsewhere = await createDtuTask(db(), { dtuId, productLineId: other, aimLineId: third });
      const user = await lineUser([mine]);
      expect(ids(await list({ dtuId }, user.token))).toEqual([madeForMine, testedHere]);
      expectRefusal(await get(PATHS.dtuTaskDetail, user.token, { taskId: elsewhere }), 404, MSG.recordNotFound);
      const none = await lineUser([]);
      expect((await list({ dtuId }, none.token)).total).toBe(0);
    });
  });

  describe('the PADs of a line', () => {
    const padList = async (query: Record<string, number>, token = t.admin) =>
      dataOf<{ id: number; name: string; code: string; busyWith: string }[]>(await get(PATHS.dtuTaskPadList, token, query));

    it('names the task each PAD serves, but for the task asked about', async () => {
      const lineId = await createLine(db());
      const free = await createTerminal(db(), { lineId, terminalName: 'A空闲' });
      const task = await createDtuTask(db(), { productLineId: lineId, fittingType: '本任务' });
      const mine = await createDtuTaskPad(db(), task, { terminalName: 'B本任务' });
      const otherTask = await createDtuTask(db(), { productLineId: lineId, fittingType: '另一任务' });
      const theirs = await createDtuTaskPad(db(), otherTask, { terminalName: 'C另一任务', role: 'SERIAL' });
      const productionTask = await insertTask(db(), { lineIds: [lineId] });
      const productNumber = (await db().selectFrom('task').select('productNumber').where('id', '=', productionTask).executeTakeFirstOrThrow()).productNumber;
      const producing = await createTerminal(db(), { lineId, terminalName: 'D生产', status: TERMINAL_STATUS.overallCheck, taskId: productionTask });
      await createTerminal(db(), { lineId, terminalType: 'PDA', terminalName: 'E手持' });
      await createTerminal(db(), { lineId: await createLine(db()), terminalName: 'F别线' });

      const forTask = await padList({ lineId, taskId: task });
      expect(forTask.map((pad) => [pad.id, pad.busyWith])).toEqual([
        [free, ''],
        [mine, ''],
        [theirs, '另一任务'],
        [producing, `任务#${productionTask} ${productNumber}`],
      ]);
      expect(Object.keys(forTask[0]!).sort()).toEqual(['busyWith', 'code', 'id', 'name']);
      expect((await padList({ lineId })).map((pad) => pad.busyWith)).toEqual(['', '本任务', '另一任务', `任务#${productionTask} ${productNumber}`]);
    });

    it('answers 404 for a task the caller does not see, and a sub-user the PADs of its own lines', async () => {
      const lineId = await createLine(db());
      const pad = await createTerminal(db(), { lineId });
      const aimLineId = await createLine(db());
      const task = await createDtuTask(db(), { productLineId: lineId, aimLineId });
      const other = await tenant();
      expectRefusal(await get(PATHS.dtuTaskPadList, other.token, { lineId, taskId: task }), 404, MSG.recordNotFound);
      expect(await padList({ lineId }, other.token)).toEqual([]);
      const elsewhere = await lineUser([await createLine(db())]);
      expect(await padList({ lineId }, elsewhere.token)).toEqual([]);
      const onLine = await lineUser([lineId]);
      expect((await padList({ lineId }, onLine.token)).map((option) => option.id)).toEqual([pad]);
      // a user who sees the task through its target line may edit it with its line's PADs
      const aimUser = await lineUser([aimLineId]);
      expect(await padList({ lineId }, aimUser.token)).toEqual([]);
      expect((await padList({ lineId, taskId: task }, aimUser.token)).map((option) => option.id)).toEqual([pad]);
    });
  });

  it('answers what a task may deliver', async () => {
    expect(dataOf(await get(PATHS.dtuTaskDownPropList, t.admin))).toEqual(DOWN_PROPS.map(({ code, name }) => ({ code, name })));
  });
});
