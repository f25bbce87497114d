import { COMMUNICATION_ENDPOINTS, type CommunicationPartParam } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys } from './communication-keys';
import { moduleFormData } from './module-form-data';

export interface CommunicationEditInput {
  param: CommunicationPartParam & { id: number };
  /** a new image replaces the current one; null keeps it */
  image: File | null;
}

/** POST /api/communication/edit (multipart): the JSON part carries the id. */
export const editCommunication = ({ param, image }: CommunicationEditInput) =>
  apiCall(COMMUNICATION_ENDPOINTS.communicationEdit, moduleFormData(param, image));

export function useEditCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCommunication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}
