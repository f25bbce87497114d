import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type DtuTaskInput, dtuTaskFormData } from './dtu-task-form-data';
import { dtuTaskKeys } from './dtu-task-keys';

/** Only while UNSTART or STOP; without a new Excel the task keeps its own. */
export const editDtuTask = ({ id, ...input }: DtuTaskInput & { id: number }) =>
  apiCall(DTU_TASK_ENDPOINTS.dtuTaskEdit, dtuTaskFormData(input, id));

export function useEditDtuTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editDtuTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuTaskKeys.all }),
  });
}
