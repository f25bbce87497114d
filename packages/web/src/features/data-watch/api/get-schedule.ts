import { BOARD_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOARD_REFRESH_MS, boardKeys } from './board-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/board/schedule?taskId: the task's progress (seed 000 §7 task_schedule). */
export const getSchedule = (taskId: number, signal?: AbortSignal) => bigScreenGet(BOARD_ENDPOINTS.boardSchedule, { taskId }, signal);

export const scheduleQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.schedule(taskId),
    queryFn: ({ signal }) => getSchedule(taskId, signal),
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useSchedule(taskId: number) {
  return useQuery(scheduleQuery(taskId));
}
