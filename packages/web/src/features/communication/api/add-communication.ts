import { COMMUNICATION_ENDPOINTS, type CommunicationPartParam } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { communicationKeys } from './communication-keys';
import { moduleFormData } from './module-form-data';

export interface CommunicationAddInput {
  param: CommunicationPartParam;
  /** the image to store, if one was chosen */
  image: File | null;
}

/** POST /api/communication/add (multipart); answers the new module's id. */
export const addCommunication = ({ param, image }: CommunicationAddInput) =>
  apiCall(COMMUNICATION_ENDPOINTS.communicationAdd, moduleFormData(param, image));

export function useAddCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCommunication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationKeys.all }),
  });
}
