import { DTU_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { potionKeys } from './potion-keys';

/** GET /api/dtu/detail?id: the DTU with its files' names and its images (404 for an unknown one). */
export const getDtu = (dtuId: number, signal?: AbortSignal) => apiCall(DTU_ENDPOINTS.dtuDetail, { id: dtuId }, { signal });

export const dtuQuery = (dtuId: number) => queryOptions({ queryKey: potionKeys.dtu(dtuId), queryFn: ({ signal }) => getDtu(dtuId, signal) });

export function useDtu(dtuId: number) {
  return useQuery(dtuQuery(dtuId));
}
