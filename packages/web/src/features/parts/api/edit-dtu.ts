import { type CallInput, DTU_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { partKeys } from './part-keys';

const EDIT = DTU_ENDPOINTS.dtuEdit;

export const editDtu = (body: CallInput<typeof EDIT>) => apiCall(EDIT, body);

export function useEditDtu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editDtu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
