import { type BodyIn, PROPERTY_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** POST /api/property/edit (JSON); the server marks the flows checking it not normal. */
export const editProperty = (body: BodyIn<typeof PROPERTY_ENDPOINTS.propertyEdit>) => apiCall(PROPERTY_ENDPOINTS.propertyEdit, body);

export function useEditProperty(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProperty,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: setupKeys.properties(productId) }),
        queryClient.invalidateQueries({ queryKey: setupKeys.flows(productId) }),
      ]),
  });
}
