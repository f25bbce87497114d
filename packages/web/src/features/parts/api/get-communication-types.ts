import { DTU_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { partKeys } from './part-keys';

/** The DTU communication methods (a fixed catalogue: read once per visit). */
export const getCommunicationTypes = (signal?: AbortSignal) =>
  apiCall(DTU_ENDPOINTS.dtuCommunicationTypes, undefined, { signal });

export const communicationTypesQuery = () =>
  queryOptions({
    queryKey: partKeys.communicationTypes(),
    queryFn: ({ signal }) => getCommunicationTypes(signal),
    staleTime: Infinity,
  });

export function useCommunicationTypes(enabled = true) {
  return useQuery({ ...communicationTypesQuery(), enabled });
}
