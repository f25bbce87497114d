import { COMMUNICATION_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys, type ModuleDtuListQuery } from './communication-keys';

export const getModuleDtus = (query: ModuleDtuListQuery, signal?: AbortSignal) =>
  apiCall(COMMUNICATION_ENDPOINTS.communicationDtuList, query, { signal });

export const moduleDtusQuery = (query: ModuleDtuListQuery) =>
  queryOptions({
    queryKey: communicationKeys.dtus(query),
    queryFn: ({ signal }) => getModuleDtus(query, signal),
    // The table keeps its rows while the next page loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** The enabled DTUs of one module, paged. */
export function useModuleDtus(query: ModuleDtuListQuery) {
  return useQuery(moduleDtusQuery(query));
}
