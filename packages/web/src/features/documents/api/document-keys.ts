import type { DocumentType } from '@factory/contracts';

/** Query keys of the document viewers; upload and delete invalidate a type's lists. */
export const documentKeys = {
  all: ['documents'] as const,
  lists: (type: DocumentType) => [...documentKeys.all, type] as const,
  list: (type: DocumentType, originName: string) => [...documentKeys.lists(type), originName] as const,
};
