import { PATHS, type TerminalType } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

export interface TerminalUnbindInput {
  terminalId: number;
  terminalType: TerminalType;
}

/** POST /api/terminal/unbindPad?terminalId&terminalType: the values go in the query string (seed 000 §7). */
export function unbindTerminal(query: TerminalUnbindInput): Promise<unknown> {
  return apiPost<unknown>(PATHS.terminalUnbind, undefined, { query: { ...query } });
}

export function useUnbindTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindTerminal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalKeys.lists() }),
  });
}
