import { type FunCode, MSG, type Page, type PadInfo, PATHS, type Task, TASK_MSG } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import {
  createLine,
  createManager,
  createOtherTenant,
  createPublishedProduct,
  createTerminal,
  fullGrants,
  grantsWithout,
  insertTask,
} from '../../../test/factories/index.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { taskApi, taskBody } from '../../../test/task-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

const MENU = '/productionCenter';

describe.each(testDialects())('who may plan and see tasks on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = taskApi(
    () => t.app,
    () => t.admin,
  );
  const { get, post, db, plan, statusOf } = api;

  describe('permissions', () => {
    /** Each route with the call that exercises it and the buttons of which it needs one. */
    async function routes() {
      const task = await plan({ status: 'UNSTART' });
      const body = { ...taskBody(task.product, task.lineIds), id: task.id };
      const flows = task.flowIds.map((flowId, index) => ({ flowId, padIdList: [task.padIds[index]!] }));
      return {
        task,
        calls: [
          { funs: [], run: (token: string) => get(PATHS.taskList, token) },
          { funs: ['add'], run: (token: string) => post(PATHS.taskCreate, token, body) },
          { funs: ['edit'], run: (token: string) => post(PATHS.taskEdit, token, body) },
          { funs: ['start'], run: (token: string) => post(PATHS.taskStart, token, { id: task.id }) },
          { funs: ['stop'], run: (token: string) => post(PATHS.taskStop, token, { id: task.id }) },
          { funs: ['finish'], run: (token: string) => post(PATHS.taskFinish, token, { id: task.id }) },
          { funs: ['delete'], run: (token: string) => post(PATHS.taskDelete, token, { id: task.id }) },
          { funs: ['detail'], run: (token: string) => get(PATHS.taskDetail, token, { id: task.id }) },
          { funs: ['add', 'edit'], run: (token: string) => get(PATHS.taskEditData, token, { taskId: task.id }) },
          { funs: ['add', 'edit'], run: (token: string) => get(PATHS.padList, token, { lineIds: String(task.lineIds[0]), taskId: task.id }) },
          { funs: ['add', 'edit'], run: (token: string) => post(PATHS.padSet, token, { taskId: task.id, flowId2PadId: flows }) },
        ] as { funs: FunCode[]; run: (token: string) => ReturnType<typeof get> }[],
      };
    }

    it('answers 403 to a user without the menu, for every route, and changes nothing', async () => {
      const { task, calls } = await routes();
      const { token } = await createManager(t.app, ['/productCenter'], task.lineIds);
      for (const call of calls) expectRefusal(await call.run(token), 403, MSG.noPermission);
      expect(await statusOf(task.id)).toBe('UNSTART');
    });

    it('answers 403 for each button the role lacks, before validation', async () => {
      const { task, calls } = await routes();
      for (const call of calls.filter((c) => c.funs.length > 0)) {
        const { token } = await createManager(t.app, grantsWithout(MENU, ...call.funs), task.lineIds);
        expectRefusal(await call.run(token), 403, MSG.noPermission);
      }
      const { token } = await createManager(t.app, grantsWithout(MENU, 'start'), task.lineIds);
      expectRefusal(await post(PATHS.taskStart, token, {}), 403, MSG.noPermission);
      expect(await statusOf(task.id)).toBe('UNSTART');
    });

    it('lets step 2 through with either add or edit', async () => {
      const task = await plan({ status: 'UNSTART' });
      for (const fun of ['add', 'edit'] as const) {
        const { token } = await createManager(t.app, [MENU, `${MENU}:${fun}`], task.lineIds);
        dataOf(await get(PATHS.taskEditData, token, { taskId: task.id }));
        expect(dataOf<PadInfo[]>(await get(PATHS.padList, token, { lineIds: String(task.lineIds[0]), taskId: task.id }))).toHaveLength(2);
        const flows = task.flowIds.map((flowId, index) => ({ flowId, padIdList: [task.padIds[index]!] }));
        dataOf(await post(PATHS.padSet, token, { taskId: task.id, flowId2PadId: flows }));
      }
    });

    it('lets each button through to its call', async () => {
      const lineId = await createLine(db());
      const { token } = await createManager(t.app, fullGrants(MENU), [lineId]);
      const product = await createPublishedProduct(db());
      const id = dataOf<number>(await post(PATHS.taskCreate, token, taskBody(product, [lineId])));
      dataOf(await post(PATHS.taskEdit, token, { ...taskBody(product, [lineId], { productionCount: 4 }), id }));
      const flowIds = await api.taskFlowIds(id);
      const pads = [await createTerminal(db(), { lineId }), await createTerminal(db(), { lineId })];
      const flowId2PadId = flowIds.map((flowId, index) => ({ flowId, padIdList: [pads[index]] }));
      dataOf(await post(PATHS.padSet, token, { taskId: id, flowId2PadId }));
      dataOf(await post(PATHS.taskStart, token, { id }));
      dataOf(await post(PATHS.taskStop, token, { id }));
      dataOf(await get(PATHS.taskDetail, token, { id }));
      dataOf(await post(PATHS.taskFinish, token, { id }));
      expect(await statusOf(id)).toBe('FINISH');
      const other = await plan({ lineIds: [lineId] });
      dataOf(await post(PATHS.taskDelete, token, { id: other.id }));
      expect(await statusOf(other.id)).toBeUndefined();
    });
  });

  describe('scope', () => {
    it('shows a sub-user only the tasks on its lines; others answer 404 to every call', async () => {
      const mine = await createLine(db());
      const theirs = await createLine(db());
      const shared = await plan({ lineIds: [theirs, mine] });
      const hidden = await plan({ lineIds: [theirs], status: 'UNSTART' });
      const { token } = await createManager(t.app, fullGrants(MENU), [mine]);

      const listed = dataOf<Page<Task>>(await get(PATHS.taskList, token, { pageSize: 0 })).list.map((task) => task.id);
      expect(listed).toContain(shared.id);
      expect(listed).not.toContain(hidden.id);
      expect(dataOf<Task>(await get(PATHS.taskDetail, token, { id: shared.id })).id).toBe(shared.id);

      const body = { ...taskBody(hidden.product, hidden.lineIds), id: hidden.id };
      const flows = hidden.flowIds.map((flowId, index) => ({ flowId, padIdList: [hidden.padIds[index]!] }));
      for (const response of [
        await get(PATHS.taskDetail, token, { id: hidden.id }),
        await get(PATHS.taskEditData, token, { taskId: hidden.id }),
        await get(PATHS.padList, token, { lineIds: String(theirs), taskId: hidden.id }),
        await post(PATHS.taskEdit, token, body),
        await post(PATHS.padSet, token, { taskId: hidden.id, flowId2PadId: flows }),
        await post(PATHS.taskStart, token, { id: hidden.id }),
        await post(PATHS.taskDelete, token, { id: hidden.id }),
      ]) {
        expectRefusal(response, 404, MSG.recordNotFound);
      }
      expect(await statusOf(hidden.id)).toBe('UNSTART');
    });

    it('hides another tenant’s task even on the caller’s own line', async () => {
      const line = await createLine(db());
      const otherTenant = await createOtherTenant(db());
      const foreign = await insertTask(db(), { lineIds: [line], ownerId: otherTenant, status: 'UNSTART' });
      const { token } = await createManager(t.app, fullGrants(MENU), [line]);
      expect(dataOf<Page<Task>>(await get(PATHS.taskList, token, { pageSize: 0 })).list.map((task) => task.id)).not.toContain(foreign);
      expectRefusal(await get(PATHS.taskDetail, token, { id: foreign }), 404, MSG.recordNotFound);
      expectRefusal(await post(PATHS.taskStart, token, { id: foreign }), 404, MSG.recordNotFound);
      // The platform administrator sees every tenant.
      expect(dataOf<Task>(await get(PATHS.taskDetail, t.admin, { id: foreign })).id).toBe(foreign);
    });

    it('lets a sub-user plan only on its own enabled lines, and keep a line the task already has', async () => {
      const mine = await createLine(db());
      const mineDisabled = await createLine(db(), { status: 0 });
      const theirs = await createLine(db());
      const { token } = await createManager(t.app, fullGrants(MENU), [mine, mineDisabled]);
      const product = await createPublishedProduct(db());
      expectRefusal(await post(PATHS.taskCreate, token, taskBody(product, [mine, theirs])), 400, TASK_MSG.lineNotOffered);
      expectRefusal(await post(PATHS.taskCreate, token, taskBody(product, [mineDisabled])), 400, TASK_MSG.lineNotOffered);
      const id = dataOf<number>(await post(PATHS.taskCreate, token, taskBody(product, [mine])));
      expectRefusal(await post(PATHS.taskEdit, token, { ...taskBody(product, [mine, theirs]), id }), 400, TASK_MSG.lineNotOffered);

      // A task the administrator planned on both lines: the sub-user edits it without dropping the other line.
      const sharedTask = await plan({ lineIds: [theirs, mine] });
      const fields = taskBody(sharedTask.product, [theirs, mine], { productionCount: 7 });
      dataOf(await post(PATHS.taskEdit, token, { ...fields, id: sharedTask.id }));
      expect((await api.taskRow(sharedTask.id))?.productionCount).toBe(7);
    });

    it('makes a sub-user’s task the tenant’s, with the sub-user as creator', async () => {
      const line = await createLine(db());
      const manager = await createManager(t.app, fullGrants(MENU), [line]);
      const id = dataOf<number>(await post(PATHS.taskCreate, manager.token, taskBody(await createPublishedProduct(db()), [line])));
      const adminId = (await db().selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow()).id;
      expect(await api.taskRow(id)).toMatchObject({ ownerId: adminId, creatorId: manager.id });
      expect(dataOf<Task>(await get(PATHS.taskDetail, t.admin, { id })).creatorName).toBe(manager.userName);
    });
  });
});
