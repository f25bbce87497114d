import { BOARD_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOARD_REFRESH_MS, boardKeys } from './board-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/board/problemChart?taskId: failed results per flow (seed 000 §7 problem_chart). */
export const getProblemChart = (taskId: number, signal?: AbortSignal) =>
  bigScreenGet(BOARD_ENDPOINTS.boardProblemChart, { taskId }, signal);

export const problemChartQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.problemChart(taskId),
    queryFn: ({ signal }) => getProblemChart(taskId, signal),
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useProblemChart(taskId: number) {
  return useQuery(problemChartQuery(taskId));
}
