import { type CallInput, LINE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { lineKeys } from './line-keys';

const ADD = LINE_ENDPOINTS.lineAdd;

/** Answers the new line's id. */
export const addLine = (body: CallInput<typeof ADD>) => apiCall(ADD, body);

export function useAddLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineKeys.all }),
  });
}
