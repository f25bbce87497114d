import { STOCK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { stockKeys } from './stock-keys';

/** GET /api/stock/productModels: the account's product models as select options, by name. */
export async function getProductModels(signal?: AbortSignal) {
  const models = await apiCall(STOCK_ENDPOINTS.stockProductModels, undefined, { signal });
  return Object.entries(models)
    .map(([id, name]) => ({ value: Number(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
}

export const productModelsQuery = () =>
  queryOptions({
    queryKey: stockKeys.productModels(),
    queryFn: ({ signal }) => getProductModels(signal),
    // The products change rarely; both pages' filters share one answer.
    staleTime: 5 * 60_000,
  });

export function useProductModels() {
  return useQuery(productModelsQuery());
}
