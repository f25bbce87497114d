import { DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type DtuTaskInput, dtuTaskFormData } from './dtu-task-form-data';
import { dtuTaskKeys } from './dtu-task-keys';

/** Answers the new task's id. */
export const addDtuTask = (input: DtuTaskInput) => apiCall(DTU_TASK_ENDPOINTS.dtuTaskAdd, dtuTaskFormData(input));

export function useAddDtuTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDtuTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dtuTaskKeys.all }),
  });
}
