import { MENUS, MSG, STATION_MSG, TASK_STATUS_NAMES } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createLine } from '../../../test/factories/index.js';
import { expectRefusal } from '../../../test/answers.js';
import { createWorker, stationApi } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/*
 * A station result reads its session in the same statement as its task, flow and
 * device (station-result.ts, findSessionAndContext) rather than in the station
 * guard's own read: these check that every rule of the guard still holds on that
 * route, in the same order, and that what changed since the last result (a
 * stopped user, a terminal moved, a task stopped) is seen by the next one.
 */
describe.each(testDialects())('the station guard on a result, read with it, on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { sessionIdleMinutes: 30 } });
  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const { db, submit, verdict, resultBody, runningTask, storedCounts, signIn, tieToLineOf } = api;

  const sessionsOf = async (terminalId: number) =>
    (await db().selectFrom('station_session').select('accountId').where('terminalId', '=', terminalId).execute()).map((row) => row.accountId);
  const lastSeen = async (terminalId: number) =>
    (await db().selectFrom('station_session').select('lastSeenAt').where('terminalId', '=', terminalId).executeTakeFirstOrThrow()).lastSeenAt;
  const setLastSeen = (terminalId: number, at: number) =>
    db().updateTable('station_session').set({ lastSeenAt: at }).where('terminalId', '=', terminalId).execute();

  it('answers an unknown token 401 before the body is looked at, a known one the body’s 400', async () => {
    const task = await runningTask({ flows: 1 });
    const station = task.stations[0]!;
    const body = await resultBody(station.flowId, task.codes[0]!);
    expectRefusal(await submit('not-a-token', body), 401, STATION_MSG.sessionExpired);
    expectRefusal(await submit('not-a-token', { ...body, productionCode: ' ' }), 401, STATION_MSG.sessionExpired);
    expectRefusal(await submit(station.token, { ...body, productionCode: ' ' }), 400, STATION_MSG.codeRequired);
    expect((await storedCounts(task.taskId)).results).toBe(0);
  });

  it('ends a session idle past the limit at its next result, valid body or not, and stores nothing', async () => {
    const task = await runningTask({ flows: 1, perFlow: 2 });
    const [first, second] = task.stations;
    await setLastSeen(first!.terminalId, Date.now() - 31 * 60_000);
    expectRefusal(await submit(first!.token, await resultBody(first!.flowId, task.codes[0]!)), 401, STATION_MSG.sessionExpired);
    expect(await sessionsOf(first!.terminalId)).toEqual([]);

    await setLastSeen(second!.terminalId, Date.now() - 31 * 60_000);
    const invalid = { ...(await resultBody(second!.flowId, task.codes[1]!)), clientResultId: '' };
    expectRefusal(await submit(second!.token, invalid), 401, STATION_MSG.sessionExpired);
    expect(await sessionsOf(second!.terminalId)).toEqual([]);
    expect((await storedCounts(task.taskId)).results).toBe(0);
  });

  it('sees a user stopped and a terminal moved off the user’s lines since the last result', async () => {
    const task = await runningTask({ flows: 1, count: 4 });
    const station = task.stations[0]!;
    await verdict(station.token, await resultBody(station.flowId, task.codes[0]!));

    await db().updateTable('terminal').set({ lineId: await createLine(db()) }).where('id', '=', station.terminalId).execute();
    expectRefusal(await submit(station.token, await resultBody(station.flowId, task.codes[1]!)), 401, STATION_MSG.lineNotOfUser);
    expect(await sessionsOf(station.terminalId)).toEqual([]);

    const other = await runningTask({ flows: 1 });
    const next = other.stations[0]!;
    await verdict(next.token, await resultBody(next.flowId, other.codes[0]!));
    await db().updateTable('account').set({ status: 0 }).where('id', '=', other.worker.id).execute();
    expectRefusal(await submit(next.token, await resultBody(next.flowId, other.codes[1]!)), 401, MSG.accountStopped);
    expect((await storedCounts(task.taskId)).results).toBe(1);
    expect((await storedCounts(other.taskId)).results).toBe(1);
  });

  it('sees a task stopped and a terminal taken off its task since the last result', async () => {
    const task = await runningTask({ flows: 1, count: 4, perFlow: 2 });
    const [first, second] = task.stations;
    await verdict(first!.token, await resultBody(first!.flowId, task.codes[0]!));
    await db().updateTable('task').set({ status: 'STOP' }).where('id', '=', task.taskId).execute();
    expectRefusal(await submit(first!.token, await resultBody(first!.flowId, task.codes[1]!)), 409, STATION_MSG.taskNotRunning(TASK_STATUS_NAMES.STOP));
    await db().updateTable('task').set({ status: 'START' }).where('id', '=', task.taskId).execute();

    await db().updateTable('terminal').set({ taskId: null, flowId: null }).where('id', '=', second!.terminalId).execute();
    expectRefusal(await submit(second!.token, await resultBody(second!.flowId, task.codes[1]!)), 409, STATION_MSG.notAssigned);
    expect((await storedCounts(task.taskId)).results).toBe(1);
  });

  it('refuses a PAD user holding 配件检测 alone with 403, before the body’s 400, and stores nothing', async () => {
    const task = await runningTask({ flows: 1 });
    const station = task.stations[0]!;
    const partsOnly = await createWorker(t.app, [MENUS.padPartsCheck]);
    await tieToLineOf(station.terminalCode, partsOnly);
    const { token } = await signIn(station.terminalCode, partsOnly);
    const body = await resultBody(station.flowId, task.codes[0]!);
    expectRefusal(await submit(token, body), 403, STATION_MSG.noAppPermission('整机检测'));
    expectRefusal(await submit(token, { ...body, productionCode: ' ' }), 403, STATION_MSG.noAppPermission('整机检测'));
    expect((await storedCounts(task.taskId)).results).toBe(0);
  });

  it('touches a session due for it at a result, stored or refused, and not one seen lately', async () => {
    const task = await runningTask({ flows: 2, count: 4 });
    const [atFirst, atSecond] = task.stations;
    const recent = Date.now() - 30_000;
    await setLastSeen(atFirst!.terminalId, recent);
    await verdict(atFirst!.token, await resultBody(atFirst!.flowId, task.codes[0]!));
    expect(await lastSeen(atFirst!.terminalId)).toBe(recent);

    await setLastSeen(atFirst!.terminalId, Date.now() - 29 * 60_000);
    await verdict(atFirst!.token, await resultBody(atFirst!.flowId, task.codes[1]!));
    expect(await lastSeen(atFirst!.terminalId)).toBeGreaterThan(Date.now() - 5_000);

    // Refused (the unit has not passed the first flow): the session is still in use.
    await setLastSeen(atSecond!.terminalId, Date.now() - 29 * 60_000);
    expectRefusal(await submit(atSecond!.token, await resultBody(atSecond!.flowId, task.codes[2]!)), 409, STATION_MSG.previousFlowFirst('流程1'));
    expect(await lastSeen(atSecond!.terminalId)).toBeGreaterThan(Date.now() - 5_000);
  });
});
