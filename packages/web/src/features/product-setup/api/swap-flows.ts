import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { setupKeys } from './setup-keys';

export interface FlowSwap {
  fromId: number;
  toId: number;
}

/** POST /api/flow/changePosition (JSON) {fromId, toId}: the two flows swap places. */
export function swapFlows(body: FlowSwap): Promise<unknown> {
  return apiPost<unknown>(PATHS.flowChangePosition, body);
}

export function useSwapFlows(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: swapFlows,
    // Refetch after a refusal too (flowPositionStale): the order on screen was old.
    onSettled: () => queryClient.invalidateQueries({ queryKey: setupKeys.flows(productId) }),
  });
}
