import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { flowFormData, type FlowSubmission } from './flow-form-data';
import { setupKeys } from './setup-keys';

/** POST /api/flow/add (multipart: productFlowParams, optional pdf). */
export function addFlow(submission: FlowSubmission): Promise<unknown> {
  return apiUpload<unknown>(PATHS.flowAdd, flowFormData(submission));
}

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
