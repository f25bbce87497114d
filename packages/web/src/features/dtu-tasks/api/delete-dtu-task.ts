import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

/** UNSTART or FINISH, soft: its records and check log stay. */
export const deleteDtuTask = (taskId: number) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskDelete, { taskId });

export function useDeleteDtuTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDtuTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuTaskKeys.all }),
  });
}
