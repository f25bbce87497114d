import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

export interface SetPadsInput {
  taskId: number;
  flowId2PadId: Array<{ flowId: number; padIdList: number[] }>;
}

/** POST /api/pad/setPad (JSON): the terminals of every flow of the task (seed 000 §7). */
export function setPads(input: SetPadsInput): Promise<unknown> {
  return apiPost<unknown>(PATHS.padSet, input);
}

export function useSetPads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPads,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskFormKeys.all }),
  });
}
