import { TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** {id}: STOP (or UNSTART) to START. */
export const startTask = (id: number) => apiCall(TASK_ENDPOINTS.taskStart, { id });

export function useStartTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
