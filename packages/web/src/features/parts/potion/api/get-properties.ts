import { DTU_PROPERTY_ENDPOINTS as P } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { potionKeys, type PropertyPageQuery } from './potion-keys';

/** GET /api/<kind>Property/list?dtuId&page&pageSize: one page of a DTU's properties of a kind. */
export const getSerialProperties = (query: PropertyPageQuery, signal?: AbortSignal) => apiCall(P.serialPropertyList, query, { signal });
export const getAutoProperties = (query: PropertyPageQuery, signal?: AbortSignal) => apiCall(P.autoPropertyList, query, { signal });
export const getOtherProperties = (query: PropertyPageQuery, signal?: AbortSignal) => apiCall(P.otherPropertyList, query, { signal });

// Paging keeps the old rows on screen until the new ones arrive.
export const serialPropertiesQuery = (query: PropertyPageQuery) =>
  queryOptions({ queryKey: potionKeys.page('serial', query), queryFn: ({ signal }) => getSerialProperties(query, signal), placeholderData: keepPreviousData });
export const autoPropertiesQuery = (query: PropertyPageQuery) =>
  queryOptions({ queryKey: potionKeys.page('auto', query), queryFn: ({ signal }) => getAutoProperties(query, signal), placeholderData: keepPreviousData });
export const otherPropertiesQuery = (query: PropertyPageQuery) =>
  queryOptions({ queryKey: potionKeys.page('other', query), queryFn: ({ signal }) => getOtherProperties(query, signal), placeholderData: keepPreviousData });

export const useSerialProperties = (query: PropertyPageQuery) => useQuery(serialPropertiesQuery(query));
export const useAutoProperties = (query: PropertyPageQuery) => useQuery(autoPropertiesQuery(query));
export const useOtherProperties = (query: PropertyPageQuery) => useQuery(otherPropertiesQuery(query));
