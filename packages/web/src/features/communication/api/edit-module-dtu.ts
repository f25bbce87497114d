import { COMMUNICATION_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys } from './communication-keys';
import { moduleDtuFormData, type ModuleDtuFiles } from './module-form-data';

export interface ModuleDtuEditInput {
  id: number;
  dtuType: string;
  /** only the slots given a new file; the others keep theirs */
  files: ModuleDtuFiles;
}

/** POST /api/communication/dtuEdit (multipart). */
export const editModuleDtu = ({ id, dtuType, files }: ModuleDtuEditInput) =>
  apiCall(COMMUNICATION_ENDPOINTS.communicationDtuEdit, moduleDtuFormData({ id, dtuType }, files));

export function useEditModuleDtu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editModuleDtu,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}
