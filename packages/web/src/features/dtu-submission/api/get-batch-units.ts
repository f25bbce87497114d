import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type BatchUnitQuery, dtuSubmissionKeys } from './dtu-submission-keys';

/** GET /api/dtuTask/submitRecordDetailList ?batchId&mac&page&pageSize: a batch's units in test order. */
export const getBatchUnits = (query: BatchUnitQuery, signal?: AbortSignal) =>
  apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmitRecordDetailList, query, { signal });

export const batchUnitsQuery = (query: BatchUnitQuery) =>
  queryOptions({
    queryKey: dtuSubmissionKeys.batchUnits(query),
    queryFn: ({ signal }) => getBatchUnits(query, signal),
    placeholderData: keepPreviousData,
  });

export function useBatchUnits(query: BatchUnitQuery) {
  return useQuery(batchUnitsQuery(query));
}
