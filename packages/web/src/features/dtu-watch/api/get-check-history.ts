import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { CHECK_LOG_SLICE } from '../check-log-view';
import { type CheckHistoryFilter, dtuWatchKeys } from './dtu-watch-keys';

/**
 * GET /api/dtuTask/checkHistoryList ?dtuId&taskId&imei&from&to&beforeId&pageSize (seed 002 §7
 * task check history list): the reports, newest first, a slice below `beforeId` at a time.
 */
export const getCheckHistory = (filter: CheckHistoryFilter, beforeId: number | undefined, signal?: AbortSignal) =>
  apiCall(DTU_TASK_ENDPOINTS.dtuTaskCheckHistoryList, { ...filter, beforeId, page: 1, pageSize: CHECK_LOG_SLICE }, { signal });

/**
 * Each slice starts below the last report loaded (seed 002: items are appended), so
 * reports arriving meanwhile neither repeat a row nor shift the next slice.
 */
export const checkHistoryQuery = (filter: CheckHistoryFilter) =>
  infiniteQueryOptions({
    queryKey: dtuWatchKeys.checkHistory(filter),
    queryFn: ({ pageParam, signal }) => getCheckHistory(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore && last.list.length > 0 ? last.list[last.list.length - 1]!.id : undefined),
  });

export function useCheckHistory(filter: CheckHistoryFilter) {
  return useInfiniteQuery(checkHistoryQuery(filter));
}
