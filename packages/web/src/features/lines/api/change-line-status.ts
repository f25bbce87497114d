import { type CallInput, LINE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { lineKeys } from './line-keys';

const CHANGE_STATUS = LINE_ENDPOINTS.lineChangeStatus;

/** id and status (1 启用, 0 停用) travel in the query string (seed 000 §7). */
export const changeLineStatus = (query: CallInput<typeof CHANGE_STATUS>) => apiCall(CHANGE_STATUS, query);

export function useChangeLineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLineStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineKeys.all }),
  });
}
