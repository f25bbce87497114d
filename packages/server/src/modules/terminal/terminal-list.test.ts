import { type Envelope, MSG, PATHS, type TerminalList } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDtu } from '../../../test/factories/dtus.js';
import {
  assignLines,
  categoryIdOf,
  createDtuTask,
  createDtuTaskPad,
  createLine,
  createPublishedProduct,
  createTerminal,
  insertTask,
  unique,
} from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { terminalApi } from '../../../test/terminal-api.js';


// The list gets a database of its own so its counters count only what it made.
describe.each(testDialects())('terminal list on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, userWith } = terminalApi(t);
  const ids: Record<string, number> = {};
  const lines: Record<string, number> = {};
  let worker: string;
  let small: number;
  beforeAll(async () => {
    small = await categoryIdOf(db(), '11.5寸平板');
    lines.one = await createLine(db(), { lineName: '一号线' });
    lines.two = await createLine(db(), { lineName: '二号线' });
    await createLine(db(), { lineName: '空线' });
    const user = await userWith(null);
    worker = user.userName;
    ids.f1 = await createTerminal(db(), { terminalName: 'Free甲', terminalCode: 'PF01' });
    ids.f2 = await createTerminal(db(), { terminalName: 'Free乙', terminalCode: 'PF02', category: '15寸平板' });
    ids.i1 = await createTerminal(db(), { terminalName: 'Idle甲', terminalCode: 'PI01', lineId: lines.one });
    ids.o1 = await createTerminal(db(), {
      terminalName: 'Ovr甲',
      terminalCode: 'PO01',
      category: '15寸平板',
      lineId: lines.one,
      status: 2,
      taskId: 11,
      flowId: 21,
      workerId: user.id,
    });
    const onLineTwo = { category: '11.5寸平板', lineId: lines.two };
    ids.o2 = await createTerminal(db(), { ...onLineTwo, terminalName: 'Ovr乙', terminalCode: 'PO02', status: 2, taskId: 12 });
    ids.p1 = await createTerminal(db(), { ...onLineTwo, terminalName: 'Part甲', terminalCode: 'PP01', status: 3, taskId: 13 });
    ids.d1 = await createTerminal(db(), { terminalType: 'PDA', terminalName: 'Pda甲', terminalCode: 'DA01' });
    ids.d2 = await createTerminal(db(), { terminalType: 'PDA', terminalName: 'Pda乙', terminalCode: 'DB01', status: 1 });
    ids.d3 = await createTerminal(db(), { terminalType: 'PDA', terminalName: 'Pda丙', terminalCode: 'DB02', status: 1 });
  });

  const list = async (query: Record<string, string> = {}) => {
    const response = await get(PATHS.terminalList, t.admin, query);
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<TerminalList>>().data;
  };
  const padIds = (pads: { padId: number }[]) => pads.map((pad) => pad.padId);
  const groups = (data: TerminalList) => data.taskLineList.map((group) => [group.lineId, padIds(group.linePadList)]);
  const counters = (data: TerminalList) => {
    const { total, freeCount, usedCount, noTaskCount, overallCheckCount, partsCheckCount } = data;
    return { total, freeCount, usedCount, noTaskCount, overallCheckCount, partsCheckCount };
  };
  const padCounters = { total: 6, freeCount: 2, usedCount: 4, noTaskCount: 1, overallCheckCount: 2, partsCheckCount: 1 };

  it('shows the PAD tab: unused PADs, one group per line with PADs, and the counters', async () => {
    const data = await list();
    expect(padIds(data.freePadList)).toEqual([ids.f1, ids.f2]);
    expect(groups(data)).toEqual([
      [lines.one, [ids.i1, ids.o1]],
      [lines.two, [ids.o2, ids.p1]],
    ]);
    expect(data.taskLineList.map(({ linePadList: _, ...group }) => group)).toEqual([
      { lineId: lines.one, lineName: '一号线', taskId: 11, productType: null, productNumber: null },
      { lineId: lines.two, lineName: '二号线', taskId: 12, productType: null, productNumber: null },
    ]);
    expect(counters(data)).toEqual(padCounters);
    expect(data.pdaFreeList).toEqual([]);
    expect(data.pdaUsedList).toEqual([]);
  });

  it('describes each PAD', async () => {
    const data = await list({ terminalType: 'PAD' });
    expect(data.taskLineList[0]!.linePadList[1]).toEqual({
      padId: ids.o1,
      padName: 'Ovr甲',
      padCode: 'PO01',
      terminalType: 'PAD',
      status: 2,
      categoryId: await categoryIdOf(db(), '15寸平板'),
      category: '15寸平板',
      belongTaskType: 2,
      productNumber: null,
      productType: null,
      dtuType: null,
      padFlow: null,
      fittingType: null,
      taskName: null,
      padWorker: worker,
      lineId: lines.one,
      lineName: '一号线',
      taskId: 11,
    });
    expect(data.freePadList[0]).toMatchObject({
      padId: ids.f1,
      status: 0,
      belongTaskType: null,
      lineId: null,
      lineName: null,
      padWorker: null,
      taskId: null,
      category: '21.5寸平板',
    });
    expect(data.taskLineList[0]!.linePadList[0]).toMatchObject({ padId: ids.i1, status: 4, belongTaskType: 4, taskId: null });
    expect(data.taskLineList[1]!.linePadList[1]).toMatchObject({ padId: ids.p1, belongTaskType: 3 });
  });

  it('filters by status without changing the counters', async () => {
    const overall = await list({ status: '2' });
    expect(overall.freePadList).toEqual([]);
    expect(groups(overall)).toEqual([
      [lines.one, [ids.o1]],
      [lines.two, [ids.o2]],
    ]);
    expect(counters(overall)).toEqual(padCounters);

    const unused = await list({ status: '0' });
    expect(padIds(unused.freePadList)).toEqual([ids.f1, ids.f2]);
    expect(unused.taskLineList).toEqual([]);

    expect(groups(await list({ status: '4' }))).toEqual([[lines.one, [ids.i1]]]);
    expect(groups(await list({ status: '3' }))).toEqual([[lines.two, [ids.p1]]]);
    expect(counters(await list({ status: '' }))).toEqual(padCounters);
  });

  it('searches by line, by name or code and by model, counting what matches', async () => {
    const two = await list({ lineId: String(lines.two) });
    expect(two.freePadList).toEqual([]);
    expect(groups(two)).toEqual([[lines.two, [ids.o2, ids.p1]]]);
    expect(counters(two)).toEqual({ total: 2, freeCount: 0, usedCount: 2, noTaskCount: 0, overallCheckCount: 1, partsCheckCount: 1 });

    const byName = await list({ padKey: 'idle' });
    expect(groups(byName)).toEqual([[lines.one, [ids.i1]]]);
    expect(counters(byName)).toMatchObject({ total: 1, noTaskCount: 1 });
    expect(groups(await list({ padKey: 'PO0' }))).toEqual([
      [lines.one, [ids.o1]],
      [lines.two, [ids.o2]],
    ]);
    expect(padIds((await list({ padKey: '乙' })).freePadList)).toEqual([ids.f2]);

    const model = await list({ categoryId: String(small) });
    expect(groups(model)).toEqual([[lines.two, [ids.o2, ids.p1]]]);
    expect(counters(model)).toMatchObject({ total: 2, freeCount: 0 });

    const combined = await list({ categoryId: String(small), padKey: 'part', status: '3' });
    expect(groups(combined)).toEqual([[lines.two, [ids.p1]]]);
    expect(counters(combined)).toMatchObject({ total: 1, partsCheckCount: 1 });
  });

  it('shows the PDA tab: unused and used', async () => {
    const data = await list({ terminalType: 'PDA' });
    expect(padIds(data.pdaFreeList)).toEqual([ids.d1]);
    expect(padIds(data.pdaUsedList)).toEqual([ids.d2, ids.d3]);
    expect(counters(data)).toEqual({ total: 3, freeCount: 1, usedCount: 2, noTaskCount: 0, overallCheckCount: 0, partsCheckCount: 0 });
    expect(data.freePadList).toEqual([]);
    expect(data.taskLineList).toEqual([]);
    expect(data.pdaUsedList[0]).toMatchObject({ terminalType: 'PDA', category: '手持机', belongTaskType: null, status: 1 });

    const used = await list({ terminalType: 'PDA', status: '1' });
    expect(used.pdaFreeList).toEqual([]);
    expect(padIds(used.pdaUsedList)).toEqual([ids.d2, ids.d3]);
    expect(counters(used)).toMatchObject({ total: 3, freeCount: 1, usedCount: 2 });
    expect(padIds((await list({ terminalType: 'PDA', padKey: 'db02' })).pdaUsedList)).toEqual([ids.d3]);
  });

  it('refuses an unknown terminal type', async () => {
    const response = await get(PATHS.terminalList, t.admin, { terminalType: 'TV' });
    expect([response.statusCode, response.json().errorMsg]).toEqual([400, MSG.terminalTypeRequired]);
  });
});

