import { PATHS, type DocumentItem, type DocumentType } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { documentKeys } from './document-keys';

/** GET /api/document/list?type&originName (seed 000 §7); originName goes as typed (§5). */
export function getDocuments(type: DocumentType, originName: string, signal?: AbortSignal): Promise<DocumentItem[]> {
  return apiGet<DocumentItem[]>(PATHS.documentList, { type, originName }, { signal });
}

export function documentsQueryOptions(type: DocumentType, originName: string) {
  return queryOptions({
    queryKey: documentKeys.list(type, originName),
    queryFn: ({ signal }) => getDocuments(type, originName, signal),
  });
}

export function useDocuments(type: DocumentType, originName: string) {
  return useQuery(documentsQueryOptions(type, originName));
}
