import { PATHS, type Flow } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** GET /api/flow/list?productId: the product's flows in order (seed 001 §7). */
export async function getFlows(productId: number, signal?: AbortSignal): Promise<Flow[]> {
  const data = await apiGet<Flow[] | { list: Flow[] }>(PATHS.flowList, { productId }, { signal });
  // a bare list or a `{ list }` page: the order is the flows' own `order` either way
  const flows = Array.isArray(data) ? data : data.list;
  return [...flows].sort((left, right) => left.order - right.order);
}

export const flowsQuery = (productId: number) =>
  queryOptions({ queryKey: productKeys.flows(productId), queryFn: ({ signal }) => getFlows(productId, signal) });

export function useFlows(productId: number) {
  return useQuery(flowsQuery(productId));
}
