import { PRODUCT_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/product/revoke {id} (JSON, seed 001 §7). */
export const revokeProduct = (id: number) => apiCall(PRODUCT_ENDPOINTS.productRevoke, { id });

export function useRevokeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
