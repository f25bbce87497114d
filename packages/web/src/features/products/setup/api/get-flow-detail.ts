import { FLOW_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys } from './setup-keys';

/**
 * GET /api/flow/detail?productId&flowId: one flow with its items and manual items,
 * and every property of the product marked `checked` or not (the edit panel).
 */
export const getFlowDetail = (productId: number, flowId: number, signal?: AbortSignal) =>
  apiCall(FLOW_ENDPOINTS.flowDetail, { productId, flowId }, { signal });

export const flowDetailQuery = (productId: number, flowId: number) =>
  queryOptions({
    queryKey: setupKeys.flowDetail(productId, flowId),
    queryFn: ({ signal }) => getFlowDetail(productId, flowId, signal),
    // The panel must start from what is saved now, not from a cached copy.
    staleTime: 0,
  });

export function useFlowDetail(productId: number, flowId: number | null) {
  return useQuery({ ...flowDetailQuery(productId, flowId ?? 0), enabled: flowId !== null });
}
