import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/product/revoke {id} (JSON, seed 001 §7). */
export function revokeProduct(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.productRevoke, { id });
}

export function useRevokeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
