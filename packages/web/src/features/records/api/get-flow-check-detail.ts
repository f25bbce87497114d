import { PATHS, type FlowCheckDetail } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { recordKeys } from './record-keys';

/** GET /api/flow/checkDetail?id=<flow result id>: one test with every auto and manual check. */
export function getFlowCheckDetail(resultId: number, signal?: AbortSignal): Promise<FlowCheckDetail> {
  return apiGet<FlowCheckDetail>(PATHS.flowCheckDetail, { id: resultId }, { signal });
}

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