describe.each(testDialects())('PADs on production tasks in the terminal list on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get } = terminalApi(t);

  it('names the task’s model, type and flow for overall check only, never for a parts-check PAD with the same task id', async () => {
    const lineId = await createLine(db(), { lineName: '任务线' });
    const product = await createPublishedProduct(db(), { flows: 1 });
    const taskId = await insertTask(db(), { productId: product.productId, lineIds: [lineId], status: 'START' });
    const flow = await db()
      .insertInto('task_flow')
      .values({ taskId, sourceFlowId: product.flowIds[0]!, name: '整机终检', sequence: 1, bindMac: 0, flowType: 'OVERALL_CHECK', pdfFileId: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const overall = await createTerminal(db(), { lineId, status: 2, taskId, flowId: flow.id, terminalName: 'A整机' });
    const parts = await createTerminal(db(), { lineId, status: 3, taskId, flowId: flow.id, terminalName: 'B配件' });
    const typeName = (await db().selectFrom('product_type').select('name').where('id', '=', product.productTypeId).executeTakeFirstOrThrow()).name;

    const response = await get(PATHS.terminalList, t.admin, { lineId: String(lineId) });
    const group = response.json<Envelope<TerminalList>>().data.taskLineList[0]!;
    expect({ ...group, linePadList: undefined }).toEqual({
      lineId,
      lineName: '任务线',
      taskId,
      productType: typeName,
      productNumber: product.number,
      linePadList: undefined,
    });
    const described = (padId: number) => {
      const pad = group.linePadList.find((candidate) => candidate.padId === padId)!;
      return [pad.belongTaskType, pad.productNumber, pad.productType, pad.padFlow, pad.taskName, pad.taskId];
    };
    expect(described(overall)).toEqual([2, product.number, typeName, '整机终检', `任务#${taskId} ${product.number}`, taskId]);
    expect(described(parts)).toEqual([3, null, null, null, null, taskId]);
  });
});

describe.each(testDialects())('PADs on DTU tasks in the terminal list on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get } = terminalApi(t);

  it('names the DTU task’s model and name on its parts-check PADs only', async () => {
    const lineId = await createLine(db(), { lineName: '配件线' });
    const dtuId = await createDtu(db(), { dtuType: 'HR3IN1A' });
    const first = await createDtuTask(db(), { dtuId, productLineId: lineId, fittingType: '三合一检测' });
    const second = await createDtuTask(db(), { productLineId: lineId, fittingType: '第二任务' });
    const pad = await createDtuTaskPad(db(), first, { terminalName: 'A配件' });
    const serial = await createDtuTaskPad(db(), first, { terminalName: 'B串口', role: 'SERIAL' });
    const other = await createDtuTaskPad(db(), second, { terminalName: 'C配件' });
    // an overall-check PAD whose production task id equals a DTU task's is no DTU task's
    const overall = await createTerminal(db(), { lineId, status: 2, taskId: first, terminalName: 'D整机' });
    const idle = await createTerminal(db(), { lineId, terminalName: 'E空闲' });
    const secondDtu = await db()
      .selectFrom('dtu_task')
      .innerJoin('dtu', 'dtu.id', 'dtu_task.dtuId')
      .select('dtu.dtuType')
      .where('dtu_task.id', '=', second)
      .executeTakeFirstOrThrow();

    const response = await get(PATHS.terminalList, t.admin, { lineId: String(lineId) });
    const pads = response.json<Envelope<TerminalList>>().data.taskLineList[0]!.linePadList;
    const described = (padId: number) => {
      const found = pads.find((candidate) => candidate.padId === padId)!;
      return [found.belongTaskType, found.dtuType, found.fittingType, found.taskId];
    };
    expect(described(pad)).toEqual([3, 'HR3IN1A', '三合一检测', first]);
    expect(described(serial)).toEqual([3, 'HR3IN1A', '三合一检测', first]);
    expect(described(other)).toEqual([3, secondDtu.dtuType, '第二任务', second]);
    expect(described(overall)).toEqual([2, null, null, first]);
    expect(described(idle)).toEqual([4, null, null, null]);
  });
});

