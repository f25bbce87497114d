import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { DTU_BOARD_REFRESH_MS } from '../board-format';
import { dtuWatchKeys } from './dtu-watch-keys';

/** GET /api/dtuTask/detail?taskId: the task with its DTU (seed 002 §7 task_detail). */
export const getDtuTask = (taskId: number, signal?: AbortSignal) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId }, { signal });

/** `follow`: a task in production is read again every 10 s, so its progress moves with its list. */
export const dtuTaskQuery = (taskId: number, follow = false) =>
  queryOptions({
    queryKey: dtuWatchKeys.taskDetail(taskId),
    queryFn: ({ signal }) => getDtuTask(taskId, signal),
    refetchInterval: (query) => (follow && query.state.data?.status === 'START' ? DTU_BOARD_REFRESH_MS : false),
  });

/** The task, or nothing while no task is named (a page whose address lost it). */
export function useDtuTask(taskId: number | null, { follow = false }: { follow?: boolean } = {}) {
  return useQuery({ ...dtuTaskQuery(taskId ?? 0, follow), enabled: taskId !== null });
}
