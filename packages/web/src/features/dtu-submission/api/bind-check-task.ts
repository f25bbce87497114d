import { type CheckTaskBindBody, DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys } from './dtu-submission-keys';

/** POST /api/checkTask/bind (JSON): the sampling line, terminals, quantity, level and AQL of the task. */
export const bindCheckTask = (body: CheckTaskBindBody) => apiCall(DTU_SUBMISSION_ENDPOINTS.checkTaskBind, body);

/** The configuration, the batches' plans and the line's terminals all move with it. */
export function useBindCheckTask(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindCheckTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuSubmissionKeys.task(taskId) }),
  });
}
