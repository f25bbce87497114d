import type { PROPERTY_ENDPOINTS, QueryOut } from '@factory/contracts';
import { PRODUCT_QUERY_ROOT } from '../../components/product-save';

/** What the property table asks for: one page of a product's properties (pageSize 0: all). */
export type PropertyPageQuery = QueryOut<typeof PROPERTY_ENDPOINTS.propertyList>;

/**
 * One key factory for the setup steps' queries. A property write also invalidates
 * the flows (the server marks the flows that check it not normal), and a flow
 * write the product (its flow count).
 */
export const setupKeys = {
  all: ['product-setup'] as const,
  /** under the shared root, so saving the product from its side panel refreshes the header */
  product: (id: number) => [...PRODUCT_QUERY_ROOT, 'setup', id] as const,
  properties: (productId: number) => [...setupKeys.all, 'properties', productId] as const,
  propertyPage: (query: PropertyPageQuery) => [...setupKeys.properties(query.productId), query] as const,
  flows: (productId: number) => [...setupKeys.all, 'flows', productId] as const,
  flowDetail: (productId: number, flowId: number) => [...setupKeys.flows(productId), 'detail', flowId] as const,
};
