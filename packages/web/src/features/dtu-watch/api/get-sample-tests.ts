import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuWatchKeys, type SampleTestListQuery } from './dtu-watch-keys';

/**
 * GET /api/dtuTask/checkinfoGroupCheckList ?id&testStatus&mac&page&pageSize: the samples of a
 * submitted batch (seed 002 §7 task_checkinfo_group_check_list), the list of sampling mode.
 */
export const getSampleTests = (query: SampleTestListQuery, signal?: AbortSignal) =>
  apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoGroupCheckList, query, { signal });

/** `refreshMs`: asked again that often (while the batch may still be sampled), or never (false). */
export const sampleTestsQuery = (taskId: number, query: SampleTestListQuery, refreshMs: number | false = false) =>
  queryOptions({
    queryKey: dtuWatchKeys.sampleTests(taskId, query),
    queryFn: ({ signal }) => getSampleTests(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });

/** Waits for a batch (sampling mode with taskBatchId); `enabled` false leaves it unasked. */
export function useSampleTests(taskId: number, query: SampleTestListQuery, { enabled, refreshMs = false }: { enabled: boolean; refreshMs?: number | false }) {
  return useQuery({ ...sampleTestsQuery(taskId, query, refreshMs), enabled });
}
