import { FITTING_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { partKeys } from './part-keys';

/** Refused (409) while the part still has DTUs. */
export const deleteFitting = (id: number) => apiCall(FITTING_ENDPOINTS.fittingDelete, { id });

export function useDeleteFitting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFitting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
