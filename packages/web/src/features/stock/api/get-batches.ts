import { STOCK_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type BatchListQuery, stockKeys } from './stock-keys';

/** GET /api/stock/batchList ?productId&day&batchId&pageSize&pageNum → { list, total, pageSize, pageNum } */
export const getBatches = (query: BatchListQuery, signal?: AbortSignal) => apiCall(STOCK_ENDPOINTS.stockBatchList, query, { signal });

export const batchesQuery = (query: BatchListQuery) =>
  queryOptions({
    queryKey: stockKeys.batches(query),
    queryFn: ({ signal }) => getBatches(query, signal),
    // The table keeps its rows while the next page loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useBatches(query: BatchListQuery) {
  return useQuery(batchesQuery(query));
}
