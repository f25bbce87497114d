import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

/** STOP to START (the first unit's scan starts an UNSTART one). */
export const startDtuTask = (taskId: number) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskStart, { taskId });

export function useStartDtuTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDtuTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuTaskKeys.all }),
  });
}
