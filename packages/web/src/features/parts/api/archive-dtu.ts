import { DTU_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { partKeys } from './part-keys';

/** dtu delete archives: the DTU leaves the list and takes no task, its history stays. */
export const archiveDtu = (id: number) => apiCall(DTU_ENDPOINTS.dtuDelete, { id });

export function useArchiveDtu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveDtu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partKeys.all }),
  });
}
