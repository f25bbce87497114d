import { COMMUNICATION_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys } from './communication-keys';

export const getCommunication = (id: number, signal?: AbortSignal) =>
  apiCall(COMMUNICATION_ENDPOINTS.communicationDetail, { id }, { signal });

export const communicationQuery = (id: number) =>
  queryOptions({ queryKey: communicationKeys.detail(id), queryFn: ({ signal }) => getCommunication(id, signal) });

/** The module a detail page shows (404 for an unknown one or another account's). */
export function useCommunication(id: number) {
  return useQuery(communicationQuery(id));
}
