import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

/**
 * POST /api/dtuTask/submit {taskId}: the task's judged, unsubmitted units become one batch
 * (seed 002 §7 task_submit); 409 when the task has ended or nothing is left to submit.
 */
export const submitDtuTask = (taskId: number) => apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskSubmit, { taskId });

export function useSubmitDtuTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDtuTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuTaskKeys.all }),
  });
}
