import { type CallInput, TASK_TERMINAL_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskFormKeys } from './task-form-keys';

const SET_PADS = TASK_TERMINAL_ENDPOINTS.padSet;

/** The terminals of every flow of the task (JSON, seed 000 §7). */
export const setPads = (body: CallInput<typeof SET_PADS>) => apiCall(SET_PADS, body);

export function useSetPads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPads,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskFormKeys.all }),
  });
}
