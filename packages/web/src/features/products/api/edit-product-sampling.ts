import { type BodyIn, PRODUCT_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export type ProductSamplingInput = BodyIn<typeof PRODUCT_ENDPOINTS.productSamplingEdit>;

/**
 * POST /api/product/editSampling {id, inspectionLevel, aql} (JSON, issue 15): the stock
 * sampling settings alone, whatever the product's publish status.
 */
export const editProductSampling = (input: ProductSamplingInput) => apiCall(PRODUCT_ENDPOINTS.productSamplingEdit, input);

export function useEditProductSampling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProductSampling,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
