import { STOCK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { stockKeys, type StockRecordDetailQuery } from './stock-keys';

/** GET /api/stock/recordDetail?sn=&batchId=: a unit (by SN or production code), its spot check and production tests. */
export const getStockRecord = (query: StockRecordDetailQuery, signal?: AbortSignal) =>
  apiCall(STOCK_ENDPOINTS.stockRecordDetail, query, { signal });

export const stockRecordQuery = (query: StockRecordDetailQuery) =>
  queryOptions({
    queryKey: stockKeys.record(query),
    queryFn: ({ signal }) => getStockRecord(query, signal),
  });

export function useStockRecord(query: StockRecordDetailQuery) {
  return useQuery(stockRecordQuery(query));
}
