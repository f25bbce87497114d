import { PRODUCT_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

/**
 * ?productTypeId&publishStatus=PUBLISH&page=1&pageSize=0: every published product
 * of the type, the models a task may be made of (seed 000 §2, §7).
 */
export async function getPublishedProducts(productTypeId: number, signal?: AbortSignal) {
  const page = await apiCall(
    PRODUCT_ENDPOINTS.productQuery,
    { productTypeId, publishStatus: 'PUBLISH', page: 1, pageSize: 0 },
    { signal },
  );
  return page.list;
}

export const publishedProductsQuery = (productTypeId: number) =>
  queryOptions({
    queryKey: taskFormKeys.publishedProducts(productTypeId),
    queryFn: ({ signal }) => getPublishedProducts(productTypeId, signal),
  });

/** Waits for a product type: the models are always those of one type. */
export function usePublishedProducts(productTypeId: number | null) {
  return useQuery({ ...publishedProductsQuery(productTypeId ?? 0), enabled: productTypeId !== null });
}
