import { PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { type RunningTask, stationApi } from '../../../test/station-api.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import { finishCompletedTasks } from '../../platform/task-lifecycle.js';

/*
 * A result asks whether its task is complete only after its commit (and only
 * near the end), so a process killed in between leaves a complete task running.
 * The sweep finishes such tasks at start-up and every minute.
 */
describe.each(testDialects())('finishing complete tasks behind the results on %s', (dialect) => {
  const t = withTestApp(dialect);

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const { db, ok, verdict, resultBody } = api;
  const statusOf = async (taskId: number) =>
    (await db().selectFrom('task').select('status').where('id', '=', taskId).executeTakeFirstOrThrow()).status;

  /** A two-unit task with one unit passed through the API and the other's pass in the counters only, as if the process died before the finish. */
  async function completeButRunning(): Promise<RunningTask> {
    const task = await api.runningTask({ flows: 1, count: 2 });
    const [station] = task.stations;
    await verdict(station!.token, await resultBody(station!.flowId, task.codes[0]!));
    await db()
      .updateTable('flow_counter')
      .set((eb) => ({ finishNumber: eb('finishNumber', '+', 1) }))
      .where('taskFlowId', '=', task.flowIds[0]!)
      .execute();
    return task;
  }

  it('finishes a running task whose units all passed, freeing its terminals, and leaves the others alone', async () => {
    const complete = await completeButRunning();
    const halfway = await api.runningTask({ flows: 1, count: 2 });
    await verdict(halfway.stations[0]!.token, await resultBody(halfway.flowIds[0]!, halfway.codes[0]!));
    const stopped = await completeButRunning();
    ok(await api.post(PATHS.taskStop, t.admin, { id: stopped.taskId }));
    expect([await statusOf(complete.taskId), await statusOf(halfway.taskId), await statusOf(stopped.taskId)]).toEqual([
      'START',
      'START',
      'STOP',
    ]);

    await finishCompletedTasks(t.app.db);

    expect(await statusOf(complete.taskId)).toBe('FINISH');
    expect(await db().selectFrom('terminal').select('id').where('taskId', '=', complete.taskId).execute()).toEqual([]);
    // Not complete, or stopped on purpose: a supervisor finishes a stopped task.
    expect(await statusOf(halfway.taskId)).toBe('START');
    expect(await statusOf(stopped.taskId)).toBe('STOP');
  });

  it.runIf(dialect === 'sqlite')('finishes it when the server starts', async () => {
    const complete = await completeButRunning();
    const restarted = await buildApp(t.config, { logger: false });
    try {
      await restarted.ready();
      expect(await statusOf(complete.taskId)).toBe('FINISH');
    } finally {
      await restarted.close();
    }
  });
});
