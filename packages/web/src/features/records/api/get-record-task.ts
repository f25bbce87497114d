import { PATHS, type TaskDetail } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { recordKeys } from './record-keys';

/**
 * GET /api/task/getTaskDetail?id: the task whose records are listed, for its flows: the list
 * keeps one column per flow also when no record shows (nothing tested yet, or nothing matches).
 */
export function getRecordTask(taskId: number, signal?: AbortSignal): Promise<TaskDetail> {
  return apiGet<TaskDetail>(PATHS.taskDetail, { id: taskId }, { signal });
}

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
