import { BOARD_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOARD_REFRESH_MS, boardKeys } from './board-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/board/problemTotal?taskId: failed checks, all, automatic and manual (seed 000 §7 problem_total). */
export const getProblemTotal = (taskId: number, signal?: AbortSignal) =>
  bigScreenGet(BOARD_ENDPOINTS.boardProblemTotal, { taskId }, signal);

export const problemTotalQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.problemTotal(taskId),
    queryFn: ({ signal }) => getProblemTotal(taskId, signal),
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useProblemTotal(taskId: number) {
  return useQuery(problemTotalQuery(taskId));
}
