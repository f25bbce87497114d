import { MSG, type PadInfo, PATHS, TASK_MSG, type TerminalList } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createLine, createManager, createOtherTenant, createTerminal, fullGrants } from '../../../test/factories/index.js';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { taskApi } from '../../../test/task-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

describe.each(testDialects())('terminals on task flows on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = taskApi(
    () => t.app,
    () => t.admin,
  );
  const { get, post, db, plan, setPads, statusOf, terminal } = api;
  const idle = (lineId: number, terminalName?: string) => createTerminal(db(), { lineId, ...(terminalName ? { terminalName } : {}) });
  /** Every terminal's state, to show a refused call changed nothing. */
  const snapshot = (ids: number[]) => Promise.all(ids.map((id) => terminal(id)));

  describe('setting (pad_setPad)', () => {
    it('puts terminals on every flow: overall check, the task and the flow; NEW becomes UNSTART', async () => {
      const task = await plan({ flows: 2 });
      const line = task.lineIds[0]!;
      const [a, b, c] = [await idle(line), await idle(line), await idle(line)];
      dataOf(await setPads(task.id, [{ flowId: task.flowIds[0]!, padIdList: [a, b] }, { flowId: task.flowIds[1]!, padIdList: [c] }]));
      expect(await statusOf(task.id)).toBe('UNSTART');
      expect(await snapshot([a, b, c])).toEqual([
        { status: 2, taskId: task.id, flowId: task.flowIds[0], lineId: line, workerId: null },
        { status: 2, taskId: task.id, flowId: task.flowIds[0], lineId: line, workerId: null },
        { status: 2, taskId: task.id, flowId: task.flowIds[1], lineId: line, workerId: null },
      ]);
      await expect
        .poll(() => lastSuccessLog(t.app, PATHS.padSet))
        .toEqual({ summary: `终端设置 任务#${task.id} ${task.product.number} 2个流程 3台终端`, targetId: String(task.id) });
    });

    it('takes padIds as an array or a comma list', async () => {
      const task = await plan({ flows: 2 });
      const line = task.lineIds[0]!;
      const [a, b, c] = [await idle(line), await idle(line), await idle(line)];
      const flowId2PadId = [
        { flowId: task.flowIds[0], padIds: `${a}, ${b}` },
        { flowId: task.flowIds[1], padIds: [c] },
      ];
      dataOf(await post(PATHS.padSet, t.admin, { taskId: task.id, flowId2PadId }));
      expect((await snapshot([a, b, c])).map((row) => row.flowId)).toEqual([task.flowIds[0], task.flowIds[0], task.flowIds[1]]);
    });

    it('replaces the terminals: a dropped one is idle again without its worker; UNSTART and STOP keep their status', async () => {
      for (const status of ['UNSTART', 'STOP'] as const) {
        const task = await plan({ flows: 2, status });
        const [first, second] = task.padIds as [number, number];
        const { id: worker } = await createManager(t.app, []);
        await db().updateTable('terminal').set({ workerId: worker }).where('id', '=', first).execute();
        const fresh = await idle(task.lineIds[0]!);
        const flows = [
          { flowId: task.flowIds[0]!, padIdList: [second] },
          { flowId: task.flowIds[1]!, padIdList: [fresh] },
        ];
        dataOf(await setPads(task.id, flows));
        expect(await statusOf(task.id)).toBe(status);
        expect(await snapshot([first, second, fresh])).toEqual([
          { status: 4, taskId: null, flowId: null, lineId: task.lineIds[0], workerId: null },
          { status: 2, taskId: task.id, flowId: task.flowIds[0], lineId: task.lineIds[0], workerId: null },
          { status: 2, taskId: task.id, flowId: task.flowIds[1], lineId: task.lineIds[0], workerId: null },
        ]);
      }
    });

    it('needs a terminal on every flow and flows of the task only', async () => {
      const task = await plan({ flows: 2 });
      const other = await plan({ flows: 1 });
      const pad = await idle(task.lineIds[0]!);
      const spare = await idle(task.lineIds[0]!);
      const before = await snapshot([pad, spare]);
      expect(before.map((row) => row.status)).toEqual([4, 4]);
      const refused = async (flows: object[], message: string) => {
        expectRefusal(await post(PATHS.padSet, t.admin, { taskId: task.id, flowId2PadId: flows }), 400, message);
        expect(await statusOf(task.id)).toBe('NEW');
        expect(await snapshot([pad, spare])).toEqual(before);
      };
      const first = { flowId: task.flowIds[0], padIdList: [pad] };
      await refused([], TASK_MSG.terminalsRequired);
      await refused([first], TASK_MSG.terminalsRequired);
      await refused([first, { flowId: task.flowIds[1], padIdList: [] }], TASK_MSG.terminalsRequired);
      const foreignFlow = { flowId: other.flowIds[0], padIdList: [] };
      await refused([first, { flowId: task.flowIds[1], padIdList: [spare] }, foreignFlow], TASK_MSG.unknownFlow);
      await refused([first, { flowId: task.flowIds[1], padIdList: [pad] }], TASK_MSG.terminalOneFlowOnly);
      expectRefusal(await post(PATHS.padSet, t.admin, { taskId: 99999999, flowId2PadId: [] }), 404, MSG.recordNotFound);
    });

    it('offers only PADs of the tenant on the task’s lines', async () => {
      const task = await plan({ flows: 1 });
      const otherLine = await createLine(db());
      const candidates = {
        unused: await createTerminal(db()),
        otherLine: await idle(otherLine),
        pda: await createTerminal(db(), { terminalType: 'PDA', status: 1 }),
        otherTenant: await createTerminal(db(), { lineId: task.lineIds[0]!, ownerId: await createOtherTenant(db()) }),
        unknown: 99999999,
      };
      for (const padId of Object.values(candidates)) {
        expectRefusal(await setPads(task.id, [{ flowId: task.flowIds[0]!, padIdList: [padId] }]), 400, TASK_MSG.terminalNotOffered);
      }
      expect(await statusOf(task.id)).toBe('NEW');
    });

    it('refuses a terminal of another task (409) and writes nothing', async () => {
      const line = await createLine(db());
      const busy = await plan({ flows: 1, lineIds: [line], status: 'UNSTART' });
      const task = await plan({ flows: 2, lineIds: [line], status: 'UNSTART' });
      const busyName = await api.terminalNameOf(busy.padIds[0]!);
      const before = await snapshot([...task.padIds, busy.padIds[0]!]);
      const fresh = await idle(line);
      const response = await setPads(task.id, [
        { flowId: task.flowIds[0]!, padIdList: [fresh] },
        { flowId: task.flowIds[1]!, padIdList: [busy.padIds[0]!] },
      ]);
      expectRefusal(response, 409, TASK_MSG.terminalBusy(busyName));
      expect(await snapshot([...task.padIds, busy.padIds[0]!])).toEqual(before);
      expect((await terminal(fresh)).taskId).toBeNull();
      expect(await statusOf(task.id)).toBe('UNSTART');
    });

    it('lets a sub-user use the PADs of its own lines only, and keep those the task has', async () => {
      const [mine, theirs] = [await createLine(db()), await createLine(db())];
      const task = await plan({ flows: 2, lineIds: [mine, theirs] });
      const onTheirs = await idle(theirs);
      const onMine = await idle(mine);
      const { token } = await createManager(t.app, fullGrants('/productionCenter'), [mine]);
      const flows = (first: number) => [
        { flowId: task.flowIds[0]!, padIdList: [first] },
        { flowId: task.flowIds[1]!, padIdList: [onMine] },
      ];
      expectRefusal(await setPads(task.id, flows(onTheirs), token), 400, TASK_MSG.terminalNotOffered);
      dataOf(await setPads(task.id, flows(onTheirs)));
      dataOf(await setPads(task.id, flows(onTheirs), token));
      expect((await terminal(onTheirs)).taskId).toBe(task.id);
    });

    it('gives an idle PAD to one of two tasks asking for it at once', async () => {
      const line = await createLine(db());
      for (let round = 0; round < 3; round++) {
        const [one, two] = [await plan({ flows: 1, lineIds: [line] }), await plan({ flows: 1, lineIds: [line] })];
        const pad = await idle(line, `争用${round}`);
        const answers = await Promise.all([one, two].map((task) => setPads(task.id, [{ flowId: task.flowIds[0]!, padIdList: [pad] }])));
        expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        expectRefusal(answers.find((response) => response.statusCode === 409)!, 409, TASK_MSG.terminalBusy(`争用${round}`));
        const winner = answers[0]!.statusCode === 200 ? one : two;
        expect(await terminal(pad)).toMatchObject({ status: 2, taskId: winner.id, flowId: winner.flowIds[0] });
        expect([await statusOf(one.id), await statusOf(two.id)].sort()).toEqual(['NEW', 'UNSTART']);
      }
    });
  });

  describe('the PADs step 2 offers (pad_getPadList)', () => {
    it('lists the idle PADs of the lines and those on the task, by line then name', async () => {
      const [lineA, lineB, lineC] = [await createLine(db()), await createLine(db()), await createLine(db())];
      const task = await plan({ flows: 1, lineIds: [lineA, lineB], status: 'UNSTART' });
      const elsewhere = await plan({ flows: 1, lineIds: [lineB], status: 'UNSTART' });
      const idleB2 = await idle(lineB, '乙2');
      const idleB1 = await idle(lineB, '乙1');
      const idleA = await idle(lineA, '甲1');
      await db().updateTable('terminal').set({ terminalName: '甲2' }).where('id', '=', task.padIds[0]!).execute();
      await idle(lineC);
      await createTerminal(db(), { terminalType: 'PDA' });
      const lineName = api.lineNameOf;

      const pads = dataOf<PadInfo[]>(await get(PATHS.padList, t.admin, { lineIds: `${lineA},${lineB}`, taskId: task.id }));
      expect(pads.map((pad) => pad.id)).toEqual([idleA, task.padIds[0], idleB1, idleB2]);
      expect(pads.map((pad) => pad.id)).not.toContain(elsewhere.padIds[0]);
      const onTask = pads.find((pad) => pad.id === task.padIds[0])!;
      expect(onTask).toMatchObject({ flowId: task.flowIds[0], taskId: task.id, lineId: lineA, lineName: await lineName(lineA) });
      const lineNameB = await lineName(lineB);
      expect(pads.find((pad) => pad.id === idleB1)).toMatchObject({ name: '乙1', flowId: null, taskId: null, lineId: lineB, lineName: lineNameB });

      const withoutTask = dataOf<PadInfo[]>(await get(PATHS.padList, t.admin, { lineIds: String(lineB) }));
      expect(withoutTask.map((pad) => pad.id)).toEqual([idleB1, idleB2]);
      expectRefusal(await get(PATHS.padList, t.admin, { lineIds: String(lineA), taskId: 99999999 }), 404, MSG.recordNotFound);
      expectRefusal(await get(PATHS.padList, t.admin, { lineIds: '' }), 400, TASK_MSG.linesRequired);
    });

    it('offers a sub-user the idle PADs of its own lines only', async () => {
      const [mine, theirs] = [await createLine(db()), await createLine(db())];
      const mineIdle = await idle(mine);
      await idle(theirs);
      const { token } = await createManager(t.app, fullGrants('/productionCenter'), [mine]);
      const pads = dataOf<PadInfo[]>(await get(PATHS.padList, token, { lineIds: `${mine},${theirs}` }));
      expect(pads.map((pad) => pad.id)).toEqual([mineIdle]);
    });
  });

  describe('the terminal page', () => {
    const padList = async (lineId: number) => dataOf<TerminalList>(await get(PATHS.terminalList, t.admin, { terminalType: 'PAD', lineId }));

    it('shows PADs on a task as overall check with the task’s model, type and flow; finishing frees them', async () => {
      const task = await plan({ flows: 2, status: 'START' });
      const line = task.lineIds[0]!;
      const typeName = await api.typeNameOf(task.product.productTypeId);
      const onTask = await padList(line);
      expect(onTask.overallCheckCount).toBe(2);
      expect(onTask.taskLineList).toHaveLength(1);
      const group = onTask.taskLineList[0]!;
      expect(group).toMatchObject({ lineId: line, taskId: task.id, productType: typeName, productNumber: task.product.number });
      const described = group.linePadList.map((pad) => [pad.padId, pad.belongTaskType, pad.productNumber, pad.productType, pad.padFlow, pad.taskName]);
      const taskName = `任务#${task.id} ${task.product.number}`;
      expect(described).toEqual(task.padIds.map((padId, index) => [padId, 2, task.product.number, typeName, `流程${index + 1}`, taskName]));
      expect(group.linePadList.map((pad) => pad.taskId)).toEqual([task.id, task.id]);

      dataOf(await post(PATHS.taskFinish, t.admin, { id: task.id }));
      const freed = await padList(line);
      expect(freed).toMatchObject({ overallCheckCount: 0, noTaskCount: 2 });
      expect(freed.taskLineList[0]).toMatchObject({ taskId: null, productType: null, productNumber: null });
      for (const pad of freed.taskLineList[0]!.linePadList) {
        expect(pad).toMatchObject({ status: 4, belongTaskType: 4, taskId: null, productNumber: null, padFlow: null, taskName: null });
      }
    });
  });
});
