import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/product/copy {id} (JSON, seed 001 §7). */
export function copyProduct(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.productCopy, { id });
}

export function useCopyProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
