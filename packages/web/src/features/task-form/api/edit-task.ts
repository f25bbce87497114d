import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { TaskBasicsInput } from './create-task';
import { taskFormKeys } from './task-form-keys';

export interface TaskEditInput extends TaskBasicsInput {
  id: number;
}

/** POST /api/task/editTask (JSON): step 1 of an existing NEW or UNSTART task. */
export function editTask(input: TaskEditInput): Promise<unknown> {
  return apiPost<unknown>(PATHS.taskEdit, input);
}

export function useEditTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskFormKeys.all }),
  });
}
