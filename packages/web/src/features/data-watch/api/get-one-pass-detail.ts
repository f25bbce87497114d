import { BOARD_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOARD_REFRESH_MS, boardKeys } from './board-keys';
import { bigScreenGet } from '../../../lib/big-screen-get';

/** Rates kept to four decimals (seed 000 §7), so a rounded percentage is exact. */
export const ONE_PASS_DETAIL_HOLD = 4;

/** GET /api/board/onePassDetail?taskId&hold=4: the task's one-pass rate, its target and each flow's (seed 000 §7 on_pass_detail). */
export const getOnePassDetail = (taskId: number, signal?: AbortSignal) =>
  bigScreenGet(BOARD_ENDPOINTS.boardOnePassDetail, { taskId, hold: ONE_PASS_DETAIL_HOLD }, signal);

export const onePassDetailQuery = (taskId: number) =>
  queryOptions({
    queryKey: boardKeys.onePassDetail(taskId),
    queryFn: ({ signal }) => getOnePassDetail(taskId, signal),
    refetchInterval: BOARD_REFRESH_MS,
  });

export function useOnePassDetail(taskId: number) {
  return useQuery(onePassDetailQuery(taskId));
}
