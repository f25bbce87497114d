import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** POST /api/product/publish {id} (JSON, seed 001 §7). */
export function publishProduct(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.productPublish, { id });
}

export function usePublishProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
