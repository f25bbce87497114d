import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/firmware/use {id} (JSON, seed 001 §7). */
export function useFirmware(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.firmwareUse, { id });
}

export function useStartFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
