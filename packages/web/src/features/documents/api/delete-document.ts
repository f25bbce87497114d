import { DOCUMENT_ENDPOINTS, type DocumentType } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { documentKeys } from './document-keys';

export const deleteDocument = (id: number) => apiCall(DOCUMENT_ENDPOINTS.documentDelete, { id });

export function useDeleteDocument(type: DocumentType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists(type) }),
  });
}
