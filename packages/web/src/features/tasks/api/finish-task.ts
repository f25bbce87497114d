import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { taskKeys } from './task-keys';

/** POST /api/task/endTask {id}: START or STOP to FINISH; the server frees the task's terminals. */
export function finishTask(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.taskFinish, { id });
}

export function useFinishTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
