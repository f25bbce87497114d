import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys } from './dtu-submission-keys';

/** GET /api/dtuTask/reportGprs?batchId: unit → signal in dBm, in test order (the report's chart). */
export const getReportGprs = (batchId: number, signal?: AbortSignal) =>
  apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskReportGprs, { batchId }, { signal });

export const reportGprsQuery = (batchId: number) =>
  queryOptions({ queryKey: dtuSubmissionKeys.reportGprs(batchId), queryFn: ({ signal }) => getReportGprs(batchId, signal) });

export function useReportGprs(batchId: number) {
  return useQuery(reportGprsQuery(batchId));
}
