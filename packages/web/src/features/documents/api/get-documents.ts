import { DOCUMENT_ENDPOINTS, type DocumentType } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { documentKeys } from './document-keys';

/** The files of one type; originName goes as typed (seed 000 §5). */
export const getDocuments = (type: DocumentType, originName: string, signal?: AbortSignal) =>
  apiCall(DOCUMENT_ENDPOINTS.documentList, { type, originName }, { signal });

export const documentsQuery = (type: DocumentType, originName: string) =>
  queryOptions({
    queryKey: documentKeys.list(type, originName),
    queryFn: ({ signal }) => getDocuments(type, originName, signal),
  });

export function useDocuments(type: DocumentType, originName: string) {
  return useQuery(documentsQuery(type, originName));
}
