import { type BodyIn, PRODUCT_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/**
 * Every product query of the console keeps its key under this root (product
 * center lists, product details of the detail and setup pages), so saving a
 * product from the shared side panel refreshes all of them.
 */
export const PRODUCT_QUERY_ROOT = ['products'] as const;

/** The JSON body of POST /api/product/create (seed 001 §7); communicationId null without network. */
export type ProductSaveInput = BodyIn<typeof PRODUCT_ENDPOINTS.productCreate>;

/** POST /api/product/create (JSON): answers the new product's id. */
export const createProduct = (input: ProductSaveInput) => apiCall(PRODUCT_ENDPOINTS.productCreate, input);

/** POST /api/product/edit (JSON): the same fields plus id; answers the id it was given. */
export async function editProduct(input: ProductSaveInput & { id: number }): Promise<number> {
  await apiCall(PRODUCT_ENDPOINTS.productEdit, input);
  return input.id;
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductSaveInput & { id?: number }) =>
      input.id === undefined ? createProduct(input) : editProduct({ ...input, id: input.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRODUCT_QUERY_ROOT }),
  });
}
