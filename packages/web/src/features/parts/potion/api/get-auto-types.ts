import { DTU_CATALOGUE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { potionKeys } from './potion-keys';

/** GET /api/dtuProperty/autoTypes?communicationTypeCode: what a DTU of the type reports (none: without networking). */
export const getAutoTypes = (communicationType: string | null, signal?: AbortSignal) =>
  apiCall(DTU_CATALOGUE_ENDPOINTS.dtuAutoTypes, { communicationTypeCode: communicationType ?? undefined }, { signal });

export const autoTypesQuery = (communicationType: string | null) =>
  queryOptions({
    queryKey: potionKeys.catalogue('auto', communicationType),
    queryFn: ({ signal }) => getAutoTypes(communicationType, signal),
    staleTime: Infinity,
  });

export function useAutoTypes(communicationType: string | null, enabled = true) {
  return useQuery({ ...autoTypesQuery(communicationType), enabled });
}
