import { PATHS, type FirmwareType } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export interface FirmwareAddInput {
  productId: number;
  type: FirmwareType;
  version: string;
  description: string;
  file: File;
}

/**
 * POST /api/firmware/add?productId&type&version&description (seed 001 §7): the
 * values go in the query string, the file in the multipart part `data`.
 */
export function addFirmware({ file, ...query }: FirmwareAddInput): Promise<unknown> {
  const form = new FormData();
  form.append('data', file, file.name);
  return apiUpload<unknown>(PATHS.firmwareAdd, form, { query: { ...query } });
}

export function useAddFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
