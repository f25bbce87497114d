import { PRODUCTION_CODE_ENDPOINTS, TASK_ENDPOINTS } from '@factory/contracts';
import type { ConsoleApi } from './console-client.js';
import { taskTerminalCodes } from './factory-seed.js';
import type { StationLogin } from './simulation.js';

/** The task's production codes in label order, read as the console's print view reads them. */
export function codesReader(api: ConsoleApi): (taskId: number) => Promise<string[]> {
  return async (taskId) => Object.keys(await api(PRODUCTION_CODE_ENDPOINTS.taskQrCodeUrls, { taskId }));
}

/**
 * The terminals of the tasks that can take results (started, or ready to start),
 * every one signed in with the same user; at most `limit`, taken in turns across
 * tasks and flows so a small limit still leaves a station at every flow.
 */
export async function stationsOfRunningTasks(api: ConsoleApi, user: { username: string; password: string }, limit: number): Promise<StationLogin[]> {
  const tasks: { id: number }[] = [];
  for (const status of ['START', 'UNSTART'] as const) {
    tasks.push(...(await api(TASK_ENDPOINTS.taskList, { status, pageSize: 0 })).list);
  }
  const perTask = await Promise.all(tasks.map((task) => taskTerminalCodes(api, task.id)));
  const stations: StationLogin[] = [];
  // Round-robin over tasks so a limit smaller than the terminals still serves every task.
  for (let index = 0; stations.length < limit && perTask.some((codes) => index < codes.length); index++) {
    for (const codes of perTask) {
      if (index < codes.length && stations.length < limit) stations.push({ terminalCode: codes[index]!, ...user });
    }
  }
  return stations;
}
