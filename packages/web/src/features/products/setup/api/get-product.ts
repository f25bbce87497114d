import { PRODUCT_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** GET /api/product/detail?id: the product the setup steps work on (header, scan-code rules). */
export const getProduct = (id: number, signal?: AbortSignal) => apiCall(PRODUCT_ENDPOINTS.productDetail, { id }, { signal });

export const setupProductQuery = (id: number) =>
  queryOptions({ queryKey: setupKeys.product(id), queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: number | null) {
  return useQuery({ ...setupProductQuery(id ?? 0), enabled: id !== null });
}
