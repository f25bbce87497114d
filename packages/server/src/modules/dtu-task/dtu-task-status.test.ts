import { DTU_TASK_MSG as M, DTU_TASK_STATUSES, type DtuTaskStatus, MSG, PATHS, TERMINAL_STATUS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal, lastLog, lastSuccessLog } from '../../../test/answers.js';
import { dateIn, dtuTaskApi } from '../../../test/dtu-task-api.js';
import { createDtuTask, createDtuTaskPad, createLine, createTerminal } from '../../../test/factories/index.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

type Action = 'start' | 'stop' | 'end' | 'delete';
const PATH_OF: Record<Action, string> = { start: PATHS.dtuTaskStart, stop: PATHS.dtuTaskStop, end: PATHS.dtuTaskEnd, delete: PATHS.dtuTaskDelete };
const SUMMARY_OF: Record<Action, string> = { start: '开始DTU任务', stop: '停止DTU任务', end: '结束DTU任务', delete: '删除DTU任务' };

/** What each action does from each status (seed 002 §4): the status after, or the refusal. */
const OUTCOMES: Record<Action, Record<DtuTaskStatus, DtuTaskStatus | 'deleted' | string>> = {
  start: { UNSTART: M.startRefused, START: M.startRefused, STOP: 'START', FINISH: M.startRefused },
  stop: { UNSTART: M.stopRefused, START: 'STOP', STOP: M.stopRefused, FINISH: M.stopRefused },
  end: { UNSTART: M.endRefused, START: 'FINISH', STOP: 'FINISH', FINISH: M.endRefused },
  delete: { UNSTART: 'deleted', START: M.deleteRefused, STOP: M.deleteRefused, FINISH: 'deleted' },
};
const CASES = (Object.keys(OUTCOMES) as Action[]).flatMap((action) => DTU_TASK_STATUSES.map((from) => [action, from, OUTCOMES[action][from]] as const));
const idle = { status: TERMINAL_STATUS.idle, taskId: null, flowId: null, partsRole: null };

