import { COMMUNICATION_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys } from './communication-keys';

/** POST /api/communication/delete (form); a module that still has DTUs is refused with 409. */
export const deleteCommunication = (id: number) => apiCall(COMMUNICATION_ENDPOINTS.communicationDelete, { id });

export function useDeleteCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCommunication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}
