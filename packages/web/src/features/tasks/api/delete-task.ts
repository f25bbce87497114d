import { TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** {id}: only a NEW or UNSTART task. */
export const deleteTask = (id: number) => apiCall(TASK_ENDPOINTS.taskDelete, { id });

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
