import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuWatchKeys } from './dtu-watch-keys';

/** GET /api/dtuTask/checkinfoDetail?id: one unit's test by section (seed 002 §7 task_checkinfo_detail). */
export const getDeviceTest = (id: number, signal?: AbortSignal) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskCheckinfoDetail, { id }, { signal });

export const deviceTestQuery = (id: number) =>
  queryOptions({
    queryKey: dtuWatchKeys.deviceTest(id),
    queryFn: ({ signal }) => getDeviceTest(id, signal),
  });

/** `enabled` false leaves it unasked (a sample's detail is read instead). */
export function useDeviceTest(id: number, enabled = true) {
  return useQuery({ ...deviceTestQuery(id), enabled });
}
