import { type RunningTask, stationApi } from './station-api.js';
import type { TestContext } from './test-app.js';

/** What the station result test files share: called first in each suite, after the app's preamble. */
export function stationResultApi(t: TestContext) {
  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const { db, get, post, submit, verdict, resultBody, runningTask, storedCounts, flowCounts, finishedUnits } = api;
  const stationAt = (task: RunningTask, flowIndex: number) => task.stations.find((station) => station.flowId === task.flowIds[flowIndex])!;
  /** A result of the device at the flow of that index, passing (15) unless another value is given. */
  async function test(task: RunningTask, flowIndex: number, code: string, value: unknown = 15) {
    const station = stationAt(task, flowIndex);
    return verdict(station.token, await resultBody(station.flowId, code, { value }));
  }
  const taskRow = (id: number) => db().selectFrom('task').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  return {
    api,
    db,
    get,
    post,
    submit,
    verdict,
    resultBody,
    runningTask,
    storedCounts,
    flowCounts,
    finishedUnits,
    stationAt,
    test,
    taskRow,
  };
}
