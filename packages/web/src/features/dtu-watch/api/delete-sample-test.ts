import { DTU_SUBMISSION_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuWatchKeys } from './dtu-watch-keys';

/** POST /api/dtuTask/checkinfoCheckDelete {id}: a sample's record leaves its batch (seed 002 §7 task_checkinfo_check_delete). */
export const deleteSampleTest = (id: number) => apiCall(DTU_SUBMISSION_ENDPOINTS.dtuTaskCheckinfoCheckDelete, { id });

/** The batch's samples and the task reload together. */
export function useDeleteSampleTest(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSampleTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuWatchKeys.task(taskId) }),
  });
}
