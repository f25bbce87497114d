import { type CallInput, TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

const EDIT = TASK_ENDPOINTS.taskEdit;

/** Step 1 of an existing NEW or UNSTART task (JSON). */
export const editTask = (body: CallInput<typeof EDIT>) => apiCall(EDIT, body);

export function useEditTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskFormKeys.all }),
  });
}
