import { BOARD_ENDPOINTS, BOARD_LIMITS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOARD_REFRESH_MS, boardKeys } from './board-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/board/problemTop?taskId&number=10: the check items failed most (seed 000 §7 problem_top). */
export const getProblemTop = (taskId: number, signal?: AbortSignal) =>
  bigScreenGet(BOARD_ENDPOINTS.boardProblemTop, { taskId, number: BOARD_LIMITS.problemTop }, signal);

export const problemTopQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.problemTop(taskId),
    queryFn: ({ signal }) => getProblemTop(taskId, signal),
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useProblemTop(taskId: number) {
  return useQuery(problemTopQuery(taskId));
}
