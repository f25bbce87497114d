import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiUpload } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export interface FirmwareEditInput {
  id: number;
  version: string;
  description: string;
  /** only when the operator chose a new file; without it the server keeps the stored one */
  file?: File;
}

/**
 * POST /api/firmware/edit?id&version&description (seed 001 §7): multipart with the
 * part `data` when the file changes, otherwise an empty JSON body (no empty multipart).
 */
export function editFirmware({ file, ...query }: FirmwareEditInput): Promise<unknown> {
  if (!file) return apiPost<unknown>(PATHS.firmwareEdit, {}, { query: { ...query } });
  const form = new FormData();
  form.append('data', file, file.name);
  return apiUpload<unknown>(PATHS.firmwareEdit, form, { query: { ...query } });
}

export function useEditFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
