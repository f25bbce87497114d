import type { QueryIn, STOCK_ENDPOINTS } from '@factory/contracts';

/** The queries of the stock lists and the device detail, as the contracts define them. */
export type BatchListQuery = QueryIn<typeof STOCK_ENDPOINTS.stockBatchList>;
export type StockRecordListQuery = QueryIn<typeof STOCK_ENDPOINTS.stockRecordList>;
export type StockRecordDetailQuery = QueryIn<typeof STOCK_ENDPOINTS.stockRecordDetail>;
export type OutputListQuery = QueryIn<typeof STOCK_ENDPOINTS.stockOutputList>;

/** Query keys of 抽检管理 and 出库记录 (the pages only read; `all` is there for a later write). */
export const stockKeys = {
  all: ['stock'] as const,
  productModels: () => [...stockKeys.all, 'productModels'] as const,
  batches: (query: BatchListQuery) => [...stockKeys.all, 'batches', query] as const,
  batch: (stockBatchId: number) => [...stockKeys.all, 'batch', stockBatchId] as const,
  records: (query: StockRecordListQuery) => [...stockKeys.all, 'records', query] as const,
  record: (query: StockRecordDetailQuery) => [...stockKeys.all, 'record', query] as const,
  outputs: (query: OutputListQuery) => [...stockKeys.all, 'outputs', query] as const,
};
