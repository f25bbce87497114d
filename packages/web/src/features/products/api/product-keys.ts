import type { FIRMWARE_ENDPOINTS, PRODUCT_ENDPOINTS, QueryOut } from '@factory/contracts';
import { PRODUCT_QUERY_ROOT } from '../components/product-save';

/** The product center's filters: those of the product list's query (as validated), without its paging. */
export type ProductListFilter = Partial<Pick<QueryOut<typeof PRODUCT_ENDPOINTS.productQuery>, 'productTypeId' | 'publishStatus'>>;

/** The paging of the property and firmware tables (as the list queries validate it). */
export type PagedParams = Pick<QueryOut<typeof FIRMWARE_ENDPOINTS.firmwareList>, 'page' | 'pageSize'>;

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
  firmwares: (productId: number, type: string, paging: PagedParams) =>
    [...productKeys.all, 'firmwares', productId, type, paging] as const,
};
