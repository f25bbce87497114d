import { PATHS, type PropertyAddBody } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** POST /api/property/edit (JSON); the server marks the flows checking it not normal. */
export function editProperty(body: PropertyAddBody & { id: number }): Promise<unknown> {
  return apiPost<unknown>(PATHS.propertyEdit, body);
}

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
