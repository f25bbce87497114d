import { MSG, PATHS, RECORD_MSG, type RecordPage, type TraceAnswer } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createManager, createOtherTenant } from '../../../test/factories/index.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { recordsApi } from '../../../test/records-api.js';
import type { RunningTask } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

const MENU = '/productionCenter';

describe.each(testDialects())('who sees production records on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = recordsApi(
    () => t.app,
    () => t.admin,
    () => t.config.timeZone,
  );
  const { get } = api;

  /** A task whose first device has a result at the first flow, scanned with `sn`. */
  async function testedTask(sn: string) {
    const task = await api.recordTask();
    const verdict = await api.pass(task, 0, task.codes[0]!, '2025-08-01 10:00:00', { sn });
    return { task, code: task.codes[0]!, resultId: verdict.resultId, lineIds: await api.lineIdsOf(task.taskId) };
  }

  /** Every records call about the tested device of the task, with the refusal an unseen one gets. */
  function callsAbout(task: RunningTask, code: string, resultId: number) {
    return [
      { run: (token: string) => get(PATHS.recordList, token, { taskId: task.taskId }), missing: MSG.recordNotFound },
      { run: (token: string) => get(PATHS.recordDetail, token, { id: code }), missing: RECORD_MSG.recordMissing },
      { run: (token: string) => get(PATHS.recordExport, token, { id: code }), missing: RECORD_MSG.recordMissing },
      { run: (token: string) => get(PATHS.recordExportList, token, { taskId: task.taskId }), missing: MSG.recordNotFound },
      { run: (token: string) => get(PATHS.flowCheckDetail, token, { id: resultId }), missing: RECORD_MSG.resultMissing },
      {
        run: (token: string) => get(PATHS.flowHistoryList, token, { flowTopoId: task.flowIds[0]!, deviceId: code }),
        missing: RECORD_MSG.recordMissing,
      },
    ];
  }
  const traced = async (token: string, text: string) =>
    dataOf<TraceAnswer>(await get(PATHS.deviceTrace, token, { text })).devices.map((device) => device.code);
  const expectOk = (response: LightMyRequestResponse) => expect(response.statusCode).toBe(200);

  it('answers 403 to a user without the 产线检测 menu, for every call', async () => {
    const { task, code, resultId, lineIds } = await testedTask(`SN-403-${Date.now()}`);
    const { token } = await createManager(t.app, ['/productCenter'], lineIds);
    for (const call of callsAbout(task, code, resultId)) expectRefusal(await call.run(token), 403, MSG.noPermission);
    expectRefusal(await get(PATHS.deviceTrace, token, { text: code }), 403, MSG.noPermission);
    // Before validation: a call with nothing valid in it is refused the same way.
    expectRefusal(await get(PATHS.recordList, token), 403, MSG.noPermission);
    expectRefusal(await get(PATHS.recordExportList, token, { taskId: 'x', fromTime: 'bad' }), 403, MSG.noPermission);
    expectRefusal(await get(PATHS.deviceTrace, token), 403, MSG.noPermission);
  });

  it('lets the menu alone through to every call: no button is needed', async () => {
    const { task, code, resultId, lineIds } = await testedTask(`SN-menu-${Date.now()}`);
    const { token } = await createManager(t.app, [MENU], lineIds);
    for (const call of callsAbout(task, code, resultId)) expectOk(await call.run(token));
    expect(await traced(token, code)).toEqual([code]);
  });

  it('answers 404 for another tenant’s task, device and result, as for unknown ones, even on the caller’s line', async () => {
    const sn = `SN-tenant-${Date.now()}`;
    const { task, code, resultId, lineIds } = await testedTask(sn);
    const otherTenant = await createOtherTenant(api.db());
    await api.db().updateTable('task').set({ ownerId: otherTenant }).where('id', '=', task.taskId).execute();
    const { token } = await createManager(t.app, [MENU], lineIds);
    for (const call of callsAbout(task, code, resultId)) expectRefusal(await call.run(token), 404, call.missing);
    expect(await traced(token, code)).toEqual([]);
    expect(await traced(token, sn)).toEqual([]);
    // The platform administrator sees every tenant.
    for (const call of callsAbout(task, code, resultId)) expectOk(await call.run(t.admin));
    expect(await traced(t.admin, sn)).toEqual([code]);
  });

  it('shows a sub-user only the records of tasks on its lines', async () => {
    const sn = `SN-lines-${Date.now()}`;
    const mine = await testedTask(sn);
    const theirs = await testedTask(sn);
    const { token } = await createManager(t.app, [MENU], mine.lineIds);

    const page = dataOf<RecordPage>(await get(PATHS.recordList, token, { taskId: mine.task.taskId }));
    expect(page.data.map((record) => record.id)).toEqual([mine.code]);
    for (const call of callsAbout(mine.task, mine.code, mine.resultId)) expectOk(await call.run(token));
    for (const call of callsAbout(theirs.task, theirs.code, theirs.resultId)) expectRefusal(await call.run(token), 404, call.missing);
    // The SN is on both tasks: the trace answers the one in scope.
    expect(await traced(token, sn)).toEqual([mine.code]);
    expect(await traced(t.admin, sn)).toEqual([theirs.code, mine.code]);
    // A task on one of its lines and another: in scope.
    await api.db().insertInto('task_line').values({ taskId: theirs.task.taskId, lineId: mine.lineIds[0]!, lineName: 'x', lineNum: 'x', sequence: 2 }).execute();
    expect(await traced(token, sn)).toEqual([theirs.code, mine.code]);
  });

  it('shows a sub-user with no line nothing', async () => {
    const { task, code, resultId } = await testedTask(`SN-none-${Date.now()}`);
    const { token } = await createManager(t.app, [MENU], []);
    for (const call of callsAbout(task, code, resultId)) expectRefusal(await call.run(token), 404, call.missing);
    expect(await traced(token, code)).toEqual([]);
  });
});
