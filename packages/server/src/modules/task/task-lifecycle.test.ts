import { MSG, PATHS, TASK_MSG, type TaskStatus } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLine, createPublishedProduct, createTerminal, type PublishedProduct } from '../../../test/factories/index.js';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { idleOn, type PlannedTask, taskApi, taskBody } from '../../../test/task-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

const STATUSES: TaskStatus[] = ['NEW', 'UNSTART', 'START', 'STOP', 'FINISH'];

type Action = 'start' | 'stop' | 'finish' | 'delete' | 'edit' | 'setPad';

/** What each call does from each status: the status it leads to, or the refusal (409). */
const OUTCOMES: Record<Action, Record<TaskStatus, TaskStatus | 'gone' | string>> = {
  start: { NEW: TASK_MSG.needsTerminals, UNSTART: 'START', START: TASK_MSG.notStartable, STOP: 'START', FINISH: TASK_MSG.notStartable },
  stop: {
    NEW: TASK_MSG.notStoppable,
    UNSTART: TASK_MSG.notStoppable,
    START: 'STOP',
    STOP: TASK_MSG.notStoppable,
    FINISH: TASK_MSG.notStoppable,
  },
  finish: { NEW: TASK_MSG.notFinishable, UNSTART: TASK_MSG.notFinishable, START: 'FINISH', STOP: 'FINISH', FINISH: TASK_MSG.notFinishable },
  delete: { NEW: 'gone', UNSTART: 'gone', START: TASK_MSG.notDeletable, STOP: TASK_MSG.notDeletable, FINISH: TASK_MSG.notDeletable },
  edit: { NEW: 'NEW', UNSTART: 'UNSTART', START: TASK_MSG.notEditable, STOP: TASK_MSG.notEditable, FINISH: TASK_MSG.notEditable },
  setPad: { NEW: 'UNSTART', UNSTART: 'UNSTART', START: TASK_MSG.terminalsLocked, STOP: 'STOP', FINISH: TASK_MSG.terminalsLocked },
};

