import { PATHS, type RecordPage } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { recordKeys, type RecordListParams } from './record-keys';

/**
 * GET /api/productionRecord/list ?taskId&testStatus&fromTime&toTime&searchText&page&pageSize
 * → { data, totalRecord, pageSize, page } (seed 000 §7; the records keep their own keys).
 */
export function getRecords(params: RecordListParams, signal?: AbortSignal): Promise<RecordPage> {
  return apiGet<RecordPage>(PATHS.recordList, { ...params }, { signal });
}

export const recordsQuery = (params: RecordListParams) =>
  queryOptions({
    queryKey: recordKeys.list(params),
    queryFn: ({ signal }) => getRecords(params, signal),
    // The table keeps its rows while the next page loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useRecords(params: RecordListParams) {
  return useQuery(recordsQuery(params));
}
