import { PATHS, type StationResultRow, type TaskDetail, type Page } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { formatTime } from '../../platform/time.js';
import { stationResultApi } from '../../../test/station-result-api.js';

describe.each(testDialects())('station results on %s', (dialect) => {
  const t = withTestApp(dialect);
  const {
    api,
    db,
    get,
    submit,
    resultBody,
    runningTask,
    storedCounts,
    flowCounts,
    finishedUnits,
    stationAt,
    test,
    taskRow,
  } = stationResultApi(t);

  it('finishes the task when the last unit passes the last flow, freeing its terminals', async () => {
    const task = await runningTask({ count: 2 });
    for (const code of task.codes) await test(task, 0, code);
    const first = await test(task, 1, task.codes[0]!);
    expect(first.deviceStatus).toBe('PASS');
    expect((await taskRow(task.taskId)).status).toBe('START');
    expect(await finishedUnits(task.taskId)).toBe(1);
    // A retest failing at the last flow takes the unit back out of the finished ones.
    expect((await test(task, 1, task.codes[0]!, 30)).deviceStatus).toBe('NOT_PASS');
    expect(await finishedUnits(task.taskId)).toBe(0);
    await test(task, 1, task.codes[0]!);
    await test(task, 1, task.codes[1]!);
    const finished = await taskRow(task.taskId);
    expect(finished.status).toBe('FINISH');
    expect(await finishedUnits(task.taskId)).toBe(2);
    expect(finished.finishTime).toBeGreaterThan(Date.now() - 10_000);
    const pads = await db()
      .selectFrom('terminal')
      .select(['status', 'taskId', 'flowId'])
      .where(
        'id',
        'in',
        task.stations.map((s) => s.terminalId),
      )
      .execute();
    expect(pads).toEqual(task.stations.map(() => ({ status: 4, taskId: null, flowId: null })));
    const product = await db()
      .selectFrom('product')
      .select('publishStatus')
      .where('id', '=', task.product.productId)
      .executeTakeFirstOrThrow();
    expect(product.publishStatus).toBe('PUBLISH');
    expect((await storedCounts(task.taskId)).flows.map((flow) => flow.finishNumber)).toEqual([2, 2]);
  });

  it('keeps every counter equal to what the rows say after a mixed run', async () => {
    const task = await runningTask({ flows: 3, count: 6 });
    // Device n fails flow (n mod 3) once before passing it; devices 4 and 5 stop after failing.
    const plan: [number, number, unknown][] = [];
    for (const [n, code] of task.codes.entries()) {
      for (let flow = 0; flow < 3; flow++) {
        if (n % 3 === flow) plan.push([flow, n, 42]);
        if (n >= 4 && n % 3 === flow) break;
        plan.push([flow, n, 15]);
      }
      void code;
    }
    for (const [flow, n, value] of plan) await test(task, flow, task.codes[n]!, value);

    const rows = await db()
      .selectFrom('flow_result')
      .select(['id', 'taskFlowId', 'codeId', 'status'])
      .where('taskId', '=', task.taskId)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(plan.length);
    const latest = new Map<string, { id: number; status: string; attempts: number }>();
    for (const row of rows) {
      const key = `${row.codeId}:${row.taskFlowId}`;
      latest.set(key, { id: row.id, status: row.status, attempts: (latest.get(key)?.attempts ?? 0) + 1 });
    }
    const deviceFlows = await db()
      .selectFrom('device_flow')
      .innerJoin('production_code', 'production_code.id', 'device_flow.codeId')
      .select([
        'device_flow.codeId',
        'device_flow.taskFlowId',
        'device_flow.latestResultId',
        'device_flow.latestStatus',
        'device_flow.attempts',
      ])
      .where('production_code.taskId', '=', task.taskId)
      .execute();
    expect(deviceFlows).toHaveLength(latest.size);
    for (const row of deviceFlows) {
      expect(latest.get(`${row.codeId}:${row.taskFlowId}`)).toEqual({
        id: row.latestResultId,
        status: row.latestStatus,
        attempts: row.attempts,
      });
    }

    const flows = await flowCounts(task.taskId);
    for (const flow of flows) {
      const here = rows.filter((row) => row.taskFlowId === flow.id);
      expect(flow.totalCount).toBe(here.length);
      expect(flow.failCount).toBe(here.filter((row) => row.status === 'TEST_ERROR').length);
      expect(flow.finishNumber).toBe(deviceFlows.filter((d) => d.taskFlowId === flow.id && d.latestStatus === 'TEST_SUCCESS').length);
    }
    const detail = api.ok<TaskDetail>(await get(PATHS.taskDetail, t.admin, { id: task.taskId }));
    expect(detail.finishNumber).toBe(flows[2]!.finishNumber);
    expect(detail.flows.map((flow) => [flow.finishNumber, flow.totalCount])).toEqual(flows.map((flow) => [flow.finishNumber, flow.totalCount]));
    expect(flows[2]!.finishNumber).toBe(4);

    const devices = await db().selectFrom('production_code').selectAll().where('taskId', '=', task.taskId).execute();
    for (const device of devices) {
      const mine = rows.filter((row) => row.codeId === device.id);
      const latestOfMine = deviceFlows.filter((d) => d.codeId === device.id);
      const passed = latestOfMine.filter((d) => d.latestStatus === 'TEST_SUCCESS').length;
      const failed = latestOfMine.length - passed;
      expect({
        resultCount: device.resultCount,
        passedFlows: device.passedFlows,
        failedFlows: device.failedFlows,
        everFailed: device.everFailed,
        testStatus: device.testStatus,
      }).toEqual({
        resultCount: mine.length,
        passedFlows: passed,
        failedFlows: failed,
        everFailed: mine.some((row) => row.status === 'TEST_ERROR') ? 1 : 0,
        testStatus: failed > 0 ? 'NOT_PASS' : passed === 3 ? 'PASS' : null,
      });
    }
    expect(devices.filter((d) => d.testStatus === 'PASS')).toHaveLength(4);
  });

  it("lists this terminal's results of today, newest first, a page at a time", async () => {
    const task = await runningTask();
    const station = stationAt(task, 0);
    await test(task, 0, task.codes[0]!, 50);
    await test(task, 0, task.codes[0]!);
    await test(task, 0, task.codes[1]!);
    await test(task, 1, task.codes[1]!);
    // A result of yesterday is not today's.
    await db()
      .updateTable('flow_result')
      .set({ createTime: Date.now() - 2 * 86_400_000 })
      .where(
        'codeId',
        '=',
        (await db().selectFrom('production_code').select('id').where('code', '=', task.codes[1]!).executeTakeFirstOrThrow()).id,
      )
      .where('taskFlowId', '=', station.flowId)
      .execute();
    const page = api.ok<Page<StationResultRow>>(await get(PATHS.stationResults, station.token, { page: 1, pageSize: 1 }));
    expect(page).toMatchObject({ total: 2, pageSize: 1, pageNum: 1 });
    expect(page.list).toEqual([
      {
        resultId: expect.any(Number),
        productionCode: task.codes[0],
        flowName: '流程1',
        status: 'TEST_SUCCESS',
        userName: task.worker.userName,
        createTime: expect.any(String),
      },
    ]);
    const all = api.ok<Page<StationResultRow>>(await get(PATHS.stationResults, station.token, { pageSize: 0 }));
    expect(all.list.map((row) => row.status)).toEqual(['TEST_SUCCESS', 'TEST_ERROR']);
    expect(all.list[0]!.createTime.slice(0, 10)).toBe(formatTime(Date.now(), t.config.timeZone).slice(0, 10));
  });

  it('shows counters and the speed of the last hour in the task detail', async () => {
    const task = await runningTask();
    const station = stationAt(task, 0);
    const now = Date.now();
    for (const [n, start, end] of [
      [0, now - 100_000, now - 80_000],
      [1, now - 60_000, now - 40_000],
    ] as const) {
      api.ok(await submit(station.token, await resultBody(station.flowId, task.codes[n]!, { startTime: start, endTime: end })));
    }
    // A result ended more than an hour ago does not count.
    api.ok(
      await submit(
        station.token,
        await resultBody(station.flowId, task.codes[2]!, { startTime: now - 7_300_000, endTime: now - 7_200_000 }),
      ),
    );
    const detail = api.ok<TaskDetail>(await get(PATHS.taskDetail, t.admin, { id: task.taskId }));
    expect(detail.flows[0]).toMatchObject({ finishNumber: 3, totalCount: 3, realSpeed: 30 });
    expect(detail.flows[1]).toMatchObject({ finishNumber: 0, totalCount: 0, realSpeed: 0 });
    expect(detail.status).toBe('START');
  });
});
