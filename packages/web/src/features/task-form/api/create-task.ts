import { type CallInput, TASK_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

const CREATE = TASK_ENDPOINTS.taskCreate;

/** Step 1 (JSON): expireTime is a date, the server makes it the end of that day; the new task's id comes back (seed 000 §4). */
export const createTask = (body: CallInput<typeof CREATE>) => apiCall(CREATE, body);

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskFormKeys.all }),
  });
}
