import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

/** START or STOP to FINISH: its PADs go back to idle. */
export const endDtuTask = (taskId: number) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskEnd, { taskId });

export function useEndDtuTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endDtuTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuTaskKeys.all }),
  });
}
