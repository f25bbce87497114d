import { PATHS, type FlowHistoryEntry, type Page } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { recordKeys, type FlowHistoryParams } from './record-keys';

/**
 * GET /api/flow/historyList ?flowTopoId&deviceId&page&pageSize: the device's results
 * at one flow, newest first, as the usual { list, total, pageSize, pageNum } (DESIGN.md §3).
 */
export function getFlowHistory(params: FlowHistoryParams, signal?: AbortSignal): Promise<Page<FlowHistoryEntry>> {
  return apiGet<Page<FlowHistoryEntry>>(PATHS.flowHistoryList, { ...params }, { signal });
}

export const flowHistoryQuery = (params: FlowHistoryParams) =>
  queryOptions({
    queryKey: recordKeys.history(params),
    queryFn: ({ signal }) => getFlowHistory(params, signal),
    placeholderData: keepPreviousData,
  });

export function useFlowHistory(params: FlowHistoryParams | null) {
  return useQuery({
    ...flowHistoryQuery(params ?? { flowTopoId: 0, deviceId: '', page: 1, pageSize: 5 }),
    enabled: params !== null,
  });
}
