import { FIRMWARE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/firmware/use {id} (JSON, seed 001 §7). */
export const useFirmware = (id: number) => apiCall(FIRMWARE_ENDPOINTS.firmwareUse, { id });

export function useStartFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
