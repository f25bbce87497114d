import { COMMUNICATION_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys, type CommunicationListQuery } from './communication-keys';

export const getCommunications = (query: CommunicationListQuery, signal?: AbortSignal) =>
  apiCall(COMMUNICATION_ENDPOINTS.communicationList, query, { signal });

export const communicationsQuery = (query: CommunicationListQuery) =>
  queryOptions({
    queryKey: communicationKeys.list(query),
    queryFn: ({ signal }) => getCommunications(query, signal),
    // The grid keeps its cards while a new filter loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** Every module matching the filters (pageSize 0: the grid loads all, seed 002 §9). */
export function useCommunications(query: CommunicationListQuery) {
  return useQuery(communicationsQuery(query));
}
