import { STOCK_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type OutputListQuery, stockKeys } from './stock-keys';

/** GET /api/stock/outputList ?productId&day&pageSize&pageNum: the units shipped. */
export const getOutputs = (query: OutputListQuery, signal?: AbortSignal) => apiCall(STOCK_ENDPOINTS.stockOutputList, query, { signal });

export const outputsQuery = (query: OutputListQuery) =>
  queryOptions({
    queryKey: stockKeys.outputs(query),
    queryFn: ({ signal }) => getOutputs(query, signal),
    placeholderData: keepPreviousData,
  });

export function useOutputs(query: OutputListQuery) {
  return useQuery(outputsQuery(query));
}
