import { STOCK_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { stockKeys, type StockRecordListQuery } from './stock-keys';

/** GET /api/stock/recordList ?stockBatchId&sn&pageSize&pageNum: the units of a batch. */
export const getStockRecords = (query: StockRecordListQuery, signal?: AbortSignal) =>
  apiCall(STOCK_ENDPOINTS.stockRecordList, query, { signal });

export const stockRecordsQuery = (query: StockRecordListQuery) =>
  queryOptions({
    queryKey: stockKeys.records(query),
    queryFn: ({ signal }) => getStockRecords(query, signal),
    placeholderData: keepPreviousData,
  });

export function useStockRecords(query: StockRecordListQuery) {
  return useQuery(stockRecordsQuery(query));
}
