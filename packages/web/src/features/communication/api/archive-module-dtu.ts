import { COMMUNICATION_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys } from './communication-keys';

/** POST /api/communication/dtuDelete (form): archives; the DTU leaves the list, its history stays. */
export const archiveModuleDtu = (id: number) => apiCall(COMMUNICATION_ENDPOINTS.communicationDtuDelete, { id });

export function useArchiveModuleDtu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveModuleDtu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}
