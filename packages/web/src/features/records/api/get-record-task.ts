import { TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { recordKeys } from './record-keys';

/**
 * GET /api/task/getTaskDetail?id: the task whose records are listed, for its flows: the list
 * keeps one column per flow also when no record shows (nothing tested yet, or nothing matches).
 */
export const getRecordTask = (taskId: number, signal?: AbortSignal) => apiCall(TASK_ENDPOINTS.taskDetail, { id: taskId }, { signal });

export const recordTaskQuery = (taskId: number) =>
  queryOptions({
    queryKey: recordKeys.task(taskId),
    queryFn: ({ signal }) => getRecordTask(taskId, signal),
    // A task's flows are fixed once it is planned.
    staleTime: 5 * 60_000,
  });

export function useRecordTask(taskId: number) {
  return useQuery(recordTaskQuery(taskId));
}
