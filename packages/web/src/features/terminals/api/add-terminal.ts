import { type CallInput, TERMINAL_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

const ADD = TERMINAL_ENDPOINTS.terminalAdd;

/** {terminalCode, terminalName, terminalType, categoryId?, lineId?} (JSON); answers the new terminal's id. */
export const addTerminal = (body: CallInput<typeof ADD>) => apiCall(ADD, body);

export function useAddTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTerminal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalKeys.lists() }),
  });
}
