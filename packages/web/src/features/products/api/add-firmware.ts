import { FIRMWARE_ENDPOINTS, type QueryIn } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** The values of the query string and the file, as the firmware panel gives them. */
export type FirmwareAddInput = QueryIn<typeof FIRMWARE_ENDPOINTS.firmwareAdd> & { file: File };

/**
 * POST /api/firmware/add?productId&type&version&description (seed 001 §7): the
 * values go in the query string, the file in the multipart part `data`.
 */
export function addFirmware({ file, ...query }: FirmwareAddInput) {
  const body = new FormData();
  body.append('data', file, file.name);
  return apiCall(FIRMWARE_ENDPOINTS.firmwareAdd, { query, body });
}

export function useAddFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
