import { RECORDS_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type FlowHistoryQuery, recordKeys } from './record-keys';

/**
 * GET /api/flow/historyList ?flowTopoId&deviceId&page&pageSize: the device's results
 * at one flow, newest first, as the usual { list, total, pageSize, pageNum } (DESIGN.md §3).
 */
export const getFlowHistory = (query: FlowHistoryQuery, signal?: AbortSignal) =>
  apiCall(RECORDS_ENDPOINTS.flowHistoryList, query, { signal });

export const flowHistoryQuery = (query: FlowHistoryQuery) =>
  queryOptions({
    queryKey: recordKeys.history(query),
    queryFn: ({ signal }) => getFlowHistory(query, signal),
    placeholderData: keepPreviousData,
  });

export function useFlowHistory(query: FlowHistoryQuery | null) {
  return useQuery({
    ...flowHistoryQuery(query ?? { flowTopoId: 0, deviceId: '', page: 1, pageSize: 5 }),
    enabled: query !== null,
  });
}
