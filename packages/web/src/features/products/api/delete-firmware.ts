import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/firmware/delete {id} (JSON, seed 001 §7). */
export function deleteFirmware(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.firmwareDelete, { id });
}

export function useDeleteFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
