import { PATHS, type Flow } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** GET /api/flow/list?productId: the product's flows in order (order 1..n). */
export function getFlows(productId: number, signal?: AbortSignal): Promise<Flow[]> {
  return apiGet<Flow[]>(PATHS.flowList, { productId }, { signal });
}

export const flowsQueryOptions = (productId: number) =>
  queryOptions({ queryKey: setupKeys.flows(productId), queryFn: ({ signal }) => getFlows(productId, signal) });

export function useFlows(productId: number | null) {
  return useQuery({ ...flowsQueryOptions(productId ?? 0), enabled: productId !== null });
}
