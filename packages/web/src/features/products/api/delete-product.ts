import { PRODUCT_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/product/delete {id} (JSON, seed 001 §7). */
export const deleteProduct = (id: number) => apiCall(PRODUCT_ENDPOINTS.productDelete, { id });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
