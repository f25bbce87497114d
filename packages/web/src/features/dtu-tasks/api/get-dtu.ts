import { DTU_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

/** The DTU of the list (of a part or of a module): its model and communication method decide the panel's fields. */
export const getDtu = (id: number, signal?: AbortSignal) => apiCall(DTU_ENDPOINTS.dtuDetail, { id }, { signal });

export const dtuQuery = (id: number) => queryOptions({ queryKey: dtuTaskKeys.dtu(id), queryFn: ({ signal }) => getDtu(id, signal) });

export function useDtu(id: number) {
  return useQuery(dtuQuery(id));
}
