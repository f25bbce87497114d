import { PATHS, type PropertyAddBody } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { setupKeys } from './setup-keys';

/** POST /api/property/add (JSON). */
export function addProperty(body: PropertyAddBody): Promise<unknown> {
  return apiPost<unknown>(PATHS.propertyAdd, body);
}

export function useAddProperty(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProperty,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupKeys.properties(productId) }),
  });
}
