import { FIRMWARE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/firmware/stop {id} (JSON, seed 001 §7). */
export const stopFirmware = (id: number) => apiCall(FIRMWARE_ENDPOINTS.firmwareStop, { id });

export function useStopFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
