import { PATHS, type TaskDetail } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLine, createPublishedProduct } from '../../../test/factories/index.js';
import { type RunningTask, stationApi } from '../../../test/station-api.js';
import { dayFromToday } from '../../../test/task-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { formatTime } from '../../platform/time.js';

const DAY_MS = 86_400_000;

/*
 * Every figure of the big screen against a factory built through the API, each
 * expectation worked out by hand from docs/metrics.md (issue 13: 今日目标 60 against
 * 4,829 made and 完成率 100%; 累计产量 1,341 beside 累计产出 1,317):
 *   T1, 1 flow, 3 units: all pass today, so it finishes by itself (its terminal freed, idle);
 *   T2, 2 flows, 5 units: unit 1 passes both flows yesterday; today unit 2 passes both,
 *       unit 3 fails flow 1, unit 4 passes flow 1 only;
 *   T3, 1 flow, 4 units: unit 1 passes today, then the task is stopped;
 *   T4, 10 units, no terminals (新建).
 * Each task has its own product, line, worker and one PAD per flow.
 */
describe.each(testDialects())('the big screen against a known factory on %s', (dialect) => {
  const t = withTestApp(dialect);
  let t1: RunningTask;
  let t2: RunningTask;
  let t3: RunningTask;
  let now: number;
  beforeAll(async () => {
    t1 = await api.runningTask({ flows: 1, count: 3 });
    t2 = await api.runningTask({ flows: 2, count: 5 });
    t3 = await api.runningTask({ flows: 1, count: 4 });
    const t4Product = await createPublishedProduct(api.db(), { flows: 1 });
    api.ok(
      await api.post(PATHS.taskCreate, t.admin, {
        productTypeId: t4Product.productTypeId,
        productId: t4Product.productId,
        productNumber: t4Product.number,
        productionLineIds: [await createLine(api.db())],
        productionCount: 10,
        expireTime: dayFromToday(1),
      }),
    );
    now = Date.now();
    const yesterday = { startTime: now - DAY_MS - 60_000, endTime: now - DAY_MS };
    for (const unit of [0, 1, 2]) await test(t1, 0, unit);
    await test(t2, 0, 0, yesterday);
    await test(t2, 1, 0, yesterday);
    await test(t2, 0, 1);
    await test(t2, 1, 1);
    await test(t2, 0, 2, { value: 99 });
    await test(t2, 0, 3);
    await test(t3, 0, 0);
    api.ok(await api.post(PATHS.taskStop, t.admin, { id: t3.taskId }));
  });

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  /** A result of a unit at a flow (passing unless told otherwise), at its station. */
  async function test(task: RunningTask, flow: number, unit: number, overrides: Record<string, unknown> = {}) {
    return api.verdict(task.stations[flow]!.token, await api.resultBody(task.flowIds[flow]!, task.codes[unit]!, overrides));
  }
  const center = async (path: string, query: Record<string, string | number> = {}) => api.ok<unknown>(await api.get(path, t.admin, query));
  const dayOf = (at: number) => formatTime(at, t.config.timeZone).slice(0, 10);

  it('has the factory it was built to have', async () => {
    const statusOf = async (task: RunningTask) => api.ok<TaskDetail>(await api.get(PATHS.taskDetail, t.admin, { id: task.taskId })).status;
    expect([await statusOf(t1), await statusOf(t2), await statusOf(t3)]).toEqual(['FINISH', 'START', 'STOP']);
  });

  it('今日生产 and 投入统计: the target holds what today made and what the running tasks lack', async () => {
    expect(await center(PATHS.dataCenterRealTimeInput)).toEqual({
      // made today: T1 3, T2 1 (unit 2), T3 1
      producedProductToday: 5,
      // 5 made today + still to make in the running tasks: T2 5 − 2, T3 4 − 1 (T1 finished, T4 has no terminals)
      targetProduction: 11,
      // first tested today: T1 3, T2 3 (unit 1 was first tested yesterday), T3 1
      deviceInput: 7,
      // terminals on a task: T2 2, T3 1 (T1's was freed when it finished)
      terminalInput: 3,
      // products and lines of the running tasks T2, T3
      productInput: 2,
      lineInput: 2,
      // the three workers, each signed in at a station just now
      personInput: 3,
    });
  });

  it('研发与产出, 平均产能 and 生产 TOP5: one 累计产量, which the products add up to', async () => {
    const output = (await center(PATHS.dataCenterDevOutput)) as { outputCount: number };
    // four products; made ever T1 3 + T2 2 + T3 1; planned 3 + 5 + 4 + 10
    expect(output).toEqual({ developmentCount: 4, outputCount: 6, total: 22 });
    const sameMonth = dayOf(now - DAY_MS).slice(0, 7) === dayOf(now).slice(0, 7);
    const productionMonth = sameMonth ? 6 : 5;
    expect(await center(PATHS.dataCenterDeviceAverage)).toEqual({
      total: 6,
      productionMonth,
      avgProductivity: Math.round((productionMonth / Number(dayOf(now).slice(8, 10))) * 100) / 100,
    });
    const top = (await center(PATHS.dataCenterProductionTop, { topNum: 5 })) as { xVal: string; yVal: number }[];
    expect(top).toEqual([
      { xVal: t1.product.number, yVal: 3 },
      { xVal: t2.product.number, yVal: 2 },
      { xVal: t3.product.number, yVal: 1 },
    ]);
    expect(top.reduce((sum, point) => sum + point.yVal, 0)).toBe(output.outputCount);
  });

  it('任务指标: one-pass of decided units, finished in time, stopped of producing', async () => {
    expect(await center(PATHS.dataCenterTaskCount, { hold: 2 })).toEqual({
      // one-pass: T1 3, T2 units 1 and 2, T3 unit 1; failed: T2 unit 3; T2 unit 4 is undecided. 6 ÷ 7
      onePassRate: 0.86,
      // T1 finished before its deadline (tomorrow)
      intimeRate: 1,
      checkPassRate: 0,
      // T3 stopped of T2, T3
      stopRate: 0.5,
    });
  });

  it('终端状态: the PADs by state', async () => {
    expect(await center(PATHS.dataCenterPadCount)).toEqual([
      { xVal: '未使用', yVal: 0 },
      { xVal: '整机检测', yVal: 3 },
      { xVal: '配件检测', yVal: 0 },
      { xVal: '空闲', yVal: 1 },
    ]);
    expect(await center(PATHS.dataCenterPdaCount)).toEqual([
      { xVal: '已使用', yVal: 0 },
      { xVal: '未使用', yVal: 0 },
    ]);
    expect(await center(PATHS.dataCenterStatisticInfo)).toEqual({
      reportCheckCount: 0,
      checkRandomCount: 0,
      stockCount: 0,
      outStockCount: 0,
      recheckCount: 0,
    });
  });

  it('生产趋势: the days and months hold what the today and total figures hold', async () => {
    const [today, yesterday] = [dayOf(now), dayOf(now - DAY_MS)];
    const days = (await center(PATHS.dataCenterDeviceProductivity, { timeType: 'PRE_30_DAY' })) as { xVal: string; yVal: number }[];
    expect(days).toHaveLength(30);
    expect(days.slice(-2)).toEqual([
      { xVal: yesterday.slice(5), yVal: 1 },
      { xVal: today.slice(5), yVal: 5 },
    ]);
    expect(days.reduce((sum, point) => sum + point.yVal, 0)).toBe(6);
    const months = (await center(PATHS.dataCenterDeviceProductivity, { timeType: 'PRE_12_MONTH' })) as { xVal: string; yVal: number }[];
    expect(months.at(-1)).toEqual({ xVal: today.slice(0, 7), yVal: yesterday.slice(0, 7) === today.slice(0, 7) ? 6 : 5 });
    expect(months.reduce((sum, point) => sum + point.yVal, 0)).toBe(6);
    const onePass = (await center(PATHS.dataCenterDeviceOnePass, { timeType: 'PRE_30_DAY' })) as { xVal: string; yVal: number | null }[];
    // yesterday T2 unit 1 (1 ÷ 1); today one-pass T1 3, T2 unit 2, T3 unit 1, failed T2 unit 3 (5 ÷ 6)
    expect(onePass.slice(-2)).toEqual([
      { xVal: yesterday.slice(5), yVal: 1 },
      { xVal: today.slice(5), yVal: 0.8333 },
    ]);
    expect(onePass.slice(0, -2).every((point) => point.yVal === null)).toBe(true);
  });
});
