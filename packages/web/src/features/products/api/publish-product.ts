import { PRODUCT_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/product/publish {id} (JSON, seed 001 §7). */
export const publishProduct = (id: number) => apiCall(PRODUCT_ENDPOINTS.productPublish, { id });

export function usePublishProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
