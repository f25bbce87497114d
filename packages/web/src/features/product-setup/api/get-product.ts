import { PATHS, type Product } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** GET /api/product/detail?id: the product the setup steps work on (header, scan-code rules). */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return apiGet<Product>(PATHS.productDetail, { id }, { signal });
}

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: setupKeys.product(id), queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
