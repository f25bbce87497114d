import { PATHS, problemChart, type ChartPoint } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOARD_REFRESH_MS, boardKeys } from './board-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** GET /api/board/problemChart?taskId: failed results per flow (seed 000 §7 problem_chart). */
export function getProblemChart(taskId: number, signal?: AbortSignal): Promise<ChartPoint[]> {
  return bigScreenGet(PATHS.boardProblemChart, problemChart, { taskId }, signal);
}

export const problemChartQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.problemChart(taskId),
    queryFn: ({ signal }) => getProblemChart(taskId, signal),
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useProblemChart(taskId: number) {
  return useQuery(problemChartQuery(taskId));
}
