import { FLOW_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { flowFormData, type FlowSubmission } from './flow-form-data';
import { setupKeys } from './setup-keys';

/** POST /api/flow/edit (multipart: productFlowParams with the flow's id, optional pdf). */
export const editFlow = (submission: FlowSubmission) => apiCall(FLOW_ENDPOINTS.flowEdit, flowFormData(submission));

export function useEditFlow(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editFlow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupKeys.flows(productId) }),
  });
}
