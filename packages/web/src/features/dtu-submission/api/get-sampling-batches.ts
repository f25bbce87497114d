import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys, type SamplingBatchQuery } from './dtu-submission-keys';

/** GET /api/dtuTask/checkinfoGroupList ?taskId&page&pageSize: the task's batches as sampling sees them, newest first. */
export const getSamplingBatches = (query: SamplingBatchQuery, signal?: AbortSignal) =>
  apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoGroupList, query, { signal });

export const samplingBatchesQuery = (query: SamplingBatchQuery) =>
  queryOptions({
    queryKey: dtuSubmissionKeys.samplingBatches(query),
    queryFn: ({ signal }) => getSamplingBatches(query, signal),
    placeholderData: keepPreviousData,
  });

export function useSamplingBatches(query: SamplingBatchQuery) {
  return useQuery(samplingBatchesQuery(query));
}
