import { FLOW_STATUS, MSG, PATHS, type TaskDetail } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import {
  createFlow,
  createLine,
  createManager,
  createProduct,
  createProperty,
  createTerminal,
  uploadStoredFile,
} from '../../../test/factories/index.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { bearer } from '../../../test/session-helpers.js';
import { dayFromToday, taskApi } from '../../../test/task-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('the flow snapshot of a task on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = taskApi(
    () => t.app,
    () => t.admin,
  );
  const { get, post, db, plan } = api;

  /** A published product whose two flows check an int with a unit, an enum and a boolean, with a PDF on the first. */
  async function richProduct() {
    const productId = await createProduct(db(), { publishStatus: 'PUBLISH', publishTime: Date.now() });
    const unit = await db().selectFrom('unit').select(['id', 'name']).orderBy('sequence').executeTakeFirstOrThrow();
    const property = (options: Parameters<typeof createProperty>[2]) => createProperty(db(), productId, options);
    const voltage = await property({ name: '电压', code: 'voltage', dataTypeId: 'int', min: 0, max: 50, unitId: unit.id });
    const mode = await property({ name: '模式', code: 'mode', dataTypeId: 'enum', enumerates: { '0': '自动', '1': '手动' } });
    const power = await property({ name: '电源', code: 'power', dataTypeId: 'boolean', trueValue: '开', falseValue: '关' });
    const pdf = await uploadStoredFile(t.app, t.admin, '指导书.pdf', Buffer.from('%PDF-1.4 guide'));
    const first = await createFlow(db(), productId, {
      name: '上电检测',
      pdfFileId: pdf.id,
      items: [
        { propertyId: voltage, intervalNumber: 1, normalValue: '10', normalValueMax: '20' },
        { propertyId: mode, normalEnums: ['1'] },
      ],
      manualItems: ['外观完好', '标签清晰'],
    });
    const second = await createFlow(db(), productId, { name: '电源检测', items: [{ propertyId: power, normalBoolean: 1 }] });
    const product = await db()
      .selectFrom('product')
      .select(['productTypeId', 'number'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return { productId, ...product, properties: { voltage, mode, power }, flows: [first, second], unitName: unit.name, pdf };
  }

  const snapshotOf = async (taskId: number) => {
    const flows = await db().selectFrom('task_flow').selectAll().where('taskId', '=', taskId).orderBy('sequence').execute();
    const flowIds = flows.map((flow) => flow.id);
    const items = await db()
      .selectFrom('task_flow_item')
      .selectAll()
      .where('taskFlowId', 'in', flowIds)
      .orderBy('taskFlowId')
      .orderBy('sequence')
      .execute();
    const manual = await db()
      .selectFrom('task_flow_manual_item')
      .selectAll()
      .where('taskFlowId', 'in', flowIds)
      .orderBy('taskFlowId')
      .orderBy('sequence')
      .execute();
    return { flows, items, manual };
  };

  async function planRich() {
    const product = await richProduct();
    const lineId = await createLine(db());
    const body = {
      productTypeId: product.productTypeId,
      productId: product.productId,
      productionLineIds: [lineId],
      productionCount: 2,
      expireTime: dayFromToday(1),
    };
    const id = dataOf<number>(await post(PATHS.taskCreate, t.admin, body));
    return { id, product, lineId };
  }

  it('copies each flow in order with its items, the property’s definition, the standard value and the manual items', async () => {
    const { id, product } = await planRich();
    const { flows, items, manual } = await snapshotOf(id);
    expect(flows.map((flow) => [flow.name, flow.sequence, flow.sourceFlowId, flow.pdfFileId])).toEqual([
      ['上电检测', 1, product.flows[0], product.pdf.id],
      ['电源检测', 2, product.flows[1], null],
    ]);
    const { id: _id, taskFlowId: _flow, ...voltage } = items[0]!;
    expect(voltage).toEqual({
      sequence: 1,
      propertyId: product.properties.voltage,
      name: '电压',
      code: 'voltage',
      dataTypeId: 'int',
      unitName: product.unitName,
      min: 0,
      max: 50,
      length: null,
      enumerates: null,
      trueValue: null,
      falseValue: null,
      intervalNumber: 1,
      normalValue: '10',
      normalValueMax: '20',
      normalStr: '',
      normalBoolean: null,
      normalEnums: '[]',
    });
    const enumerates = JSON.stringify({ '0': '自动', '1': '手动' });
    expect(items[1]).toMatchObject({ taskFlowId: flows[0]!.id, sequence: 2, code: 'mode', enumerates, normalEnums: '["1"]' });
    expect(items[2]).toMatchObject({ taskFlowId: flows[1]!.id, sequence: 1, code: 'power', trueValue: '开', normalBoolean: 1 });
    expect(manual.map((item) => [item.taskFlowId, item.sequence, item.manualValue])).toEqual([
      [flows[0]!.id, 1, '外观完好'],
      [flows[0]!.id, 2, '标签清晰'],
    ]);
  });

  it('keeps the task as planned through a withdrawal, edits and the deletion of its product', async () => {
    const { id, product } = await planRich();
    expectRefusal(await post(PATHS.productRevoke, t.admin, { id: product.productId }), 409, MSG.productInUse);
    const before = await snapshotOf(id);
    const detailBefore = dataOf<TaskDetail>(await get(PATHS.taskDetail, t.admin, { id }));

    // Terminals, a start and the finish: the product is free again.
    const lineId = detailBefore.productLineIds[0]!.id;
    const pads = [await createTerminal(db(), { lineId }), await createTerminal(db(), { lineId })];
    dataOf(await api.setPads(id, detailBefore.flows.map((flow, index) => ({ flowId: flow.id, padIdList: [pads[index]!] }))));
    dataOf(await post(PATHS.taskStart, t.admin, { id }));
    dataOf(await post(PATHS.taskFinish, t.admin, { id }));
    dataOf(await post(PATHS.productRevoke, t.admin, { id: product.productId }));

    dataOf(
      await post(PATHS.propertyEdit, t.admin, {
        id: product.properties.voltage,
        productId: product.productId,
        name: '输入电压',
        code: 'voltage_in',
        dataTypeId: 'int',
        min: '0',
        max: '400',
        description: '改过',
      }),
    );
    dataOf(
      await post(PATHS.flowEdit, t.admin, {
        id: product.flows[0],
        productId: product.productId,
        name: '改名检测',
        items: [{ id: product.properties.voltage, intervalNumber: 1, normalValue: '200', normalValueMax: '240' }],
        manualItems: ['新的检查'],
        removePdf: true,
      }),
    );
    expect(await snapshotOf(id)).toEqual(before);

    dataOf(await post(PATHS.productDelete, t.admin, { id: product.productId }));
    expect(await db().selectFrom('product').select('id').where('id', '=', product.productId).executeTakeFirst()).toBeUndefined();
    expect(await snapshotOf(id)).toEqual(before);
    // The instruction stays served: the task's flow still names it.
    const pdf = await t.app.inject({ method: 'GET', url: product.pdf.url, headers: bearer(t.admin) });
    expect(pdf.statusCode).toBe(200);

    const detail = dataOf<TaskDetail>(await get(PATHS.taskDetail, t.admin, { id }));
    expect(detail).toMatchObject({ id, status: 'FINISH', number: product.number, productId: product.productId });
    const ended = before.flows.map((flow) => [flow.id, flow.name, FLOW_STATUS.ended]);
    expect(detail.flows.map((flow) => [flow.id, flow.name, flow.flowStatus])).toEqual(ended);
  });

  describe('the detail', () => {
    it('shows each flow with its status from the task, counters, speed and the terminals with their users', async () => {
      const task = await plan({ flows: 2, status: 'UNSTART', count: 7 });
      const worker = await createManager(t.app, []);
      await db().updateTable('terminal').set({ workerId: worker.id }).where('id', '=', task.padIds[0]!).execute();
      const extra = await createTerminal(db(), { lineId: task.lineIds[0]!, terminalName: '备用平板', terminalCode: `X${task.id}` });
      const [first, second] = task.padIds as [number, number];
      dataOf(
        await api.setPads(task.id, [
          { flowId: task.flowIds[0]!, padIdList: [first, extra] },
          { flowId: task.flowIds[1]!, padIdList: [second] },
        ]),
      );
      const pad = await db().selectFrom('terminal').select(['terminalCode', 'terminalName']).where('id', '=', first).executeTakeFirstOrThrow();

      const detail = dataOf<TaskDetail>(await get(PATHS.taskDetail, t.admin, { id: task.id }));
      expect(detail).toMatchObject({ id: task.id, status: 'UNSTART', productionNumber: 7, finishNumber: 0, number: task.product.number });
      expect(detail.flows[0]).toEqual({
        id: task.flowIds[0],
        name: '流程1',
        sequence: 1,
        flowStatus: FLOW_STATUS.notStarted,
        finishNumber: 0,
        productionNumber: 7,
        realSpeed: 0,
        totalCount: 0,
        useCount: 1,
        padsWithUserInfo: expect.arrayContaining([
          { id: task.padIds[0], code: pad.terminalCode, name: pad.terminalName, free: false, userName: worker.userName },
          { id: extra, code: `X${task.id}`, name: '备用平板', free: true, userName: null },
        ]),
      });
      expect(detail.flows[0]!.padsWithUserInfo).toHaveLength(2);
      expect(detail.flows[1]).toMatchObject({ sequence: 2, useCount: 0, padsWithUserInfo: [{ id: second, free: true, userName: null }] });

      const statusOfFlows = async () =>
        dataOf<TaskDetail>(await get(PATHS.taskDetail, t.admin, { id: task.id })).flows.map((flow) => flow.flowStatus);
      dataOf(await post(PATHS.taskStart, t.admin, { id: task.id }));
      expect(await statusOfFlows()).toEqual([FLOW_STATUS.producing, FLOW_STATUS.producing]);
      dataOf(await post(PATHS.taskStop, t.admin, { id: task.id }));
      expect(await statusOfFlows()).toEqual([FLOW_STATUS.paused, FLOW_STATUS.paused]);
      expectRefusal(await get(PATHS.taskDetail, t.admin, { id: 99999999 }), 404, MSG.recordNotFound);
    });
  });
});
