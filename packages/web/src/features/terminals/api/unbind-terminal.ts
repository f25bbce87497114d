import { type CallInput, TERMINAL_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

const UNBIND = TERMINAL_ENDPOINTS.terminalUnbind;

/** ?terminalId&terminalType: the values go in the query string (seed 000 §7). */
export const unbindTerminal = (query: CallInput<typeof UNBIND>) => apiCall(UNBIND, query);

export function useUnbindTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindTerminal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalKeys.lists() }),
  });
}
