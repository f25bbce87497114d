import { DTU_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys } from './communication-keys';

/** The communication types a module may have (the grid's filter and the panel's select). */
export const getCommunicationTypes = (signal?: AbortSignal) => apiCall(DTU_ENDPOINTS.dtuCommunicationTypes, undefined, { signal });

export const communicationTypesQuery = () =>
  queryOptions({
    queryKey: communicationKeys.types(),
    queryFn: ({ signal }) => getCommunicationTypes(signal),
    // a fixed catalogue: read once per visit
    staleTime: Infinity,
  });

export function useCommunicationTypes(enabled = true) {
  return useQuery({ ...communicationTypesQuery(), enabled });
}
