import { FIRMWARE_ENDPOINTS, type QueryIn } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** The values of the query string, and a file only when the operator chose a new one (the server keeps the stored one otherwise). */
export type FirmwareEditInput = QueryIn<typeof FIRMWARE_ENDPOINTS.firmwareEdit> & { file?: File };

/**
 * POST /api/firmware/edit?id&version&description (seed 001 §7): multipart with the
 * part `data` when the file changes, otherwise an empty JSON body (no empty multipart).
 */
export function editFirmware({ file, ...query }: FirmwareEditInput) {
  if (!file) return apiCall(FIRMWARE_ENDPOINTS.firmwareEdit, { query });
  const body = new FormData();
  body.append('data', file, file.name);
  return apiCall(FIRMWARE_ENDPOINTS.firmwareEdit, { query, body });
}

export function useEditFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
