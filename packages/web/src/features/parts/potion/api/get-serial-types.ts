import { DTU_CATALOGUE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { potionKeys } from './potion-keys';

/** GET /api/dtuProperty/serialTypes?communicationTypeCode: the values a serial property may check. */
export const getSerialTypes = (communicationType: string | null, signal?: AbortSignal) =>
  apiCall(DTU_CATALOGUE_ENDPOINTS.dtuSerialTypes, { communicationTypeCode: communicationType ?? undefined }, { signal });

export const serialTypesQuery = (communicationType: string | null) =>
  queryOptions({
    queryKey: potionKeys.catalogue('serial', communicationType),
    queryFn: ({ signal }) => getSerialTypes(communicationType, signal),
    // A fixed list of the contracts: read once a session.
    staleTime: Infinity,
  });

export function useSerialTypes(communicationType: string | null, enabled = true) {
  return useQuery({ ...serialTypesQuery(communicationType), enabled });
}
