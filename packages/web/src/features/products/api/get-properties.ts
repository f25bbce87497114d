import { PROPERTY_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys, type PagedParams } from './product-keys';

/** GET /api/property/list ?productId&page&pageSize (seed 001 §7). */
export const getProperties = (productId: number, paging: PagedParams, signal?: AbortSignal) =>
  apiCall(PROPERTY_ENDPOINTS.propertyList, { productId, ...paging }, { signal });

export const propertiesQuery = (productId: number, paging: PagedParams) =>
  queryOptions({
    queryKey: productKeys.properties(productId, paging),
    queryFn: ({ signal }) => getProperties(productId, paging, signal),
    placeholderData: keepPreviousData,
  });

export function useProperties(productId: number, paging: PagedParams) {
  return useQuery(propertiesQuery(productId, paging));
}
