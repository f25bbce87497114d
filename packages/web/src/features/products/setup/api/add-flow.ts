import { FLOW_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { flowFormData, type FlowSubmission } from './flow-form-data';
import { setupKeys } from './setup-keys';

/** POST /api/flow/add (multipart: productFlowParams, optional pdf): answers the new flow's id. */
export const addFlow = (submission: FlowSubmission) => apiCall(FLOW_ENDPOINTS.flowAdd, flowFormData(submission));

export function useAddFlow(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFlow,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: setupKeys.flows(productId) }),
        queryClient.invalidateQueries({ queryKey: setupKeys.product(productId) }),
      ]),
  });
}
