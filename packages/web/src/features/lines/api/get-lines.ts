import { LINE_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { lineKeys, type LineListQuery } from './line-keys';

export const getLines = (query: LineListQuery, signal?: AbortSignal) => apiCall(LINE_ENDPOINTS.lineList, query, { signal });

export const linesQuery = (query: LineListQuery) =>
  queryOptions({
    queryKey: lineKeys.list(query),
    queryFn: ({ signal }) => getLines(query, signal),
    // The table keeps its rows while the next page loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** Waits for the factory: the page lists one factory's lines. */
export function useLines(query: LineListQuery | null) {
  return useQuery({ ...linesQuery(query ?? { factoryId: 0, page: 1, pageSize: 10 }), enabled: query !== null });
}
