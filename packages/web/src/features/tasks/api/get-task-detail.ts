import { TASK_ENDPOINTS, TASK_LIMITS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** seed 000 §9: the task detail refreshes every 30 s. */
export const DETAIL_REFRESH_MS = TASK_LIMITS.detailRefreshSeconds * 1000;

/** The task with its flows' progress and terminals (seed 000 §7). */
export const getTaskDetail = (id: number, signal?: AbortSignal) => apiCall(TASK_ENDPOINTS.taskDetail, { id }, { signal });

/** A refusal (unknown task, no permission) will not change by asking again; a network failure may. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.kind !== 'server';

export const taskDetailQuery = (id: number) =>
  queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: ({ signal }) => getTaskDetail(id, signal),
    refetchInterval: (query) => (isRefusal(query.state.error) ? false : DETAIL_REFRESH_MS),
  });

export function useTaskDetail(id: number | null) {
  return useQuery({ ...taskDetailQuery(id ?? 0), enabled: id !== null });
}
