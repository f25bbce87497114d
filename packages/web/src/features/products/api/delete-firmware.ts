import { FIRMWARE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/firmware/delete {id} (JSON, seed 001 §7). */
export const deleteFirmware = (id: number) => apiCall(FIRMWARE_ENDPOINTS.firmwareDelete, { id });

export function useDeleteFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
