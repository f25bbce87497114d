import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuWatchKeys } from './dtu-watch-keys';

/**
 * GET /api/dtuTask/checkinfoGroupCheckDetail?id: one sample's test by section, with the other
 * properties judged on it (seed 002 §7 task_checkinfo_group_check_detail).
 */
export const getSampleTest = (id: number, signal?: AbortSignal) =>
  apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoGroupCheckDetail, { id }, { signal });

export const sampleTestQuery = (id: number) =>
  queryOptions({
    queryKey: dtuWatchKeys.sampleTest(id),
    queryFn: ({ signal }) => getSampleTest(id, signal),
  });

export function useSampleTest(id: number, enabled: boolean) {
  return useQuery({ ...sampleTestQuery(id), enabled });
}
