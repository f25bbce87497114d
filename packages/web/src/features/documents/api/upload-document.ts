import { DOCUMENT_ENDPOINTS, type DocumentType } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { documentKeys } from './document-keys';

/** Multipart to the page's type, the file in field `file`; answers the stored document. */
export function uploadDocument(type: DocumentType, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiCall(DOCUMENT_ENDPOINTS.documentUpload, { query: { type }, body: form });
}

export function useUploadDocument(type: DocumentType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadDocument(type, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists(type) }),
  });
}
