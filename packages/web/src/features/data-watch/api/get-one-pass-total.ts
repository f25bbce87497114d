import { BOARD_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOARD_REFRESH_MS, boardKeys } from './board-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** One point per hour, its rate kept to two decimals (seed 000 §7). */
export const ONE_PASS_INTERVAL_MINUTES = 60;
export const ONE_PASS_TOTAL_HOLD = 2;

/** GET /api/board/onePassTotal?taskId&interval=60&hold=2: the one-pass rate per hour, oldest first (seed 000 §7 on_pass_total). */
export const getOnePassTotal = (taskId: number, signal?: AbortSignal) =>
  bigScreenGet(BOARD_ENDPOINTS.boardOnePassTotal, { taskId, interval: ONE_PASS_INTERVAL_MINUTES, hold: ONE_PASS_TOTAL_HOLD }, signal);

export const onePassTotalQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.onePassTotal(taskId),
    queryFn: ({ signal }) => getOnePassTotal(taskId, signal),
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useOnePassTotal(taskId: number) {
  return useQuery(onePassTotalQuery(taskId));
}