// A sub-user sees the terminals of its own lines, as it sees the tasks there (issue 12, finding 6).
describe.each(testDialects())('terminals of a sub-user’s lines on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, post, postForm, userWith } = terminalApi(t);
  const lines = {} as { mine: number; theirs: number };
  const ids = {} as Record<'mine' | 'theirs' | 'theirsOnTask' | 'free' | 'pda', number>;
  let theirTask: number;
  let token: string;
  beforeAll(async () => {
    lines.mine = await createLine(db(), { lineName: '总装二线' });
    lines.theirs = await createLine(db(), { lineName: '总装一线' });
    theirTask = await insertTask(db(), { lineIds: [lines.theirs], status: 'UNSTART' });
    ids.mine = await createTerminal(db(), { lineId: lines.mine, terminalName: '二线平板' });
    ids.theirs = await createTerminal(db(), { lineId: lines.theirs, terminalName: '一线平板' });
    ids.theirsOnTask = await createTerminal(db(), { lineId: lines.theirs, terminalName: '一线任务', status: 2, taskId: theirTask });
    ids.free = await createTerminal(db(), { terminalName: '未用平板' });
    ids.pda = await createTerminal(db(), { terminalType: 'PDA', terminalName: '手持', status: 1 });
    const user = await userWith(['/terminalManage', '/terminalManage:add', '/terminalManage:edit', '/terminalManage:unbind']);
    await assignLines(db(), user.id, [lines.mine]);
    token = user.token;
  });

  const terminal = (id: number) => db().selectFrom('terminal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const list = async (query: Record<string, string>) => {
    const response = await get(PATHS.terminalList, token, query);
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<TerminalList>>().data;
  };
  const refusal = (response: { statusCode: number; json: () => unknown }) => [response.statusCode, response.json()];

  it('lists the PADs of its lines and those on no line, and counts only them', async () => {
    const pads = await list({ terminalType: 'PAD' });
    expect(pads.freePadList.map((pad) => pad.padId)).toEqual([ids.free]);
    expect(pads.taskLineList.map((group) => [group.lineId, group.linePadList.map((pad) => pad.padId)])).toEqual([[lines.mine, [ids.mine]]]);
    expect(pads).toMatchObject({ total: 2, freeCount: 1, noTaskCount: 1, overallCheckCount: 0 });
    expect((await list({ terminalType: 'PAD', lineId: String(lines.theirs) })).total).toBe(0);
    expect((await list({ terminalType: 'PDA' })).pdaUsedList.map((pda) => pda.padId)).toEqual([ids.pda]);
  });

  it('answers 404 to renaming or unbinding a terminal of another line, and changes nothing', async () => {
    const notFound = [404, { code: 0, data: null, errorMsg: MSG.recordNotFound }];
    for (const id of [ids.theirs, ids.theirsOnTask]) {
      expect(refusal(await postForm(PATHS.terminalEdit, token, { terminalId: String(id), terminalName: '改名', terminalType: 'PAD' }))).toEqual(notFound);
      expect(refusal(await post(PATHS.terminalUnbind, token, undefined, { terminalId: String(id), terminalType: 'PAD' }))).toEqual(notFound);
    }
    expect(await terminal(ids.theirs)).toMatchObject({ terminalName: '一线平板', status: 4, lineId: lines.theirs });
    expect(await terminal(ids.theirsOnTask)).toMatchObject({ terminalName: '一线任务', status: 2, taskId: theirTask });
    expect((await db().selectFrom('task').select('status').where('id', '=', theirTask).executeTakeFirstOrThrow()).status).toBe('UNSTART');
  });

  it('puts a PAD on its own lines only', async () => {
    const badLine = [400, { code: 0, data: null, errorMsg: MSG.lineNotOffered }];
    const added = { terminalCode: unique('S'), terminalName: '新平板', terminalType: 'PAD', categoryId: await categoryIdOf(db(), '21.5寸平板') };
    expect(refusal(await post(PATHS.terminalAdd, token, { ...added, lineId: lines.theirs }))).toEqual(badLine);
    const onTheirs = { terminalId: String(ids.free), terminalName: '未用平板', terminalType: 'PAD', lineId: String(lines.theirs) };
    expect(refusal(await postForm(PATHS.terminalEdit, token, onTheirs))).toEqual(badLine);
    expect(await terminal(ids.free)).toMatchObject({ status: 0, lineId: null });

    const id = (await post(PATHS.terminalAdd, token, { ...added, lineId: lines.mine })).json<Envelope<number>>().data;
    expect(await terminal(id)).toMatchObject({ status: 4, lineId: lines.mine });
  });

  it('renames, moves and unbinds the terminals of its lines', async () => {
    const id = await createTerminal(db(), { terminalName: '待上线' });
    const onMine = { terminalId: String(id), terminalName: '二线新机', terminalType: 'PAD', lineId: String(lines.mine) };
    expect((await postForm(PATHS.terminalEdit, token, onMine)).json().code).toBe(1);
    expect(await terminal(id)).toMatchObject({ terminalName: '二线新机', status: 4, lineId: lines.mine });
    expect((await post(PATHS.terminalUnbind, token, undefined, { terminalId: String(id), terminalType: 'PAD' })).json().code).toBe(1);
    expect(await terminal(id)).toMatchObject({ status: 0, lineId: null });
  });
});
