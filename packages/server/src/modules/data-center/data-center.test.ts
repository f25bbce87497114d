import type { AddressInfo } from 'node:net';
import { type Envelope, PATHS } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.js';
import { createManager } from '../../../test/factories/index.js';
import { bearer } from '../../../test/session-helpers.js';
import { type RunningTask, stationApi } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { formatTime } from '../../platform/time.js';

/*
 * A user tied to 总装二线 sees on the big screen what its task list shows: the
 * tasks of its line and the terminals there, never 总装一线's (issue 12, finding 7).
 */
describe.each(testDialects())('the dashboard of a user tied to lines on %s', (dialect) => {
  const t = withTestApp(dialect);
  let lineUser: string;
  let theirs: RunningTask;
  let mine: RunningTask;
  beforeAll(async () => {
    theirs = await api.runningTask({ flows: 1, count: 5 });
    mine = await api.runningTask({ flows: 1, count: 4 });
    // 总装一线 produces three units, 总装二线 one (and fails one).
    for (const unit of [0, 1, 2]) await pass(theirs, unit);
    await pass(mine, 0);
    await api.verdict(mine.stations[0]!.token, await api.resultBody(mine.flowIds[0]!, mine.codes[1]!, { value: 99 }));
    const myLine = await api.db().selectFrom('task_line').select('lineId').where('taskId', '=', mine.taskId).executeTakeFirstOrThrow();
    lineUser = (await createManager(t.app, ['/dataCenter'], [myLine.lineId])).token;
  });

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  async function pass(task: RunningTask, unit: number) {
    return api.verdict(task.stations[0]!.token, await api.resultBody(task.flowIds[0]!, task.codes[unit]!));
  }
  const center = async (token: string, path: string, query: Record<string, string | number> = {}) =>
    api.ok<unknown>(await api.get(path, token, query));
  const productOf = (task: RunningTask) => task.product.number;

  it('counts today’s output, the inputs and the lines of its own tasks only', async () => {
    expect(await center(lineUser, PATHS.dataCenterRealTimeInput)).toEqual({
      targetProduction: 4,
      producedProductToday: 1,
      deviceInput: 2,
      terminalInput: 1,
      productInput: 1,
      lineInput: 1,
      personInput: 1,
    });
    // The platform administrator sees both lines.
    expect(await center(t.admin, PATHS.dataCenterRealTimeInput)).toMatchObject({
      targetProduction: 9,
      producedProductToday: 4,
      deviceInput: 5,
      terminalInput: 2,
      productInput: 2,
      lineInput: 2,
    });
  });

  it('ranks and totals the products of its own tasks only', async () => {
    expect(await center(lineUser, PATHS.dataCenterProductionTop, { topNum: 5 })).toEqual([{ xVal: productOf(mine), yVal: 1 }]);
    expect(await center(t.admin, PATHS.dataCenterProductionTop, { topNum: 5 })).toEqual([
      { xVal: productOf(theirs), yVal: 3 },
      { xVal: productOf(mine), yVal: 1 },
    ]);
    // Products are the account's, not a line's: both are counted; output and plan are its tasks'.
    expect(await center(lineUser, PATHS.dataCenterDevOutput)).toEqual({ developmentCount: 2, outputCount: 1, total: 4 });
    expect(await center(t.admin, PATHS.dataCenterDevOutput)).toEqual({ developmentCount: 2, outputCount: 4, total: 9 });
  });

  it('counts the terminals of its lines, and the rates and series of its own tasks', async () => {
    expect(await center(lineUser, PATHS.dataCenterPadCount)).toEqual([
      { xVal: '未使用', yVal: 0 },
      { xVal: '整机检测', yVal: 1 },
      { xVal: '配件检测', yVal: 0 },
      { xVal: '空闲', yVal: 0 },
    ]);
    // One unit passed and one failed at the first attempt on its line; three passed on the other.
    expect(await center(lineUser, PATHS.dataCenterTaskCount, { hold: 2 })).toMatchObject({ onePassRate: 0.5 });
    expect(await center(t.admin, PATHS.dataCenterTaskCount, { hold: 2 })).toMatchObject({ onePassRate: 0.8 });
    const today = formatTime(Date.now(), t.config.timeZone).slice(0, 10);
    const days = (await center(lineUser, PATHS.dataCenterDeviceProductivity, { timeType: 'PRE_30_DAY' })) as { xVal: string; yVal: number }[];
    expect(days.at(-1)).toEqual({ xVal: today.slice(5), yVal: 1 });
    const onePass = (await center(lineUser, PATHS.dataCenterDeviceOnePass, { timeType: 'PRE_12_MONTH' })) as { yVal: number | null }[];
    expect(onePass.at(-1)!.yVal).toBe(0.5);
    expect(await center(lineUser, PATHS.dataCenterDeviceAverage)).toMatchObject({ total: 1, productionMonth: 1 });
  });

  it('wakes its live stream for results of its own tasks only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = openEventStream(`${base}${PATHS.dataCenterEvents}`, bearer(lineUser));
    try {
      expect(await stream.opened).toBe(200);
      await pass(theirs, 3);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(stream.events(), 'a result on the other line tells it nothing').toEqual([]);
      await pass(mine, 2);
      expect(await stream.waitFor(1, 2000)).toBe(1);
      expect(stream.events()[0]).toContain(`"taskId":${mine.taskId}`);
    } finally {
      stream.close();
    }
  });

  it('answers the envelope to a sub-user with no line at all: nothing of any task', async () => {
    const { token } = await createManager(t.app, ['/dataCenter'], []);
    const response = await api.get(PATHS.dataCenterRealTimeInput, token);
    expect(response.json<Envelope<unknown>>()).toEqual({
      code: 1,
      data: { targetProduction: 0, producedProductToday: 0, deviceInput: 0, terminalInput: 0, productInput: 0, lineInput: 0, personInput: 0 },
      errorMsg: null,
    });
  });
});
