import { PROPERTY_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys, type PropertyPageQuery } from './setup-keys';

/** GET /api/property/list?productId&page&pageSize (pageSize 0: every property, for the flow panel). */
export const getProperties = (query: PropertyPageQuery, signal?: AbortSignal) =>
  apiCall(PROPERTY_ENDPOINTS.propertyList, query, { signal });

export const setupPropertiesQuery = (query: PropertyPageQuery) =>
  queryOptions({
    queryKey: setupKeys.propertyPage(query),
    queryFn: ({ signal }) => getProperties(query, signal),
    // Paging keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useProperties(query: PropertyPageQuery, enabled = true) {
  return useQuery({ ...setupPropertiesQuery(query), enabled });
}

/** Every property of the product (the flow panel's auto-check candidates). */
export function useAllProperties(productId: number, enabled = true) {
  return useProperties({ productId, page: 1, pageSize: 0 }, enabled);
}
