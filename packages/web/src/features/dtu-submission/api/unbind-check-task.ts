import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuSubmissionKeys } from './dtu-submission-keys';

/** POST /api/checkTask/unbind {taskId}: every sampling terminal of the task released. */
export const unbindCheckTask = (taskId: number) => apiCall(DTU_SUBMISSION_ENDPOINTS.checkTaskUnbind, { taskId });

export function useUnbindCheckTask(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unbindCheckTask(taskId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuSubmissionKeys.task(taskId) }),
  });
}
