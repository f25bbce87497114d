import { PATHS, type Property } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { productKeys, type PagedParams } from './product-keys';

export interface PropertyPage {
  list: Property[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** GET /api/property/list ?productId&page&pageSize (seed 001 §7). */
export function getProperties(productId: number, paging: PagedParams, signal?: AbortSignal): Promise<PropertyPage> {
  return apiGet<PropertyPage>(PATHS.propertyList, { productId, ...paging }, { signal });
}

export const propertiesQuery = (productId: number, paging: PagedParams) =>
  queryOptions({
    queryKey: productKeys.properties(productId, paging),
    queryFn: ({ signal }) => getProperties(productId, paging, signal),
    placeholderData: keepPreviousData,
  });

export function useProperties(productId: number, paging: PagedParams) {
  return useQuery(propertiesQuery(productId, paging));
}
