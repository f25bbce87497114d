import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../lib/api-client';

/**
 * Every product query of the console keeps its key under this root (product
 * center lists, product details of the detail and setup pages), so saving a
 * product from the shared side panel refreshes all of them.
 */
export const PRODUCT_QUERY_ROOT = ['products'] as const;

/** The JSON body of POST /api/product/create (seed 001 §7); communicationId null without network. */
export interface ProductSaveInput {
  productTypeId: number;
  number: string;
  code: string;
  connectInternet: boolean;
  communicationId: string | null;
  dataFormatId: number;
  description: string;
}

/** The new product's id, whether the server answers the product, `{ id }` or the bare id. */
export function savedProductId(data: unknown): number | null {
  if (typeof data === 'number') return data;
  if (typeof data === 'string' && /^\d+$/.test(data)) return Number(data);
  if (data && typeof data === 'object' && 'id' in data) {
    const id = Number((data as { id: unknown }).id);
    return Number.isFinite(id) ? id : null;
  }
  return null;
}

/** POST /api/product/create (JSON); answers the new product's id (null if the answer carries none). */
export async function createProduct(input: ProductSaveInput): Promise<number | null> {
  return savedProductId(await apiPost<unknown>(PATHS.productCreate, input));
}

/** POST /api/product/edit (JSON): the same fields plus id. */
export async function editProduct(input: ProductSaveInput & { id: number }): Promise<number> {
  await apiPost<unknown>(PATHS.productEdit, input);
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
