import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/firmware/stop {id} (JSON, seed 001 §7). */
export function stopFirmware(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.firmwareStop, { id });
}

export function useStopFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
