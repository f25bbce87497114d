import { type BodyIn, PROPERTY_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** POST /api/property/add (JSON): answers the new property's id. */
export const addProperty = (body: BodyIn<typeof PROPERTY_ENDPOINTS.propertyAdd>) => apiCall(PROPERTY_ENDPOINTS.propertyAdd, body);

export function useAddProperty(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProperty,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupKeys.properties(productId) }),
  });
}
