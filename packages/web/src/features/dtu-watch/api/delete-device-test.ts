import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuWatchKeys } from './dtu-watch-keys';

/** POST /api/dtuTask/checkinfoDelete {id}: a unit's record leaves the task (seed 002 §7 task_checkinfo_delete). */
export const deleteDeviceTest = (id: number) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskCheckinfoDelete, { id });

/** Deleting a unit's record changes the task's counters too, so the whole task reloads. */
export function useDeleteDeviceTest(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeviceTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuWatchKeys.task(taskId) }),
  });
}
