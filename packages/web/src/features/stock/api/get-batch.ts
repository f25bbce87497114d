import { STOCK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { stockKeys } from './stock-keys';

/** GET /api/stock/batchDetail?stockBatchId=: one batch with its sampling plan and verdict. */
export const getBatch = (stockBatchId: number, signal?: AbortSignal) =>
  apiCall(STOCK_ENDPOINTS.stockBatchDetail, { stockBatchId }, { signal });

export const batchQuery = (stockBatchId: number) =>
  queryOptions({
    queryKey: stockKeys.batch(stockBatchId),
    queryFn: ({ signal }) => getBatch(stockBatchId, signal),
  });

export function useBatch(stockBatchId: number) {
  return useQuery(batchQuery(stockBatchId));
}
