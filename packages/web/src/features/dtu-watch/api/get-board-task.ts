import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bigScreenGet } from '../../../lib/big-screen-get';
import { dtuWatchKeys } from './dtu-watch-keys';

/** GET /api/dtuTask/detail?taskId for the board: its name and DTU, read quietly as a big screen reads. */
export const getBoardTask = (taskId: number, signal?: AbortSignal) => bigScreenGet(DTU_TASK_ENDPOINTS.dtuTaskDetail, { taskId }, signal);

export const boardTaskQuery = (taskId: number) =>
  queryOptions({
    queryKey: dtuWatchKeys.boardTask(taskId),
    queryFn: ({ signal }) => getBoardTask(taskId, signal),
  });

export function useBoardTask(taskId: number) {
  return useQuery(boardTaskQuery(taskId));
}
