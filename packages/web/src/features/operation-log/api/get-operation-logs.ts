import { OPERATION_LOG_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { operationLogKeys, type OperationLogListQuery } from './operation-log-keys';

/** Newest first, paged; toTime is exclusive when a bare date (the day after the chosen end date, seed 000 §9). */
export const getOperationLogs = (query: OperationLogListQuery, signal?: AbortSignal) =>
  apiCall(OPERATION_LOG_ENDPOINTS.operationLogList, query, { signal });

export const operationLogsQuery = (query: OperationLogListQuery) =>
  queryOptions({
    queryKey: operationLogKeys.list(query),
    queryFn: ({ signal }) => getOperationLogs(query, signal),
    // Paging keeps the rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export function useOperationLogs(query: OperationLogListQuery) {
  return useQuery(operationLogsQuery(query));
}
