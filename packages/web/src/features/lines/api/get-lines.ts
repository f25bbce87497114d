import { PATHS, type ProductionLine } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { lineKeys, type LineListParams } from './line-keys';

export interface LinePage {
  list: ProductionLine[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** GET /api/line/list ?factoryId&page&pageSize&status&searchContext (seed 000 §7). */
export function getLines(params: LineListParams, signal?: AbortSignal): Promise<LinePage> {
  return apiGet<LinePage>(PATHS.lineList, { ...params }, { signal });
}

export const linesQuery = (params: LineListParams) =>
  queryOptions({
    queryKey: lineKeys.list(params),
    queryFn: ({ signal }) => getLines(params, signal),
    // The table keeps its rows while the next page loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** Waits for the factory: a line list is always of one factory. */
export function useLines(params: LineListParams | null) {
  return useQuery({ ...linesQuery(params ?? { factoryId: 0, page: 1, pageSize: 10 }), enabled: params !== null });
}
