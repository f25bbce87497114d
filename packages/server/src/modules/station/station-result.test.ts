import { MSG, PATHS, STATION_MSG, type StationResultRow, type TaskDetail, type Page } from '@factory/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin } from '../../../test/session-helpers.js';
import { createProductWithFlows, type RunningTask, stationApi } from '../../../test/station-api.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';
import { expectRefusal } from '../../../test/user-factories.js';
import { formatTime } from '../../platform/time.js';

describe.each(testDialects())('station results on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = (await loginAsAdmin(t.app)).token;
  });
  afterAll(() => t.close());

  const api = stationApi(
    () => t.app,
    () => admin,
  );
  const { db, get, post, submit, verdict, resultBody, runningTask, storedCounts, flowCounts, finishedUnits } = api;

  const stationAt = (task: RunningTask, flowIndex: number) => task.stations.find((station) => station.flowId === task.flowIds[flowIndex])!;
  /** A result of the device at the flow of that index, passing (15) unless another value is given. */
  async function test(task: RunningTask, flowIndex: number, code: string, value: unknown = 15) {
    const station = stationAt(task, flowIndex);
    return verdict(station.token, await resultBody(station.flowId, code, { value }));
  }
  const taskRow = (id: number) => db().selectFrom('task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('judges a passing result, stores it with the standard used, and starts an UNSTART task', async () => {
    const task = await runningTask();
    const station = stationAt(task, 0);
    const body = await resultBody(station.flowId, task.codes[0]!);
    const answer = await verdict(station.token, body);
    const { items, manual } = await api.itemIdsOf(station.flowId);
    expect(answer).toEqual({
      resultId: expect.any(Number),
      clientResultId: body.clientResultId,
      productionCode: task.codes[0],
      status: 'TEST_SUCCESS',
      items: [{ itemId: items[0], name: expect.any(String), value: '15', standard: '10 ~ 20', result: 1 }],
      manual: [{ itemId: manual[0], name: '外观完好', pass: true }],
      deviceStatus: null,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });

    const row = await db().selectFrom('flow_result').selectAll().where('id', '=', answer.resultId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      taskId: task.taskId,
      taskFlowId: station.flowId,
      flowSequence: 1,
      terminalId: station.terminalId,
      accountId: task.worker.id,
      userName: task.worker.userName,
      status: 'TEST_SUCCESS',
      attempt: 1,
      startTime: body.startTime,
      endTime: body.endTime,
    });
    expect(JSON.parse(row.autoResults)).toEqual(answer.items);
    expect(JSON.parse(row.manualResults)).toEqual(answer.manual);

    const started = await taskRow(task.taskId);
    expect(started.status).toBe('START');
    expect(started.startTime).toBeGreaterThan(Date.now() - 10_000);
    const device = await db().selectFrom('production_code').selectAll().where('code', '=', task.codes[0]!).executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      sn: `SN${task.codes[0]}`,
      passedFlows: 1,
      failedFlows: 0,
      resultCount: 1,
      everFailed: 0,
      testStatus: null,
    });
    expect(device.firstTestTime).toBe(body.endTime);
  });

  it('answers a retry with the stored verdict: one row, counters once', async () => {
    const task = await runningTask();
    const station = stationAt(task, 0);
    const body = await resultBody(station.flowId, task.codes[0]!, { value: 99 });
    const first = await verdict(station.token, body);
    const before = await storedCounts(task.taskId);
    const again = await verdict(station.token, body);
    expect(again).toEqual(first);
    // Even a retry that would now be judged otherwise keeps its first answer.
    expect(await verdict(station.token, { ...body, autoValues: body.autoValues.map((v) => ({ ...v, value: 15 })) })).toEqual(first);
    expect(await storedCounts(task.taskId)).toEqual(before);
    expect(before.results).toBe(1);
    expect(before.flows[0]).toEqual({ totalCount: 1, failCount: 1, finishNumber: 0 });
  });

  it('answers a retry only to the terminal that stored it: another terminal sending its clientResultId is stored as its own', async () => {
    const task = await runningTask({ flows: 1, perFlow: 2 });
    const [mine, theirs] = task.stations;
    const body = await resultBody(mine!.flowId, task.codes[0]!);
    const first = await verdict(mine!.token, body);
    const replayed = await verdict(theirs!.token, { ...body, productionCode: task.codes[1]!, sn: `SN${task.codes[1]}` });
    expect(replayed).toMatchObject({ clientResultId: body.clientResultId, productionCode: task.codes[1] });
    expect(replayed.resultId).not.toBe(first.resultId);
    // The terminal's own retry is still answered with what it stored.
    expect(await verdict(mine!.token, body)).toEqual(first);
    const stored = await db().selectFrom('flow_result').select(['terminalId', 'clientResultId']).where('taskId', '=', task.taskId).orderBy('id').execute();
    expect(stored).toEqual([
      { terminalId: mine!.terminalId, clientResultId: body.clientResultId },
      { terminalId: theirs!.terminalId, clientResultId: body.clientResultId },
    ]);
  });

  it('answers two copies of one result sent at once with one stored result', async () => {
    const task = await runningTask();
    const station = stationAt(task, 0);
    const body = await resultBody(station.flowId, task.codes[0]!);
    const answers = await Promise.all([submit(station.token, body), submit(station.token, body), submit(station.token, body)]);
    const verdicts = answers.map((response) => api.ok<{ resultId: number }>(response));
    expect(new Set(verdicts.map((v) => v.resultId)).size).toBe(1);
    expect((await storedCounts(task.taskId)).results).toBe(1);
  });

  it('tests a flow only after the device passed the one before', async () => {
    const task = await runningTask({ flows: 3 });
    const code = task.codes[0]!;
    const atSecond = stationAt(task, 1);
    expectRefusal(await submit(atSecond.token, await resultBody(atSecond.flowId, code)), 409, STATION_MSG.previousFlowFirst('流程1'));
    await test(task, 0, code, 50);
    expectRefusal(await submit(atSecond.token, await resultBody(atSecond.flowId, code)), 409, STATION_MSG.previousFlowFirst('流程1'));
    await test(task, 0, code, 15);
    expect((await test(task, 1, code)).status).toBe('TEST_SUCCESS');
    const atThird = stationAt(task, 2);
    expectRefusal(
      await submit(atThird.token, await resultBody(atThird.flowId, task.codes[1]!)),
      409,
      STATION_MSG.previousFlowFirst('流程2'),
    );
    // A retest failing at flow 1 closes flow 2 again.
    await test(task, 0, code, 0);
    expectRefusal(await submit(atSecond.token, await resultBody(atSecond.flowId, code)), 409, STATION_MSG.previousFlowFirst('流程1'));
  });

  describe('refusals store nothing', () => {
    let task: RunningTask;
    let other: RunningTask;
    beforeAll(async () => {
      task = await runningTask();
      other = await runningTask();
      await test(task, 0, task.codes[1]!);
    });

    async function refused(flowIndex: number, build: () => Promise<object>, status: number, message: string) {
      const before = await storedCounts(task.taskId);
      expectRefusal(await post(PATHS.stationResult, stationAt(task, flowIndex).token, await build()), status, message);
      expect(await storedCounts(task.taskId)).toEqual(before);
    }
    const body = (overrides: object = {}, code = task.codes[0]!) => resultBody(stationAt(task, 0).flowId, code, overrides);

    it('an unknown production code', () => refused(0, () => body({}, 'NOSUCHCODE'), 400, STATION_MSG.codeUnknown('NOSUCHCODE')));
    it('a device of another task', () => refused(0, () => body({}, other.codes[0]!), 400, STATION_MSG.codeOfOtherTask(other.codes[0]!)));
    it('no production code', () => refused(0, () => body({ productionCode: ' ' }), 400, STATION_MSG.codeRequired));
    it('no clientResultId', () => refused(0, () => body({ clientResultId: '' }), 400, STATION_MSG.clientResultIdRequired));
    it('no SN at an overall check', () => refused(0, () => body({ sn: null }), 400, STATION_MSG.scanRequired('SN码')));
    it('another SN than the device has', () =>
      refused(0, () => body({ sn: 'OTHER' }, task.codes[1]!), 409, STATION_MSG.scanMismatch('SN码', `SN${task.codes[1]}`)));
    it('an SN another device of the task has', () =>
      refused(0, () => body({ sn: `SN${task.codes[1]}` }), 409, STATION_MSG.scanTaken('SN码', `SN${task.codes[1]}`)));
    it('a start after the end', () =>
      refused(0, () => body({ startTime: Date.now(), endTime: Date.now() - 1000 }), 400, STATION_MSG.timeRule));
    it('a time that is no time', () => refused(0, () => body({ startTime: '2025-02-30 10:00:00' }), 400, MSG.invalidInput));
    it('a time more than a few minutes ahead of the server (year 33658, ten minutes)', async () => {
      const farAhead = Date.UTC(33658, 0, 1);
      await refused(0, () => body({ startTime: farAhead - 1000, endTime: farAhead }), 400, STATION_MSG.timeInFuture);
      await refused(0, () => body({ startTime: String(farAhead), endTime: String(farAhead) }), 400, STATION_MSG.timeInFuture);
      const soon = Date.now() + 10 * 60_000;
      await refused(0, () => body({ startTime: soon - 1000, endTime: soon }), 400, STATION_MSG.timeInFuture);
    });
    // The limits are the schema's, so SQLite (which would store them) and PostgreSQL (which answered 500) answer alike.
    it('a scanned code longer than its column, or holding NUL', async () => {
      await refused(0, () => body({ sn: 'S'.repeat(65) }), 400, STATION_MSG.tooLong('SN码', 64));
      await refused(0, () => body({ sn: 'S'.repeat(100_000) }), 400, STATION_MSG.tooLong('SN码', 64));
      await refused(0, () => body({ sn: 'SN\u0000X' }), 400, MSG.nulCharacter);
      await refused(0, () => body({ mac: 'M'.repeat(65) }), 400, STATION_MSG.tooLong('MAC', 64));
      await refused(0, () => body({ imei: '8'.repeat(65) }), 400, STATION_MSG.tooLong('IMEI', 64));
      await refused(0, () => body({ imei: '86\u000012' }), 400, MSG.nulCharacter);
      await refused(0, () => body({ productionCode: 'P\u0000' }), 400, MSG.nulCharacter);
      await refused(0, () => body({ clientResultId: 'c'.repeat(65) }), 400, STATION_MSG.tooLong('结果编号', 64));
      await refused(0, () => body({ clientResultId: 'c\u0000' }), 400, MSG.nulCharacter);
    });
    it('a value longer than a text property may be, or holding NUL', async () => {
      await refused(0, () => body({ value: 'v'.repeat(256) }), 400, STATION_MSG.valueTooLong(255));
      await refused(0, () => body({ value: 'v'.repeat(5_000_000) }), 400, STATION_MSG.valueTooLong(255));
      await refused(0, () => body({ value: '1\u00005' }), 400, MSG.nulCharacter);
    });
    it('an item given twice', async () => {
      const { items, manual } = await api.itemIdsOf(task.flowIds[0]!);
      const twice = [
        { itemId: items[0]!, value: 15 },
        { itemId: items[0]!, value: 99 },
      ];
      await refused(0, () => body({ autoValues: twice }), 400, STATION_MSG.duplicateItem);
      const passAndFail = [
        { itemId: manual[0]!, pass: true },
        { itemId: manual[0]!, pass: false },
      ];
      await refused(0, () => body({ manualResults: passAndFail }), 400, STATION_MSG.duplicateItem);
    });
    it('an item of another flow', async () => {
      const foreign = (await api.itemIdsOf(other.flowIds[0]!)).items[0]!;
      await refused(0, () => body({ autoValues: [{ itemId: foreign, value: 15 }] }), 400, STATION_MSG.unknownItem);
    });
    it('a manual item of another flow', async () => {
      const foreign = (await api.itemIdsOf(other.flowIds[0]!)).manual[0]!;
      await refused(0, () => body({ manualResults: [{ itemId: foreign, pass: true }] }), 400, STATION_MSG.unknownItem);
    });
    it('a value that is no value (an object, a list)', async () => {
      const name = (
        await db().selectFrom('task_flow_item').select('name').where('taskFlowId', '=', task.flowIds[0]!).executeTakeFirstOrThrow()
      ).name;
      await refused(0, () => body({ value: { volts: 15 } }), 400, STATION_MSG.valueInvalid(name));
      await refused(0, () => body({ value: [15] }), 400, STATION_MSG.valueInvalid(name));
    });
    it('a stopped task', async () => {
      api.ok(await post(PATHS.taskStop, admin, { id: task.taskId }));
      await refused(0, () => body(), 409, STATION_MSG.taskNotRunning('停止中'));
      api.ok(await post(PATHS.taskStart, admin, { id: task.taskId }));
    });
  });

  it('refuses results for a finished task or a NEW one', async () => {
    const task = await runningTask();
    const station = stationAt(task, 0);
    await db().updateTable('task').set({ status: 'NEW' }).where('id', '=', task.taskId).execute();
    expectRefusal(await submit(station.token, await resultBody(station.flowId, task.codes[0]!)), 409, STATION_MSG.taskNotRunning('待生产'));
    // A terminal still pointing at a finished task (finishing frees them; this one is put back by hand).
    await db().updateTable('task').set({ status: 'FINISH' }).where('id', '=', task.taskId).execute();
    expectRefusal(await submit(station.token, await resultBody(station.flowId, task.codes[0]!)), 409, STATION_MSG.taskNotRunning('已结束'));
    expect((await storedCounts(task.taskId)).results).toBe(0);
  });

  it('refuses a terminal on no task', async () => {
    const task = await runningTask();
    const station = stationAt(task, 0);
    await db().updateTable('terminal').set({ status: 4, taskId: null, flowId: null }).where('id', '=', station.terminalId).execute();
    expectRefusal(await submit(station.token, await resultBody(station.flowId, task.codes[0]!)), 409, STATION_MSG.notAssigned);
  });

  it('keeps a MAC unique within the task and bound to its device', async () => {
    const product = await createProductWithFlows(db(), [{ bindMac: true, items: [{ dataTypeId: 'int', normalValue: '1' }] }], {
      communicationId: 'WIFI',
    });
    const task = await runningTask({ product });
    const station = task.stations[0]!;
    const body = (code: string, mac: string | null) => resultBody(station.flowId, code, { value: 1, mac });
    expectRefusal(await submit(station.token, await body(task.codes[0]!, null)), 400, STATION_MSG.scanRequired('MAC'));
    expect((await verdict(station.token, await body(task.codes[0]!, 'AA:BB:CC:00:00:01'))).status).toBe('TEST_SUCCESS');
    const before = await storedCounts(task.taskId);
    expectRefusal(
      await submit(station.token, await body(task.codes[1]!, 'AA:BB:CC:00:00:01')),
      409,
      STATION_MSG.scanTaken('MAC', 'AA:BB:CC:00:00:01'),
    );
    expectRefusal(
      await submit(station.token, await body(task.codes[0]!, 'AA:BB:CC:00:00:02')),
      409,
      STATION_MSG.scanMismatch('MAC', 'AA:BB:CC:00:00:01'),
    );
    expect(await storedCounts(task.taskId)).toEqual(before);
    // The same MAC again on its own device is a retest.
    expect((await verdict(station.token, await body(task.codes[0]!, 'AA:BB:CC:00:00:01'))).status).toBe('TEST_SUCCESS');
    expect(before.codes[0]!.mac).toBe('AA:BB:CC:00:00:01');
  });

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
    const detail = api.ok<TaskDetail>(await get(PATHS.taskDetail, admin, { id: task.taskId }));
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
    const detail = api.ok<TaskDetail>(await get(PATHS.taskDetail, admin, { id: task.taskId }));
    expect(detail.flows[0]).toMatchObject({ finishNumber: 3, totalCount: 3, realSpeed: 30 });
    expect(detail.flows[1]).toMatchObject({ finishNumber: 0, totalCount: 0, realSpeed: 0 });
    expect(detail.status).toBe('START');
  });
});
