import { MSG, type Page, PATHS, PRODUCTION_CODE_PATTERN, type Task, TASK_MSG, type TaskEditData } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLine, createPublishedProduct } from '../../../test/factories/index.js';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dayFromToday, taskApi, taskBody } from '../../../test/task-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { parseZonedTime } from '../../platform/time.js';

describe.each(testDialects())('tasks on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = taskApi(
    () => t.app,
    () => t.admin,
  );
  const { get, post, db, plan, codesOf, publishStatusOf, taskRow } = api;
  const taskCount = async () =>
    Number((await db().selectFrom('task').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  describe('creating (step 1)', () => {
    it('plans a NEW task of a published product with its lines, flows and one code per unit', async () => {
      const product = await createPublishedProduct(db(), { flows: 3 });
      const lineA = await createLine(db(), { lineName: '装配一线', lineNum: 'ZP01' });
      const lineB = await createLine(db(), { lineName: '装配二线', lineNum: 'ZP02' });
      const body = taskBody(product, [lineB, lineA], { productionCount: 5 });
      const id = dataOf<number>(await post(PATHS.taskCreate, t.admin, body));
      const adminId = (await db().selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow()).id;
      const stored = await db().selectFrom('product').selectAll().where('id', '=', product.productId).executeTakeFirstOrThrow();

      expect(await taskRow(id)).toMatchObject({
        ownerId: adminId,
        creatorId: adminId,
        productTypeId: product.productTypeId,
        productId: product.productId,
        productNumber: stored.number,
        productCode: stored.code,
        communicationId: stored.communicationId,
        productionCount: 5,
        status: 'NEW',
        expireTime: parseZonedTime(`${dayFromToday(1)} 23:59:59`, t.config.timeZone)!.epochMs,
        startTime: null,
        finishTime: null,
      });
      const lines = await db()
        .selectFrom('task_line')
        .select(['lineId', 'lineName', 'lineNum', 'sequence'])
        .where('taskId', '=', id)
        .orderBy('sequence')
        .execute();
      expect(lines).toEqual([
        { lineId: lineB, lineName: '装配二线', lineNum: 'ZP02', sequence: 1 },
        { lineId: lineA, lineName: '装配一线', lineNum: 'ZP01', sequence: 2 },
      ]);
      const flows = await db()
        .selectFrom('task_flow')
        .select(['name', 'sequence', 'sourceFlowId'])
        .where('taskId', '=', id)
        .orderBy('sequence')
        .execute();
      expect(flows).toEqual(product.flowIds.map((sourceFlowId, index) => ({ name: `流程${index + 1}`, sequence: index + 1, sourceFlowId })));
      const codes = await codesOf(id);
      expect(codes.map((code) => code.split(':')[0])).toEqual(['1', '2', '3', '4', '5']);
      for (const code of codes) expect(code.split(':')[1]).toMatch(PRODUCTION_CODE_PATTERN);
      expect(await publishStatusOf(product.productId)).toBe('PRODUCTING');
      await expect
        .poll(() => lastSuccessLog(t.app, PATHS.taskCreate))
        .toEqual({ summary: `新建任务 任务#${id} ${stored.number} 共5台`, targetId: String(id) });
    });

    it('takes a full expiry time as sent, and the model from the product rather than the form', async () => {
      const product = await createPublishedProduct(db());
      const lineId = await createLine(db());
      const expireTime = `${dayFromToday(3)} 08:30:00`;
      const id = dataOf<number>(await post(PATHS.taskCreate, t.admin, taskBody(product, [lineId], { expireTime, productNumber: '别的型号' })));
      const row = await taskRow(id);
      expect(row?.expireTime).toBe(parseZonedTime(expireTime, t.config.timeZone)!.epochMs);
      expect(row?.productNumber).toBe(product.number);
    });

    it('refuses an unpublished product (409) and one that already has an unfinished task (409)', async () => {
      const unpublished = await createPublishedProduct(db());
      await db().updateTable('product').set({ publishStatus: 'UNPUBLISH' }).where('id', '=', unpublished.productId).execute();
      const lineId = await createLine(db());
      const before = await taskCount();
      expectRefusal(await post(PATHS.taskCreate, t.admin, taskBody(unpublished, [lineId])), 409, TASK_MSG.productNotPublished);
      const { product } = await plan();
      expectRefusal(await post(PATHS.taskCreate, t.admin, taskBody(product, [lineId])), 409, TASK_MSG.productProducing);
      expect(await taskCount()).toBe(before + 1);
    });
  });

  describe('validation of step 1', () => {
    let body: ReturnType<typeof taskBody>;
    beforeAll(async () => {
      body = taskBody(await createPublishedProduct(db()), [await createLine(db())]);
    });
    const refused = async (payload: object, message: string) => {
      const before = await taskCount();
      expectRefusal(await post(PATHS.taskCreate, t.admin, payload), 400, message);
      expect(await taskCount()).toBe(before);
    };
    const without = (key: keyof typeof body) => Object.fromEntries(Object.entries(body).filter(([name]) => name !== key));

    it('needs a product type that exists', async () => {
      await refused(without('productTypeId'), TASK_MSG.productTypeRequired);
      await refused({ ...body, productTypeId: '' }, TASK_MSG.productTypeRequired);
      await refused({ ...body, productTypeId: 999999 }, TASK_MSG.productTypeRequired);
    });

    it('needs a product of the tenant and of the chosen type', async () => {
      await refused(without('productId'), TASK_MSG.productRequired);
      await refused({ ...body, productId: 999999 }, TASK_MSG.productRequired);
      const types = await db().selectFrom('product_type').select('id').orderBy('sequence').execute();
      const otherType = types.find((type) => type.id !== body.productTypeId)!.id;
      await refused({ ...body, productTypeId: otherType }, TASK_MSG.productTypeMismatch);
    });

    it('needs lines, each an enabled line that exists', async () => {
      await refused(without('productionLineIds'), TASK_MSG.linesRequired);
      await refused({ ...body, productionLineIds: [] }, TASK_MSG.linesRequired);
      await refused({ ...body, productionLineIds: '' }, TASK_MSG.linesRequired);
      await refused({ ...body, productionLineIds: [999999] }, TASK_MSG.lineNotOffered);
      const disabled = await createLine(db(), { status: 0 });
      await refused({ ...body, productionLineIds: [...(body.productionLineIds as number[]), disabled] }, TASK_MSG.lineNotOffered);
    });

    it('takes the lines as a comma list too', async () => {
      const lineA = await createLine(db());
      const lineB = await createLine(db());
      const product = await createPublishedProduct(db());
      const id = dataOf<number>(await post(PATHS.taskCreate, t.admin, taskBody(product, [], { productionLineIds: `${lineA},${lineB}` })));
      const lines = await db().selectFrom('task_line').select('lineId').where('taskId', '=', id).orderBy('sequence').execute();
      expect(lines.map((line) => line.lineId)).toEqual([lineA, lineB]);
    });

    it('needs a total that is a positive integer up to 100000', async () => {
      await refused(without('productionCount'), TASK_MSG.countRequired);
      await refused({ ...body, productionCount: '' }, TASK_MSG.countRequired);
      await refused({ ...body, productionCount: 0 }, TASK_MSG.countRule);
      await refused({ ...body, productionCount: -2 }, TASK_MSG.countRule);
      await refused({ ...body, productionCount: 1.5 }, TASK_MSG.countRule);
      await refused({ ...body, productionCount: 100_001 }, TASK_MSG.countTooLarge);
    });

    it('needs an expiry date not earlier than yesterday', async () => {
      await refused(without('expireTime'), TASK_MSG.expireRequired);
      await refused({ ...body, expireTime: '' }, TASK_MSG.expireRequired);
      await refused({ ...body, expireTime: '明天' }, TASK_MSG.expireRule);
      await refused({ ...body, expireTime: '2031-02-30' }, TASK_MSG.expireRule);
      await refused({ ...body, expireTime: dayFromToday(-2) }, TASK_MSG.expireTooEarly);
      await refused({ ...body, expireTime: `${dayFromToday(-2)} 23:59:59` }, TASK_MSG.expireTooEarly);
    });

    it('accepts yesterday, the earliest day allowed', async () => {
      const product = await createPublishedProduct(db());
      const body = taskBody(product, [await createLine(db())], { expireTime: dayFromToday(-1) });
      const id = dataOf<number>(await post(PATHS.taskCreate, t.admin, body));
      expect((await taskRow(id))?.expireTime).toBe(parseZonedTime(`${dayFromToday(-1)} 23:59:59`, t.config.timeZone)!.epochMs);
    });
  });

  describe('the list', () => {
    it('shows each task with its type, lines, flows and times, newest first', async () => {
      const lineA = await createLine(db(), { lineName: '总装线', lineNum: 'ZZ_01' });
      const lineB = await createLine(db(), { lineName: '包装线', lineNum: 'BZ_01' });
      const older = await plan({ lineIds: [lineA] });
      const newer = await plan({ lineIds: [lineA, lineB], status: 'UNSTART', flows: 3 });
      const page = dataOf<Page<Task>>(await get(PATHS.taskList, t.admin, { productNumberOrProductLineCode: 'zz_01' }));
      expect(page).toMatchObject({ total: 2, pageSize: 10, pageNum: 1 });
      expect(page.list.map((task) => task.id)).toEqual([newer.id, older.id]);
      const typeName = await api.typeNameOf(newer.product.productTypeId);
      const row = (await taskRow(newer.id))!;
      expect(page.list[0]).toEqual({
        id: newer.id,
        productTypeId: newer.product.productTypeId,
        productTypeName: typeName,
        productId: newer.product.productId,
        number: newer.product.number,
        productCode: row.productCode,
        productionNumber: 3,
        finishNumber: 0,
        status: 'UNSTART',
        expireTime: `${dayFromToday(1)} 23:59:59`,
        createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        startTime: null,
        finishTime: null,
        creatorName: 'admin',
        productLineIds: [
          { id: lineA, lineName: '总装线', lineNum: 'ZZ_01' },
          { id: lineB, lineName: '包装线', lineNum: 'BZ_01' },
        ],
        productionLineName: '总装线、包装线',
        productLineCode: 'ZZ_01,BZ_01',
        flows: newer.flowIds.map((id, index) => ({ id, name: `流程${index + 1}` })),
      });
    });

    it('filters by model or line code (any case, _ taken literally), type and status, and pages', async () => {
      const line = await createLine(db(), { lineNum: 'QX_9' });
      const lineLike = await createLine(db(), { lineNum: 'QXA9' });
      const first = await plan({ lineIds: [line] });
      const second = await plan({ lineIds: [line], status: 'START' });
      await plan({ lineIds: [lineLike] });
      const ids = async (query: Record<string, string | number>) =>
        dataOf<Page<Task>>(await get(PATHS.taskList, t.admin, query)).list.map((task) => task.id);
      expect(await ids({ productNumberOrProductLineCode: 'qx_9' })).toEqual([second.id, first.id]);
      expect(await ids({ productNumberOrProductLineCode: first.product.number.toLowerCase() })).toEqual([first.id]);
      expect(await ids({ productNumberOrProductLineCode: 'qx_9', status: 'START' })).toEqual([second.id]);
      expect(await ids({ productNumberOrProductLineCode: 'qx_9', status: '' })).toEqual([second.id, first.id]);
      const types = await db().selectFrom('product_type').select('id').execute();
      const otherType = types.find((type) => type.id !== first.product.productTypeId)!.id;
      expect(await ids({ productNumberOrProductLineCode: 'qx_9', productTypeId: otherType })).toEqual([]);
      expect(await ids({ productNumberOrProductLineCode: 'qx_9', productTypeId: first.product.productTypeId })).toEqual([second.id, first.id]);
      const paged = dataOf<Page<Task>>(await get(PATHS.taskList, t.admin, { productNumberOrProductLineCode: 'QX_9', page: 2, pageSize: 1 }));
      expect(paged).toMatchObject({ total: 2, pageSize: 1, pageNum: 2 });
      expect(paged.list.map((task) => task.id)).toEqual([first.id]);
    });

    it('names a line as it is now, and as planned once it is gone', async () => {
      const line = await createLine(db(), { lineName: '旧名线', lineNum: 'OLD_1', status: 1 });
      const { id } = await plan({ lineIds: [line] });
      await db().updateTable('production_line').set({ lineName: '新名线', lineNum: 'NEW_1' }).where('id', '=', line).execute();
      const listed = async () => dataOf<Page<Task>>(await get(PATHS.taskList, t.admin, { productNumberOrProductLineCode: 'new_1' })).list;
      expect((await listed()).map((task) => [task.id, task.productionLineName, task.productLineCode])).toEqual([[id, '新名线', 'NEW_1']]);
      await db().deleteFrom('production_line').where('id', '=', line).execute();
      const gone = dataOf<Page<Task>>(await get(PATHS.taskList, t.admin, { productNumberOrProductLineCode: 'old_1' })).list;
      expect(gone.map((task) => [task.id, task.productLineIds])).toEqual([[id, [{ id: line, lineName: '旧名线', lineNum: 'OLD_1' }]]]);
    });
  });

  describe('editing (step 1)', () => {
    const editData = async (id: number) => dataOf<TaskEditData>(await get(PATHS.taskEditData, t.admin, { taskId: id }));

    it('answers both steps of the form', async () => {
      const task = await plan({ status: 'UNSTART', flows: 2 });
      const pads = await db()
        .selectFrom('terminal')
        .select(['id', 'terminalCode as code', 'terminalName as name'])
        .where('id', 'in', task.padIds)
        .orderBy('id')
        .execute();
      const lineName = await api.lineNameOf(task.lineIds[0]!);
      expect(await editData(task.id)).toEqual({
        id: task.id,
        productTypeId: task.product.productTypeId,
        productId: task.product.productId,
        productNumber: task.product.number,
        productionLineIds: task.lineIds,
        productionCount: 3,
        expireTime: `${dayFromToday(1)} 23:59:59`,
        status: 'UNSTART',
        flowPads: task.flowIds.map((flowId, index) => ({
          flow: { id: flowId, name: `流程${index + 1}`, sequence: index + 1 },
          padInfos: [
            { ...pads[index]!, flowId, taskId: task.id, lineId: task.lineIds[0], lineName },
          ],
        })),
      });
    });

    it('changes total, expiry and lines; codes grow and shrink, the existing ones never change', async () => {
      const task = await plan({ count: 4 });
      const original = await codesOf(task.id);
      const otherLine = await createLine(db());
      const fields = taskBody(task.product, [otherLine, ...task.lineIds], { productionCount: 6, expireTime: dayFromToday(5) });
      const body = { ...fields, id: task.id };
      dataOf(await post(PATHS.taskEdit, t.admin, body));
      const grown = await codesOf(task.id);
      expect(grown).toHaveLength(6);
      expect(grown.slice(0, 4)).toEqual(original);
      expect(await taskRow(task.id)).toMatchObject({
        productionCount: 6,
        status: 'NEW',
        expireTime: parseZonedTime(`${dayFromToday(5)} 23:59:59`, t.config.timeZone)!.epochMs,
      });
      expect((await editData(task.id)).productionLineIds).toEqual([otherLine, ...task.lineIds]);
      await expect
        .poll(() => lastSuccessLog(t.app, PATHS.taskEdit))
        .toEqual({ summary: `修改任务 任务#${task.id} ${task.product.number}`, targetId: String(task.id) });

      dataOf(await post(PATHS.taskEdit, t.admin, { ...body, productionCount: 2 }));
      expect(await codesOf(task.id)).toEqual(original.slice(0, 2));
      expect((await taskRow(task.id))?.productionCount).toBe(2);
    });

    it('keeps the snapshot and the terminals when the product stays', async () => {
      const task = await plan({ status: 'UNSTART' });
      dataOf(await post(PATHS.taskEdit, t.admin, { ...taskBody(task.product, task.lineIds, { productionCount: 9 }), id: task.id }));
      expect(await api.taskFlowIds(task.id)).toEqual(task.flowIds);
      expect(await api.statusOf(task.id)).toBe('UNSTART');
      for (const [index, padId] of task.padIds.entries()) {
        expect(await api.terminal(padId)).toMatchObject({ status: 2, taskId: task.id, flowId: task.flowIds[index] });
      }
    });

    it('runs the checks of creating and changes nothing when refused', async () => {
      const task = await plan({ count: 3 });
      const codes = await codesOf(task.id);
      const body = { ...taskBody(task.product, task.lineIds), id: task.id };
      const edit = (overrides: object) => post(PATHS.taskEdit, t.admin, { ...body, ...overrides });
      expectRefusal(await edit({ productionCount: 0 }), 400, TASK_MSG.countRule);
      expectRefusal(await edit({ expireTime: dayFromToday(-2) }), 400, TASK_MSG.expireTooEarly);
      expectRefusal(await edit({ productionLineIds: [999999] }), 400, TASK_MSG.lineNotOffered);
      expectRefusal(await edit({ productId: 999999 }), 400, TASK_MSG.productRequired);
      expectRefusal(await edit({ id: 999999 }), 404, MSG.recordNotFound);
      expect(await codesOf(task.id)).toEqual(codes);
    });
  });
});
