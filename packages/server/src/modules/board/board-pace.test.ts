import { PATHS, type TaskDetail } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RunningTask, stationApi } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/*
 * Issue 13: early in a task the board read 3600 s over the few units done (720 s/台
 * at 5/40, 预计完成 7 hours away) while units took 1–3 s. Here a 40-unit task runs at
 * a known pace, with chosen times in the current five minutes (at most a few seconds
 * ahead of the clock, within the skew a station may have):
 *   flow 1 tests units 1–8 back to back, 2 s each (0–16 s): 2 s a unit;
 *   flow 2 tests units 1–5 back to back, 3 s each (10–25 s): 3 s a unit, 5 produced.
 * The line's takt is its slower flow's, 3 s, and 35 units remain: 105 s.
 */
describe.each(testDialects())('the pace and the finish estimate early in a task on %s', (dialect) => {
  const t = withTestApp(dialect);
  let task: RunningTask;
  let untested: RunningTask;
  beforeAll(async () => {
    task = await api.runningTask({ flows: 2, count: 40 });
    untested = await api.runningTask({ flows: 2, count: 10 });
    const [s1, s2] = task.stations;
    const base = Math.floor(Date.now() / 300_000) * 300_000;
    const at = (from: number, to: number) => ({ startTime: base + from * 1000, endTime: base + to * 1000 });
    for (let unit = 0; unit < 8; unit++) {
      api.ok(await api.submit(s1!.token, await api.resultBody(s1!.flowId, task.codes[unit]!, at(2 * unit, 2 * unit + 2))));
    }
    for (let unit = 0; unit < 5; unit++) {
      api.ok(await api.submit(s2!.token, await api.resultBody(s2!.flowId, task.codes[unit]!, at(10 + 3 * unit, 13 + 3 * unit))));
    }
  });

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const board = async (path: string, taskId: number, query: Record<string, string | number> = {}) =>
    api.ok(await api.get(path, t.admin, { taskId, ...query }));

  it('reads the takt from the units tested, not the hour, and the estimate from the takt', async () => {
    expect(await board(PATHS.boardSchedule, task.taskId)).toEqual({
      aimCount: 40,
      productedCount: 5,
      inputCount: 8,
      repairCount: 0,
      capacityOfProduction: 3,
      expectedFinishTime: 105,
    });
  });

  it('gives the task detail the same pace per flow (realSpeed)', async () => {
    const detail = api.ok<TaskDetail>(await api.get(PATHS.taskDetail, t.admin, { id: task.taskId }));
    expect(detail.flows.map((flow) => ({ name: flow.name, realSpeed: flow.realSpeed, finishNumber: flow.finishNumber }))).toEqual([
      { name: '流程1', realSpeed: 2, finishNumber: 8 },
      { name: '流程2', realSpeed: 3, finishNumber: 5 },
    ]);
  });

  it('has no pace and no estimate before a unit is tested', async () => {
    expect(await board(PATHS.boardSchedule, untested.taskId)).toEqual({
      aimCount: 10,
      productedCount: 0,
      inputCount: 0,
      repairCount: 0,
      capacityOfProduction: 0,
      expectedFinishTime: 0,
    });
  });

  it('answers no one-pass rate (null) before a first attempt, for the task and for each flow', async () => {
    expect(await board(PATHS.boardOnePassDetail, untested.taskId, { hold: 4 })).toEqual({
      currentRate: null,
      aimRate: 0.8,
      flowRate: [
        { xVal: '流程1', yVal: null },
        { xVal: '流程2', yVal: null },
      ],
    });
    expect(await board(PATHS.boardOnePassTotal, untested.taskId, { interval: 60, hold: 2 })).toEqual([]);
  });

  it('rates only the flows with a first attempt while the rest wait', async () => {
    const [s1] = untested.stations;
    api.ok(await api.submit(s1!.token, await api.resultBody(s1!.flowId, untested.codes[0]!, { value: 99 })));
    expect(await board(PATHS.boardOnePassDetail, untested.taskId, { hold: 4 })).toEqual({
      currentRate: 0,
      aimRate: 0.8,
      flowRate: [
        { xVal: '流程1', yVal: 0 },
        { xVal: '流程2', yVal: null },
      ],
    });
  });
});
