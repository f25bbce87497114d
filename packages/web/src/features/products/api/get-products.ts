import { PRODUCT_ENDPOINTS, PRODUCT_LIMITS } from '@factory/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys, type ProductListFilter } from './product-keys';

/** GET /api/product/queryProduct ?productTypeId&publishStatus&page&pageSize (seed 001 §7). */
export const getProducts = (filter: ProductListFilter, page: number, signal?: AbortSignal) =>
  apiCall(PRODUCT_ENDPOINTS.productQuery, { ...filter, page, pageSize: PRODUCT_LIMITS.pageSize }, { signal });

/** The product center's pages of 20, the next one asked for as the operator scrolls (seed 001 §9). */
export const productsQuery = (filter: ProductListFilter) =>
  infiniteQueryOptions({
    queryKey: productKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getProducts(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
  });

export function useProducts(filter: ProductListFilter) {
  return useInfiniteQuery(productsQuery(filter));
}
