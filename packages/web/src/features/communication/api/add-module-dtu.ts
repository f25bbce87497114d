import { COMMUNICATION_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys } from './communication-keys';
import { moduleDtuFormData, type ModuleDtuFiles } from './module-form-data';

export interface ModuleDtuAddInput {
  communicationPartId: number;
  dtuType: string;
  /** all three are required on add (the panel checks before sending) */
  files: ModuleDtuFiles;
}

/** POST /api/communication/dtuAdd (multipart); answers the new DTU's id. */
export const addModuleDtu = ({ communicationPartId, dtuType, files }: ModuleDtuAddInput) =>
  apiCall(COMMUNICATION_ENDPOINTS.communicationDtuAdd, moduleDtuFormData({ communicationPartId, dtuType }, files));

export function useAddModuleDtu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addModuleDtu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}
