import { PATHS, type StationResultBody } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../platform/time.js';
import { createRole, createUser } from '../../../test/factories/index.js';
import { loginAs } from '../../../test/session-helpers.js';
import { type RunningTask, stationApi } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/*
 * Known results through the station API, every board and dashboard figure
 * checked exactly (docs/metrics.md). Four units, two flows:
 *   A passes both flows at the first attempt (one-pass);
 *   B fails flow 1 (the value), is retested there and passes, then passes flow 2 (repaired);
 *   C passes flow 1 and fails the manual check at flow 2;
 *   D is never tested.
 * Every result has chosen times in the current five minutes (a few seconds ahead of
 * the clock at most, within the skew a station may have), so the pace, the curve's
 * hour and the day are known exactly:
 *   flow 1: A 0–4 s, B 10–14 s (fails), B 20–24 s, C 30–34 s: 34 s over 4 tests, 8.5 s a unit;
 *   flow 2: A 5–11 s, B 25–31 s, C 40–46 s (fails): 41 s over 3 tests, 13.67 s a unit.
 */
describe.each(testDialects())('task board and dashboard figures on %s', (dialect) => {
  const t = withTestApp(dialect);
  let task: RunningTask;
  let itemName: string;
  let base: number;
  beforeAll(async () => {
    task = await api.runningTask({ flows: 2, count: 4, perFlow: 1 });
    const [s1, s2] = task.stations;
    const [a, b, c] = task.codes;
    base = Math.floor(Date.now() / 300_000) * 300_000;
    const at = (from: number, to: number) => ({ startTime: base + from * 1000, endTime: base + to * 1000 });
    const send = async (station: typeof s1, code: string, overrides: Partial<StationResultBody> & { value?: unknown } = {}) =>
      api.verdict(station!.token, await api.resultBody(station!.flowId, code, overrides));
    await send(s1, a!, at(0, 4));
    await send(s2, a!, at(5, 11));
    await send(s1, b!, { value: 50, ...at(10, 14) });
    await send(s1, b!, at(20, 24));
    await send(s2, b!, at(25, 31));
    await send(s1, c!, at(30, 34));
    const manual = await api.itemIdsOf(s2!.flowId);
    await send(s2, c!, { manualResults: manual.manual.map((itemId) => ({ itemId, pass: false })), ...at(40, 46) });
    itemName = (await api.db().selectFrom('task_flow_item').select('name').where('taskFlowId', '=', s1!.flowId).executeTakeFirstOrThrow()).name;
  });

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const board = async (path: string, query: Record<string, string | number> = {}) => api.ok(await api.get(path, t.admin, { taskId: task.taskId, ...query }));
  const center = async (path: string, query: Record<string, string | number> = {}) => api.ok(await api.get(path, t.admin, query));

  it('schedule: aim, produced, input, repaired, and the pace of the last hour', async () => {
    expect(await board(PATHS.boardSchedule)).toEqual({
      aimCount: 4,
      productedCount: 2,
      inputCount: 3,
      repairCount: 1,
      // The slower flow, flow 2: 41 s over 3 tests; two units remain at that pace (2 × 13.67).
      capacityOfProduction: 13.67,
      expectedFinishTime: 27,
    });
  });

  it('problems: totals by kind, per flow, and the items failed most', async () => {
    expect(await board(PATHS.boardProblemTotal)).toEqual({ totalCount: 2, autoCount: 1, manualCount: 1 });
    expect(await board(PATHS.boardProblemChart)).toEqual([
      { xVal: '流程1', yVal: 1 },
      { xVal: '流程2', yVal: 1 },
    ]);
    expect(await board(PATHS.boardProblemTop, { number: 10 })).toEqual({
      problems: [
        { xVal: itemName, yVal: 1 },
        { xVal: '外观完好', yVal: 1 },
      ],
      total: 2,
    });
    expect(await board(PATHS.boardProblemTop, { number: 1 })).toEqual({ problems: [{ xVal: itemName, yVal: 1 }], total: 2 });
  });

  it('one-pass: each flow at the first attempt, the task as their product, and the curve', async () => {
    // Flow 1: A, C passed at the first attempt, B failed; flow 2: A, B passed, C failed. The task: 2/3 × 2/3.
    expect(await board(PATHS.boardOnePassDetail, { hold: 4 })).toEqual({
      currentRate: 0.4444,
      aimRate: 0.8,
      flowRate: [
        { xVal: '流程1', yVal: 0.6667 },
        { xVal: '流程2', yVal: 0.6667 },
      ],
    });
    const hour = formatTime(Math.floor(base / 3_600_000) * 3_600_000, t.config.timeZone).slice(11, 16);
    expect(await board(PATHS.boardOnePassTotal, { interval: 60, hold: 2 })).toEqual([{ xVal: hour, yVal: 0.44 }]);
  });

  it('refuses the board to a user without 数据看板 and answers 404 for an unknown task', async () => {
    const roleId = await createRole(api.db(), ['/productionCenter']);
    await createUser(api.db(), 'viewer', 'Viewer12345', { roleId });
    const viewer = (await loginAs(t.app, 'viewer', 'Viewer12345')).token;
    expect((await api.get(PATHS.boardSchedule, viewer, { taskId: task.taskId })).statusCode).toBe(403);
    expect((await api.get(PATHS.dataCenterRealTimeInput, viewer)).statusCode).toBe(403);
    expect((await api.get(PATHS.boardSchedule, t.admin, { taskId: 99_999 })).statusCode).toBe(404);
  });

  it('dashboard: today, inputs, output, products, terminals and task rates', async () => {
    expect(await center(PATHS.dataCenterRealTimeInput)).toEqual({
      targetProduction: 4,
      producedProductToday: 2,
      deviceInput: 3,
      terminalInput: 2,
      productInput: 1,
      lineInput: 1,
      personInput: 1,
    });
    expect(await center(PATHS.dataCenterDevOutput)).toEqual({ developmentCount: 1, outputCount: 2, total: 4 });
    expect(await center(PATHS.dataCenterProductionTop, { topNum: 5 })).toEqual([{ xVal: task.product.number, yVal: 2 }]);
    expect(await center(PATHS.dataCenterPadCount)).toEqual([
      { xVal: '未使用', yVal: 0 },
      { xVal: '整机检测', yVal: 2 },
      { xVal: '配件检测', yVal: 0 },
      { xVal: '空闲', yVal: 0 },
    ]);
    expect(await center(PATHS.dataCenterPdaCount)).toEqual([
      { xVal: '已使用', yVal: 0 },
      { xVal: '未使用', yVal: 0 },
    ]);
    const today = formatTime(Date.now(), t.config.timeZone).slice(0, 10);
    expect(await center(PATHS.dataCenterDeviceAverage)).toEqual({
      total: 2,
      productionMonth: 2,
      avgProductivity: Math.round((2 / Number(today.slice(8, 10))) * 100) / 100,
    });
    expect(await center(PATHS.dataCenterTaskCount, { hold: 2 })).toEqual({ onePassRate: 0.33, intimeRate: 0, checkPassRate: 0, stopRate: 0 });
  });

  it('dashboard series: 30 days and 12 months, today holding the output', async () => {
    const today = formatTime(Date.now(), t.config.timeZone).slice(0, 10);
    const days = (await center(PATHS.dataCenterDeviceProductivity, { timeType: 'PRE_30_DAY' })) as { xVal: string; yVal: number }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ xVal: today.slice(5), yVal: 2 });
    expect(days.slice(0, -1).every((point) => point.yVal === 0)).toBe(true);
    const months = (await center(PATHS.dataCenterDeviceProductivity, { timeType: 'PRE_12_MONTH' })) as { xVal: string; yVal: number }[];
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toEqual({ xVal: today.slice(0, 7), yVal: 2 });
    const onePass = (await center(PATHS.dataCenterDeviceOnePass, { timeType: 'PRE_30_DAY' })) as { xVal: string; yVal: number | null }[];
    expect(onePass.at(-1)).toEqual({ xVal: today.slice(5), yVal: 0.3333 });
    expect(onePass.slice(0, -1).every((point) => point.yVal === null), 'no rate where no unit was decided').toBe(true);
  });
});
