import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

/** START to STOP: the PADs refuse units until it starts again. */
export const stopDtuTask = (taskId: number) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskStop, { taskId });

export function useStopDtuTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopDtuTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuTaskKeys.all }),
  });
}
