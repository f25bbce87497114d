import { PATHS, type DocumentItem, type DocumentType } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { documentKeys } from './document-keys';

/** POST /api/document/upload?type= as multipart/form-data, the file in field `file`. */
export function uploadDocument(type: DocumentType, file: File): Promise<DocumentItem> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<DocumentItem>(`${PATHS.documentUpload}?type=${encodeURIComponent(type)}`, form);
}

export function useUploadDocument(type: DocumentType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadDocument(type, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists(type) }),
  });
}
