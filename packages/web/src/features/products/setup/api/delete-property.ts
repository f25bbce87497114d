import { PROPERTY_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** POST /api/property/delete {id}; the flows checking it lose that item and become not normal. */
export const deleteProperty = (id: number) => apiCall(PROPERTY_ENDPOINTS.propertyDelete, { id });

export function useDeleteProperty(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProperty,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: setupKeys.properties(productId) }),
        queryClient.invalidateQueries({ queryKey: setupKeys.flows(productId) }),
      ]),
  });
}
