import { type CallInput, TERMINAL_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { terminalKeys } from './terminal-keys';

const EDIT = TERMINAL_ENDPOINTS.terminalEdit;

/**
 * A form {terminalId, terminalName, terminalType, lineId} (seed 000 §7). lineId null
 * sends it empty, which takes the PAD off its line; the server reads a missing lineId
 * the same way, so a PAD's current line is always sent back.
 */
export const editTerminal = ({ lineId, ...fields }: Omit<CallInput<typeof EDIT>, 'lineId'> & { lineId?: number | null }) =>
  apiCall(EDIT, { ...fields, ...(lineId === undefined ? {} : { lineId: lineId ?? '' }) });

export function useEditTerminal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTerminal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminalKeys.lists() }),
  });
}
