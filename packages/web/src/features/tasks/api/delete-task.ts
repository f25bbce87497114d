import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** POST /api/task/delTask {id}: only a NEW or UNSTART task. */
export function deleteTask(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.taskDelete, { id });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
