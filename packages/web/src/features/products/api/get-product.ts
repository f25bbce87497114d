import { PRODUCT_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** GET /api/product/detail?id (seed 001 §7). */
export const getProduct = (id: number, signal?: AbortSignal) => apiCall(PRODUCT_ENDPOINTS.productDetail, { id }, { signal });

export const productQuery = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

/** null (no id in the address) asks nothing. */
export function useProduct(id: number | null) {
  return useQuery({ ...productQuery(id ?? 0), enabled: id !== null });
}