describe.each(testDialects())('DTU task status on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { db, get, act, edit, detail, list, postForm, lineUser, tenant, terminal, taskRow, snapshot } = dtuTaskApi(t);

  /** A task in `status` with a PAD and a serial terminal (FINISH: terminals already let go of). */
  async function taskIn(status: DtuTaskStatus, options: { reworkTask?: boolean } = {}) {
    const id = await createDtuTask(db(), { status, ...options });
    const pad = status === 'FINISH' ? await createTerminal(db()) : await createDtuTaskPad(db(), id, { role: 'PAD' });
    const serial = status === 'FINISH' ? await createTerminal(db()) : await createDtuTaskPad(db(), id, { role: 'SERIAL' });
    return { id, pad, serial };
  }

  it.each(CASES)('%s from %s: %s', async (action, from, outcome) => {
    const { id, pad, serial } = await taskIn(from);
    const before = await taskRow(id);
    if (outcome === 'START' || outcome === 'STOP' || outcome === 'FINISH' || outcome === 'deleted') {
      const response = await act(PATH_OF[action], id);
      expect(response.json()).toEqual({ code: 1, data: null, errorMsg: null });
      const after = await taskRow(id);
      if (outcome === 'deleted') {
        expect(after).toMatchObject({ deleted: 1, status: from });
        expectRefusal(await act(PATH_OF[action], id), 404, MSG.recordNotFound);
      } else {
        expect(after).toMatchObject({ status: outcome, deleted: 0, startTime: before.startTime });
      }
      if (outcome === 'FINISH') expect(after.finishTime).toBeGreaterThanOrEqual(after.updateTime - 1);
      // ending or deleting lets the terminals go; starting and stopping keep them
      const released = outcome === 'FINISH' || outcome === 'deleted';
      if (from !== 'FINISH') {
        expect(await terminal(pad)).toEqual(released ? idle : { status: TERMINAL_STATUS.partsCheck, taskId: id, flowId: null, partsRole: 'PAD' });
        expect(await terminal(serial)).toMatchObject(released ? idle : { taskId: id, partsRole: 'SERIAL' });
      }
      await expect.poll(async () => (await lastSuccessLog(t.app, PATH_OF[action]))?.summary).toBe(`${SUMMARY_OF[action]} DTU任务 ${before.fittingType} #${id}`);
    } else {
      const rows = await snapshot();
      expectRefusal(await act(PATH_OF[action], id), 409, outcome);
      expect(await snapshot()).toEqual(rows);
    }
  });

  it('sets the start time on the first start only', async () => {
    const never = await createDtuTask(db(), { status: 'STOP', startTime: null });
    expect((await act(PATHS.dtuTaskStart, never)).statusCode).toBe(200);
    expect((await taskRow(never)).startTime).toBeGreaterThan(Date.now() - 60_000);
    const started = Date.now() - 3_600_000;
    const again = await createDtuTask(db(), { status: 'STOP', startTime: started });
    expect((await act(PATHS.dtuTaskStart, again)).statusCode).toBe(200);
    expect((await taskRow(again)).startTime).toBe(started);
  });

  it('lets sampling terminals go on delete, not on end', async () => {
    const ended = await createDtuTask(db(), { status: 'START' });
    const sampling = await createDtuTaskPad(db(), ended);
    await db().updateTable('terminal').set({ partsRole: 'CHECK' }).where('id', '=', sampling).execute();
    expect((await act(PATHS.dtuTaskEnd, ended)).statusCode).toBe(200);
    expect(await terminal(sampling)).toMatchObject({ status: TERMINAL_STATUS.partsCheck, taskId: ended, partsRole: 'CHECK' });
    expect((await act(PATHS.dtuTaskDelete, ended)).statusCode).toBe(200);
    expect(await terminal(sampling)).toEqual(idle);
  });

  it('leaves terminals of another task with the same id alone', async () => {
    // a production task's PAD carries a task id of another table, which may equal this one's
    const id = await createDtuTask(db(), { status: 'START' });
    const production = await createTerminal(db(), { status: TERMINAL_STATUS.overallCheck, taskId: id, lineId: (await taskRow(id)).productLineId });
    expect((await act(PATHS.dtuTaskEnd, id)).statusCode).toBe(200);
    expect(await terminal(production)).toMatchObject({ status: TERMINAL_STATUS.overallCheck, taskId: id });
  });

  it('answers 404 for a task the caller does not see, changing nothing', async () => {
    const { id } = await taskIn('START');
    const other = await tenant();
    const elsewhere = await lineUser([await createLine(db())]);
    const rows = await snapshot();
    for (const token of [other.token, elsewhere.token]) {
      for (const path of Object.values(PATH_OF)) expectRefusal(await act(path, id, token), 404, MSG.recordNotFound);
      expectRefusal(await postForm(PATHS.dtuTaskDuplicateEnable, token, { taskId: id, duplicate: 'true' }), 404, MSG.recordNotFound);
    }
    expectRefusal(await act(PATHS.dtuTaskStop, 99_999_999), 404, MSG.recordNotFound);
    expect(await snapshot()).toEqual(rows);
  });

  it('lets a user of the task’s lines act on it', async () => {
    const { id } = await taskIn('START');
    const task = await taskRow(id);
    const onLine = await lineUser([task.productLineId]);
    expect((await act(PATHS.dtuTaskStop, id, onLine.token)).statusCode).toBe(200);
    expect((await taskRow(id)).status).toBe('STOP');
  });

  it('refuses to edit a task in production or ended (409)', async () => {
    for (const status of ['START', 'FINISH'] as const) {
      const { id, pad } = await taskIn(status);
      const task = await taskRow(id);
      const param = {
        id,
        dtuId: task.dtuId,
        reworkTask: false,
        fittingType: task.fittingType,
        productLineId: task.productLineId,
        aimLineId: task.aimLineId,
        pads: [pad],
        expireTime: dateIn(3),
        productionNumber: 10,
      };
      const rows = await snapshot();
      expectRefusal(await edit(param), 409, M.editRefused);
      expect(await snapshot()).toEqual(rows);
    }
  });

  it('drops a deleted task from the lists and the detail', async () => {
    const { id } = await taskIn('UNSTART');
    const { dtuId } = await taskRow(id);
    expect((await list({ dtuId })).total).toBe(1);
    expect((await act(PATHS.dtuTaskDelete, id)).statusCode).toBe(200);
    expect(await list({ dtuId })).toMatchObject({ total: 0, list: [] });
    expectRefusal(await get(PATHS.dtuTaskDetail, t.admin, { taskId: id }), 404, MSG.recordNotFound);
  });

  describe('duplicate testing', () => {
    const toggle = (taskId: number, duplicate: string) => postForm(PATHS.dtuTaskDuplicateEnable, t.admin, { taskId, duplicate });

    it('turns on and off for a task not ended', async () => {
      for (const status of ['UNSTART', 'START', 'STOP'] as const) {
        const { id } = await taskIn(status);
        expect((await toggle(id, 'true')).statusCode).toBe(200);
        expect((await detail(id)).duplicateEnable).toBe(true);
        await expect.poll(() => lastLog(t.app, PATHS.dtuTaskDuplicateEnable)).toBe(`允许重复检测 DTU任务 ${(await taskRow(id)).fittingType} #${id}`);
        expect((await toggle(id, '0')).statusCode).toBe(200);
        expect((await detail(id)).duplicateEnable).toBe(false);
        expect((await taskRow(id)).status).toBe(status);
      }
    });

    it('refuses an ended task, and turning a rework task’s off', async () => {
      const ended = await createDtuTask(db(), { status: 'FINISH' });
      const rework = await createDtuTask(db(), { reworkTask: true, status: 'START' });
      const rows = await snapshot();
      expectRefusal(await toggle(ended, 'true'), 409, M.finishedLocked);
      expectRefusal(await toggle(rework, 'false'), 409, M.reworkAlwaysDuplicate);
      expect(await snapshot()).toEqual(rows);
      expect((await toggle(rework, 'true')).statusCode).toBe(200);
      expect((await detail(rework)).duplicateEnable).toBe(true);
    });
  });
});
