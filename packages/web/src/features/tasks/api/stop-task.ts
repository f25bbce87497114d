import { TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** {id}: START to STOP. */
export const stopTask = (id: number) => apiCall(TASK_ENDPOINTS.taskStop, { id });

export function useStopTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
