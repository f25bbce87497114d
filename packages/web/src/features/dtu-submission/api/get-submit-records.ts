import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys, type SubmitRecordQuery } from './dtu-submission-keys';

/** GET /api/dtuTask/submitRecordList ?taskId&page&pageSize: the task's batches, newest first, with its totals. */
export const getSubmitRecords = (query: SubmitRecordQuery, signal?: AbortSignal) =>
  apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordList, query, { signal });

export const submitRecordsQuery = (query: SubmitRecordQuery) =>
  queryOptions({
    queryKey: dtuSubmissionKeys.submitRecords(query),
    queryFn: ({ signal }) => getSubmitRecords(query, signal),
    placeholderData: keepPreviousData,
  });

export function useSubmitRecords(query: SubmitRecordQuery) {
  return useQuery(submitRecordsQuery(query));
}
