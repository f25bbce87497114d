import { MSG, PATHS, STATION_MSG, type StationDevice } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/answers.js';
import { type RunningTask, stationApi } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/**
 * 扫码校验 (issue 13 item 6): the station app asks about a production code the
 * moment it is scanned and hears what a result of it would be told.
 */
describe.each(testDialects())('checking a scanned production code on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const { db, get, post, verdict, resultBody, runningTask, storedCounts } = api;
  const stationAt = (task: RunningTask, flowIndex: number) => task.stations.find((station) => station.flowId === task.flowIds[flowIndex])!;
  const check = (token: string, productionCode: string) => get(PATHS.stationDevice, token, { productionCode });
  const device = async (token: string, productionCode: string) => api.ok<StationDevice>(await check(token, productionCode));

  it('answers a fresh unit, one failed here and one passed here, with what it carries', async () => {
    const task = await runningTask();
    const first = stationAt(task, 0);
    expect(await device(first.token, task.codes[0]!)).toEqual({
      productionCode: task.codes[0],
      latestStatus: null,
      attempts: 0,
      sn: null,
      mac: null,
      imei: null,
      deviceStatus: null,
    });
    await verdict(first.token, await resultBody(first.flowId, task.codes[0]!, { value: 99 }));
    expect(await device(first.token, task.codes[0]!)).toMatchObject({ latestStatus: 'TEST_ERROR', attempts: 1, sn: `SN${task.codes[0]}`, deviceStatus: 'NOT_PASS' });
    await verdict(first.token, await resultBody(first.flowId, task.codes[0]!));
    // A passed unit is answered, not refused: a retest is allowed, the station app asks first.
    expect(await device(first.token, task.codes[0]!)).toMatchObject({ latestStatus: 'TEST_SUCCESS', attempts: 2 });
    // Passed at flow 1, the unit is fresh at flow 2.
    expect(await device(stationAt(task, 1).token, ` ${task.codes[0]!} `)).toMatchObject({ productionCode: task.codes[0], latestStatus: null, attempts: 0 });
  });

  it('refuses with the messages a result would get, and stores nothing', async () => {
    const task = await runningTask();
    const other = await runningTask();
    const first = stationAt(task, 0);
    const second = stationAt(task, 1);
    const before = await storedCounts(task.taskId);
    // 404: the look-up names no unit (a result naming one is a 400 bad body).
    expectRefusal(await check(first.token, 'NOTACODE1'), 404, STATION_MSG.codeUnknown('NOTACODE1'));
    expectRefusal(await check(first.token, other.codes[0]!), 400, STATION_MSG.codeOfOtherTask(other.codes[0]!));
    expectRefusal(await check(second.token, task.codes[0]!), 409, STATION_MSG.previousFlowFirst('流程1'));
    // A unit failed at flow 1 still waits there.
    await verdict(first.token, await resultBody(first.flowId, task.codes[1]!, { value: 99 }));
    expectRefusal(await check(second.token, task.codes[1]!), 409, STATION_MSG.previousFlowFirst('流程1'));
    expect((await storedCounts(task.taskId)).results).toBe(before.results + 1);
    // The result call says the same of the same code.
    expectRefusal(await api.submit(first.token, await resultBody(first.flowId, 'NOTACODE1')), 400, STATION_MSG.codeUnknown('NOTACODE1'));
  });

  it('refuses a code that is no code before reading anything', async () => {
    const task = await runningTask();
    const token = stationAt(task, 0).token;
    expectRefusal(await get(PATHS.stationDevice, token), 400, STATION_MSG.codeRequired);
    expectRefusal(await check(token, '   '), 400, STATION_MSG.codeRequired);
    expectRefusal(await check(token, 'C'.repeat(33)), 400, STATION_MSG.tooLong('生产码', 32));
    expectRefusal(await check(token, 'C\u0000'), 400, MSG.nulCharacter);
  });

  it('refuses at a stopped task and at a terminal on no task, and without a session', async () => {
    const task = await runningTask();
    const station = stationAt(task, 0);
    // Only a started task stops: its first result starts it.
    await verdict(station.token, await resultBody(station.flowId, task.codes[0]!));
    api.ok(await post(PATHS.taskStop, t.admin, { id: task.taskId }));
    expectRefusal(await check(station.token, task.codes[0]!), 409, STATION_MSG.taskNotRunning('停止中'));
    await db().updateTable('terminal').set({ status: 4, taskId: null, flowId: null }).where('id', '=', station.terminalId).execute();
    expectRefusal(await check(station.token, task.codes[0]!), 409, STATION_MSG.notAssigned);
    const anonymous = await check('', task.codes[0]!);
    expect(anonymous.statusCode).toBe(401);
    // A console session is no station session.
    expect((await check(t.admin, task.codes[0]!)).statusCode).toBe(401);
  });
});
