import { FLOW_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** POST /api/flow/delete {id}; the server closes the gap in the order. */
export const deleteFlow = (id: number) => apiCall(FLOW_ENDPOINTS.flowDelete, { id });

export function useDeleteFlow(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlow,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: setupKeys.flows(productId) }),
        queryClient.invalidateQueries({ queryKey: setupKeys.product(productId) }),
      ]),
  });
}
