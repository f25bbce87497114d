import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys } from './dtu-submission-keys';

/** GET /api/dtuTask/reportDetail?id=<batch>: the batch's inspection report, computed from the rows on every call. */
export const getReport = (batchId: number, signal?: AbortSignal) =>
  apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskReportDetail, { id: batchId }, { signal });

export const reportQuery = (batchId: number) =>
  queryOptions({ queryKey: dtuSubmissionKeys.report(batchId), queryFn: ({ signal }) => getReport(batchId, signal) });

/** The report, or nothing while no batch is named (an address that lost it). */
export function useReport(batchId: number | null) {
  return useQuery({ ...reportQuery(batchId ?? 0), enabled: batchId !== null });
}
