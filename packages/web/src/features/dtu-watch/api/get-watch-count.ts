import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bigScreenGet } from '../../../lib/big-screen-get';
import { DTU_BOARD_REFRESH_MS } from '../board-format';
import { dtuWatchKeys } from './dtu-watch-keys';

/**
 * GET /api/dtuTask/watchCount?taskId: the board's figures (seed 002 §7 task_watch_count).
 * As a big screen: a failure shows no pop-up, the figures drop to nothing until the next try.
 */
export const getWatchCount = (taskId: number, signal?: AbortSignal) =>
  bigScreenGet(DTU_TASK_ENDPOINTS.dtuTaskWatchCount, { taskId }, signal);

/** Asked every 10 s (seed 002 §9), and sooner on the task's live events (the board's useLiveRefresh). */
export const watchCountQuery = (taskId: number) =>
  queryOptions({
    queryKey: dtuWatchKeys.watchCount(taskId),
    queryFn: ({ signal }) => getWatchCount(taskId, signal),
    refetchInterval: DTU_BOARD_REFRESH_MS,
  });

export function useWatchCount(taskId: number) {
  return useQuery(watchCountQuery(taskId));
}