describe.each(testDialects())('task status on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = taskApi(
    () => t.app,
    () => t.admin,
  );
  const { post, db, plan, statusOf, taskRow, publishStatusOf, codesOf } = api;
  const label = (task: PlannedTask) => `任务#${task.id} ${task.product.number}`;

  /** The call of `action` on a task; setPad gives every flow a new idle PAD of the task's line. */
  async function call(action: Action, task: PlannedTask): Promise<LightMyRequestResponse> {
    switch (action) {
      case 'start':
        return post(PATHS.taskStart, t.admin, { id: task.id });
      case 'stop':
        return post(PATHS.taskStop, t.admin, { id: task.id });
      case 'finish':
        return post(PATHS.taskFinish, t.admin, { id: task.id });
      case 'delete':
        return post(PATHS.taskDelete, t.admin, { id: task.id });
      case 'edit':
        return post(PATHS.taskEdit, t.admin, { ...taskBody(task.product, task.lineIds, { productionCount: 5 }), id: task.id });
      case 'setPad': {
        const flows = [];
        for (const flowId of task.flowIds) flows.push({ flowId, padIdList: [await createTerminal(db(), { lineId: task.lineIds[0]! })] });
        return api.setPads(task.id, flows);
      }
    }
  }

  describe.each(Object.keys(OUTCOMES) as Action[])('%s', (action) => {
    it.each(STATUSES)('from %s', async (from) => {
      const task = await plan({ status: from });
      const before = await taskRow(task.id);
      const response = await call(action, task);
      const outcome = OUTCOMES[action][from];
      if (outcome === 'gone') {
        expect(dataOf(response)).toBeNull();
        expect(await taskRow(task.id)).toBeUndefined();
      } else if ((STATUSES as string[]).includes(outcome)) {
        expect(dataOf(response)).toBeNull();
        expect(await statusOf(task.id)).toBe(outcome);
      } else {
        expectRefusal(response, 409, outcome);
        expect(await taskRow(task.id)).toEqual(before);
      }
    });
  });

  it('takes the id as a form too, and answers 404 for an unknown task and 400 without an id', async () => {
    const task = await plan({ status: 'START' });
    const form = await t.app.inject({
      method: 'POST',
      url: PATHS.taskStop,
      headers: { authorization: `Bearer ${t.admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${task.id}`,
    });
    expect(dataOf(form)).toBeNull();
    expect(await statusOf(task.id)).toBe('STOP');
    expectRefusal(await post(PATHS.taskStart, t.admin, { id: 99999999 }), 404, MSG.recordNotFound);
    expectRefusal(await post(PATHS.taskFinish, t.admin, {}), 400, MSG.idRequired);
  });

  it('sets the start time on the first start only, the finish time on finishing, and puts each on record', async () => {
    const task = await plan({ status: 'UNSTART' });
    dataOf(await post(PATHS.taskStart, t.admin, { id: task.id }));
    const started = (await taskRow(task.id))!.startTime;
    expect(started).toBeGreaterThan(0);
    await expect.poll(() => lastSuccessLog(t.app, PATHS.taskStart)).toEqual({ summary: `开始任务 ${label(task)}`, targetId: String(task.id) });
    dataOf(await post(PATHS.taskStop, t.admin, { id: task.id }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    dataOf(await post(PATHS.taskStart, t.admin, { id: task.id }));
    expect((await taskRow(task.id))!.startTime).toBe(started);
    expect((await taskRow(task.id))!.finishTime).toBeNull();
    dataOf(await post(PATHS.taskFinish, t.admin, { id: task.id }));
    expect((await taskRow(task.id))!.finishTime).toBeGreaterThanOrEqual(started!);
    await expect.poll(() => lastSuccessLog(t.app, PATHS.taskFinish)).toMatchObject({ summary: `结束任务 ${label(task)}` });
  });

  it('refuses to start a task whose flow lost its last terminal, and turns an UNSTART one back to NEW', async () => {
    const stopped = await plan({ status: 'STOP' });
    await post(PATHS.terminalUnbind, t.admin, undefined, { terminalId: stopped.padIds[0]!, terminalType: 'PAD' });
    expect(await statusOf(stopped.id)).toBe('STOP');
    expectRefusal(await post(PATHS.taskStart, t.admin, { id: stopped.id }), 409, TASK_MSG.needsTerminals);
    const ready = await plan({ status: 'UNSTART' });
    dataOf(await post(PATHS.terminalUnbind, t.admin, undefined, { terminalId: ready.padIds[1]!, terminalType: 'PAD' }));
    expect(await statusOf(ready.id)).toBe('NEW');
  });

  describe('the product', () => {
    it('is PRODUCTING while a task is not finished, and PUBLISH again on finish', async () => {
      const task = await plan({ status: 'START' });
      expect(await publishStatusOf(task.product.productId)).toBe('PRODUCTING');
      dataOf(await post(PATHS.taskStop, t.admin, { id: task.id }));
      expect(await publishStatusOf(task.product.productId)).toBe('PRODUCTING');
      dataOf(await post(PATHS.taskFinish, t.admin, { id: task.id }));
      expect(await publishStatusOf(task.product.productId)).toBe('PUBLISH');
      // Planned again once the first task is over.
      const again = dataOf<number>(await post(PATHS.taskCreate, t.admin, taskBody(task.product, task.lineIds)));
      expect(await statusOf(again)).toBe('NEW');
      expect(await publishStatusOf(task.product.productId)).toBe('PRODUCTING');
    });

    it('is PUBLISH again when its task is deleted, with the task’s codes, flows and lines', async () => {
      const task = await plan({ status: 'UNSTART' });
      dataOf(await post(PATHS.taskDelete, t.admin, { id: task.id }));
      expect(await publishStatusOf(task.product.productId)).toBe('PUBLISH');
      expect(await codesOf(task.id)).toEqual([]);
      expect(await api.taskFlowIds(task.id)).toEqual([]);
      expect(await db().selectFrom('task_line').select('lineId').where('taskId', '=', task.id).execute()).toEqual([]);
      const items = await db().selectFrom('task_flow_item').select('id').where('taskFlowId', 'in', task.flowIds).execute();
      expect(items).toEqual([]);
      for (const padId of task.padIds) expect(await api.terminal(padId)).toEqual(idleOn(task.lineIds[0]));
      await expect.poll(() => lastSuccessLog(t.app, PATHS.taskDelete)).toMatchObject({ summary: `删除任务 ${label(task)}` });
    });

    it('moves with the task when step 1 picks another product: new snapshot, terminals freed, NEW again', async () => {
      const task = await plan({ status: 'UNSTART', flows: 2 });
      const other = await createPublishedProduct(db(), { flows: 3 });
      dataOf(await post(PATHS.taskEdit, t.admin, { ...taskBody(other, task.lineIds), id: task.id }));
      expect(await taskRow(task.id)).toMatchObject({ productId: other.productId, productNumber: other.number, status: 'NEW' });
      const flows = await db()
        .selectFrom('task_flow')
        .select(['id', 'sourceFlowId'])
        .where('taskId', '=', task.id)
        .orderBy('sequence')
        .execute();
      expect(flows.map((flow) => flow.sourceFlowId)).toEqual(other.flowIds);
      expect(flows.some((flow) => task.flowIds.includes(flow.id))).toBe(false);
      for (const padId of task.padIds) expect(await api.terminal(padId)).toMatchObject({ status: 4, taskId: null, flowId: null });
      expect(await publishStatusOf(task.product.productId)).toBe('PUBLISH');
      expect(await publishStatusOf(other.productId)).toBe('PRODUCTING');
      await expect.poll(() => lastSuccessLog(t.app, PATHS.taskEdit)).toMatchObject({ summary: `修改任务 ${label(task)} → ${other.number}` });
    });

    it('refuses another product that is not PUBLISH, changing nothing', async () => {
      const task = await plan({ status: 'UNSTART' });
      const busy = await plan();
      const editTo = (product: PublishedProduct) => post(PATHS.taskEdit, t.admin, { ...taskBody(product, task.lineIds), id: task.id });
      expectRefusal(await editTo(busy.product), 409, TASK_MSG.productProducing);
      const draft = await createPublishedProduct(db());
      await db().updateTable('product').set({ publishStatus: 'UNPUBLISH' }).where('id', '=', draft.productId).execute();
      expectRefusal(await editTo(draft), 409, TASK_MSG.productNotPublished);
      expect(await taskRow(task.id)).toMatchObject({ productId: task.product.productId, status: 'UNSTART' });
      expect(await api.taskFlowIds(task.id)).toEqual(task.flowIds);
      expect(await publishStatusOf(task.product.productId)).toBe('PRODUCTING');
    });
  });

  describe('lines', () => {
    it('frees the terminals of a line the task leaves; an UNSTART task with a flow left bare is NEW again', async () => {
      const [lineA, lineB] = [await createLine(db()), await createLine(db())];
      const task = await plan({ lineIds: [lineA, lineB], status: 'UNSTART' });
      dataOf(await post(PATHS.taskEdit, t.admin, { ...taskBody(task.product, [lineB, lineA]), id: task.id }));
      expect(await statusOf(task.id)).toBe('UNSTART');
      dataOf(await post(PATHS.taskEdit, t.admin, { ...taskBody(task.product, [lineB]), id: task.id }));
      expect(await statusOf(task.id)).toBe('NEW');
      for (const padId of task.padIds) expect(await api.terminal(padId)).toEqual(idleOn(lineA));
    });

    it('holds a line while the task is not finished (lineInUseByTask)', async () => {
      const [busy, spare] = [await createLine(db()), await createLine(db())];
      const task = await plan({ lineIds: [busy, spare], status: 'START' });
      await db().updateTable('production_line').set({ status: 0 }).where('id', 'in', [busy, spare]).execute();
      expectRefusal(await post(PATHS.lineDelete, t.admin, { id: spare }), 409, MSG.lineInUse);
      dataOf(await post(PATHS.taskFinish, t.admin, { id: task.id }));
      dataOf(await post(PATHS.lineDelete, t.admin, { id: spare }));
      const kept = await plan({ lineIds: [await createLine(db())] });
      await db().updateTable('production_line').set({ status: 0 }).where('id', '=', kept.lineIds[0]!).execute();
      expectRefusal(await post(PATHS.lineDelete, t.admin, { id: kept.lineIds[0]! }), 409, MSG.lineInUse);
      dataOf(await post(PATHS.taskDelete, t.admin, { id: kept.id }));
      dataOf(await post(PATHS.lineDelete, t.admin, { id: kept.lineIds[0]! }));
    });
  });

  describe('under concurrent calls', () => {
    it('plans a product once when ten plans of it arrive together', async () => {
      const product = await createPublishedProduct(db());
      const lineId = await createLine(db());
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(PATHS.taskCreate, t.admin, taskBody(product, [lineId]))));
      const codes = answers.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, ...Array<number>(9).fill(409)]);
      for (const response of answers.filter((r) => r.statusCode === 409)) expectRefusal(response, 409, TASK_MSG.productProducing);
      const tasks = await db().selectFrom('task').select('id').where('productId', '=', product.productId).execute();
      expect(tasks).toHaveLength(1);
    });

    it('runs one of a start and a delete of the same task', async () => {
      for (let round = 0; round < 3; round++) {
        const task = await plan({ status: 'UNSTART' });
        const [start, remove] = await Promise.all([
          post(PATHS.taskStart, t.admin, { id: task.id }),
          post(PATHS.taskDelete, t.admin, { id: task.id }),
        ]);
        const status = await statusOf(task.id);
        if (status === undefined) {
          expect(remove.statusCode).toBe(200);
          expectRefusal(start, 404, MSG.recordNotFound);
        } else {
          expect([status, start.statusCode, remove.statusCode]).toEqual(['START', 200, 409]);
        }
      }
    });
  });
});
