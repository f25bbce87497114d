import { PATHS, type DocumentType } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { documentKeys } from './document-keys';

/** POST /api/document/delete {id}. */
export function deleteDocument(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.documentDelete, { id });
}

export function useDeleteDocument(type: DocumentType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists(type) }),
  });
}
