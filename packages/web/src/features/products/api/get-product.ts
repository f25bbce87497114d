import { PATHS, type Product } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** GET /api/product/detail?id (seed 001 §7). */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return apiGet<Product>(PATHS.productDetail, { id }, { signal });
}

export const productQuery = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

/** null (no id in the address) asks nothing. */
export function useProduct(id: number | null) {
  return useQuery({ ...productQuery(id ?? 0), enabled: id !== null });
}
