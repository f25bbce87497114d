import { PATHS, type TerminalType } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

export interface TerminalAddInput {
  terminalCode: string;
  terminalName: string;
  terminalType: TerminalType;
  categoryId?: number;
  lineId?: number;
}

/** POST /api/terminal/add {terminalCode, terminalName, terminalType, categoryId?, lineId?} (JSON). */
export function addTerminal(input: TerminalAddInput): Promise<unknown> {
  return apiPost<unknown>(PATHS.terminalAdd, input);
}

export function useAddTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTerminal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalKeys.lists() }),
  });
}
