import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** POST /api/task/stopTask {id}: START to STOP. */
export function stopTask(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.taskStop, { id });
}

export function useStopTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
