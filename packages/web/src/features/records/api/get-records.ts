import { RECORDS_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { recordKeys, type RecordListQuery } from './record-keys';

/**
 * GET /api/productionRecord/list ?taskId&testStatus&fromTime&toTime&searchText&page&pageSize
 * → { data, totalRecord, pageSize, page } (seed 000 §7; the records keep their own keys).
 */
export const getRecords = (query: RecordListQuery, signal?: AbortSignal) => apiCall(RECORDS_ENDPOINTS.recordList, query, { signal });

export const recordsQuery = (query: RecordListQuery) =>
  queryOptions({
    queryKey: recordKeys.list(query),
    queryFn: ({ signal }) => getRecords(query, signal),
    // The table keeps its rows while the next page loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useRecords(query: RecordListQuery) {
  return useQuery(recordsQuery(query));
}
