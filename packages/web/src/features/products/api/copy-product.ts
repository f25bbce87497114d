import { PRODUCT_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/product/copy {id} (JSON, seed 001 §7): answers the copy's id. */
export const copyProduct = (id: number) => apiCall(PRODUCT_ENDPOINTS.productCopy, { id });

export function useCopyProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
