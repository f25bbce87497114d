import { type CallInput, LINE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { lineKeys } from './line-keys';

const EDIT = LINE_ENDPOINTS.lineEdit;

export const editLine = (body: CallInput<typeof EDIT>) => apiCall(EDIT, body);

export function useEditLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineKeys.all }),
  });
}
