import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { dtuTaskKeys } from './dtu-task-keys';

export interface DuplicateChange {
  taskId: number;
  duplicate: boolean;
}

/**
 * 重复检测 on or off (seed 002 §7 task_duplicateEnable). The rework page posts here
 * too, not to task_end as the specification's console did (its own note calls that a defect).
 */
export const setDuplicateEnable = ({ taskId, duplicate }: DuplicateChange) =>
  apiCall(DTU_TASK_ENDPOINTS.dtuTaskDuplicateEnable, { taskId, duplicate });

export function useSetDuplicateEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDuplicateEnable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuTaskKeys.all }),
  });
}
