import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys } from './dtu-submission-keys';

/**
 * GET /api/dtuTask/checkinfoCheckDetail?taskId: the task's sampling configuration, whether it
 * may be sampled at all (canCheck) and the GB/T 2828.1 plan proposed for its latest batch.
 */
export const getCheckConfig = (taskId: number, signal?: AbortSignal) =>
  apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoCheckDetail, { taskId }, { signal });

export const checkConfigQuery = (taskId: number) =>
  queryOptions({ queryKey: dtuSubmissionKeys.checkConfig(taskId), queryFn: ({ signal }) => getCheckConfig(taskId, signal) });

export function useCheckConfig(taskId: number) {
  return useQuery(checkConfigQuery(taskId));
}
