import { TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** {id}: START or STOP to FINISH; the server frees the task's terminals. */
export const finishTask = (id: number) => apiCall(TASK_ENDPOINTS.taskFinish, { id });

export function useFinishTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
