import { TASK_TERMINAL_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

/**
 * ?lineIds=<comma list>&taskId: the PADs step 2 offers, idle ones on the task's
 * lines and those already on the task.
 */
export const getPads = (taskId: number, lineIds: readonly number[], signal?: AbortSignal) =>
  apiCall(TASK_TERMINAL_ENDPOINTS.padList, { lineIds: lineIds.join(','), taskId }, { signal });

export const padsQuery = (taskId: number, lineIds: readonly number[]) =>
  queryOptions({ queryKey: taskFormKeys.pads(taskId, lineIds), queryFn: ({ signal }) => getPads(taskId, lineIds, signal) });

/** Waits for the task and its lines. */
export function usePads(taskId: number | null, lineIds: readonly number[]) {
  return useQuery({ ...padsQuery(taskId ?? 0, lineIds), enabled: taskId !== null && lineIds.length > 0 });
}
