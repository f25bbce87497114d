import { FLOW_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** GET /api/flow/list?productId: the product's flows in order (order 1..n). */
export const getFlows = (productId: number, signal?: AbortSignal) => apiCall(FLOW_ENDPOINTS.flowList, { productId }, { signal });

export const setupFlowsQuery = (productId: number) =>
  queryOptions({ queryKey: setupKeys.flows(productId), queryFn: ({ signal }) => getFlows(productId, signal) });

export function useFlows(productId: number | null) {
  return useQuery({ ...setupFlowsQuery(productId ?? 0), enabled: productId !== null });
}
