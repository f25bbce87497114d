import { PATHS, type TerminalType } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

export interface TerminalEditInput {
  terminalId: number;
  terminalName: string;
  terminalType: TerminalType;
  /**
   * The PAD's line; null sends it empty, which takes the PAD off its line. The server
   * reads a missing lineId the same way, so a PAD's current line is always sent back.
   */
  lineId?: number | null;
}

/** POST /api/terminal/editPad, form-encoded {terminalId, terminalName, terminalType, lineId} (seed 000 §7). */
export function editTerminal({ lineId, ...fields }: TerminalEditInput): Promise<unknown> {
  return apiPostForm<unknown>(PATHS.terminalEdit, {
    ...fields,
    ...(lineId === undefined ? {} : { lineId: lineId ?? '' }),
  });
}

export function useEditTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTerminal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalKeys.lists() }),
  });
}
