import { RECORDS_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { recordKeys } from './record-keys';

/** GET /api/flow/checkDetail?id=<flow result id>: one test with every auto and manual check. */
export const getFlowCheckDetail = (resultId: number, signal?: AbortSignal) =>
  apiCall(RECORDS_ENDPOINTS.flowCheckDetail, { id: resultId }, { signal });

export const flowCheckDetailQuery = (resultId: number) =>
  queryOptions({
    queryKey: recordKeys.checkDetail(resultId),
    queryFn: ({ signal }) => getFlowCheckDetail(resultId, signal),
    // A stored result never changes.
    staleTime: Infinity,
  });

export function useFlowCheckDetail(resultId: number | null) {
  return useQuery({ ...flowCheckDetailQuery(resultId ?? 0), enabled: resultId !== null });
}
