import { type LookupItem, PRODUCT_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/**
 * The seeded lookup lists (issue 4): GET without parameters, each answering a list
 * of {id, name}. Shared by the product pages (form, filter, property form) and the
 * task pages (product type filter and form); they change only with a migration.
 */
export type ProductLookup = 'productTypes' | 'communicationTypes' | 'dataFormats' | 'dataTypes' | 'units';

export const productLookupKeys = {
  all: ['productLookups'] as const,
  list: (lookup: ProductLookup) => [...productLookupKeys.all, lookup] as const,
};

/** GET /api/product/getProductTypes, getCommunicationTypes, getDataFormats, getDataTypes, getUnits. */
export const getProductLookup = (lookup: ProductLookup, signal?: AbortSignal) =>
  apiCall(PRODUCT_ENDPOINTS[lookup], undefined, { signal });

export const productLookupQuery = (lookup: ProductLookup) =>
  queryOptions({
    queryKey: productLookupKeys.list(lookup),
    queryFn: ({ signal }) => getProductLookup(lookup, signal),
    staleTime: Infinity,
  });

export function useProductLookup(lookup: ProductLookup, enabled = true) {
  return useQuery({ ...productLookupQuery(lookup), enabled });
}

/** Select options of a lookup list. */
export function lookupOptions(items: readonly LookupItem[] | undefined) {
  return (items ?? []).map((item) => ({ value: item.id, label: item.name }));
}
