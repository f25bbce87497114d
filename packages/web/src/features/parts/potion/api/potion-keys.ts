import type { DTU_PROPERTY_ENDPOINTS, QueryIn } from '@factory/contracts';
import type { PropertyKind } from '../potion-view';

/** One page of a DTU's properties (the three lists take the same query). */
export type PropertyPageQuery = QueryIn<typeof DTU_PROPERTY_ENDPOINTS.serialPropertyList> & { dtuId: number };

/**
 * Query keys of the property screen. A property write invalidates its kind's lists
 * of the DTU; saving the DTU invalidates the DTU (and so its catalogues, which hang
 * off its communication type).
 */
export const potionKeys = {
  all: ['dtu-potion'] as const,
  dtu: (dtuId: number) => [...potionKeys.all, 'dtu', dtuId] as const,
  catalogue: (kind: 'serial' | 'auto', communicationType: string | null) =>
    [...potionKeys.all, 'catalogue', kind, communicationType ?? 'none'] as const,
  properties: (kind: PropertyKind, dtuId: number) => [...potionKeys.all, 'properties', kind, dtuId] as const,
  page: (kind: PropertyKind, query: PropertyPageQuery) => [...potionKeys.properties(kind, query.dtuId), query] as const,
};
