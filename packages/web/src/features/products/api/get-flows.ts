import { FLOW_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** GET /api/flow/list?productId: the product's flows (a list), in their `order` (seed 001 §7). */
export async function getFlows(productId: number, signal?: AbortSignal) {
  const flows = await apiCall(FLOW_ENDPOINTS.flowList, { productId }, { signal });
  return [...flows].sort((left, right) => left.order - right.order);
}

export const flowsQuery = (productId: number) =>
  queryOptions({ queryKey: productKeys.flows(productId), queryFn: ({ signal }) => getFlows(productId, signal) });

export function useFlows(productId: number) {
  return useQuery(flowsQuery(productId));
}
