import { MSG, PATHS, STATION_MSG } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProductWithFlows } from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { type RunningTask } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { stationResultApi } from '../../../test/station-result-api.js';

describe.each(testDialects())('station results on %s', (dialect) => {
  const t = withTestApp(dialect);
  const { api, db, post, submit, verdict, resultBody, runningTask, storedCounts, stationAt, test, taskRow } = stationResultApi(t);

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
      api.ok(await post(PATHS.taskStop, t.admin, { id: task.taskId }));
      await refused(0, () => body(), 409, STATION_MSG.taskNotRunning('停止中'));
      api.ok(await post(PATHS.taskStart, t.admin, { id: task.taskId }));
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
});
