import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** POST /api/task/startTask {id}: STOP (or UNSTART) to START. */
export function startTask(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.taskStart, { id });
}

export function useStartTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
