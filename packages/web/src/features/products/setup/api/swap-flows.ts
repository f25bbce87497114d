import { type BodyIn, FLOW_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** POST /api/flow/changePosition (JSON) {fromId, toId}: the two flows swap places. */
export const swapFlows = (body: BodyIn<typeof FLOW_ENDPOINTS.flowChangePosition>) => apiCall(FLOW_ENDPOINTS.flowChangePosition, body);

export function useSwapFlows(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: swapFlows,
    // Refetch after a refusal too (flowPositionStale): the order on screen was old.
    onSettled: () => queryClient.invalidateQueries({ queryKey: setupKeys.flows(productId) }),
  });
}
