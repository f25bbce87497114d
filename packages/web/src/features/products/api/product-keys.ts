import type { FirmwareType, PublishStatus } from '@factory/contracts';
import { PRODUCT_QUERY_ROOT } from '../../../components/product-save';

export interface ProductListFilter {
  productTypeId?: number;
  publishStatus?: PublishStatus;
}

export interface PagedParams {
  page: number;
  pageSize: number;
}

/**
 * Query keys of the product pages. They sit under PRODUCT_QUERY_ROOT, so the shared
 * product side panel refreshes them after a save; every mutation here invalidates `all`.
 */
export const productKeys = {
  all: PRODUCT_QUERY_ROOT,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filter: ProductListFilter) => [...productKeys.lists(), filter] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  properties: (productId: number, paging: PagedParams) => [...productKeys.all, 'properties', productId, paging] as const,
  flows: (productId: number) => [...productKeys.all, 'flows', productId] as const,
  firmwares: (productId: number, type: FirmwareType, paging: PagedParams) =>
    [...productKeys.all, 'firmwares', productId, type, paging] as const,
};
