import { PATHS, type Property } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { setupKeys, type PropertyPageParams } from './setup-keys';

export interface PropertyPage {
  list: Property[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** GET /api/property/list?productId&page&pageSize (pageSize 0: every property, for the flow panel). */
export function getProperties(params: PropertyPageParams, signal?: AbortSignal): Promise<PropertyPage> {
  return apiGet<PropertyPage>(PATHS.propertyList, { ...params }, { signal });
}

export const propertiesQueryOptions = (params: PropertyPageParams) =>
  queryOptions({
    queryKey: setupKeys.propertyPage(params),
    queryFn: ({ signal }) => getProperties(params, signal),
    // Paging keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useProperties(params: PropertyPageParams, enabled = true) {
  return useQuery({ ...propertiesQueryOptions(params), enabled });
}

/** Every property of the product (the flow panel's auto-check candidates). */
export function useAllProperties(productId: number, enabled = true) {
  return useProperties({ productId, page: 1, pageSize: 0 }, enabled);
}
