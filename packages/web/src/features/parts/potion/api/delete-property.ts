import { DTU_PROPERTY_ENDPOINTS as P } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import type { PropertyKind } from '../potion-view';
import { potionKeys } from './potion-keys';

const DELETE = { serial: P.serialPropertyDelete, auto: P.autoPropertyDelete, other: P.otherPropertyDelete } as const;

/** POST /api/<kind>Property/delete (form) {id}; refused while the property is being tested. */
export const deleteProperty = (kind: PropertyKind, id: number) => apiCall(DELETE[kind], { id });

export function useDeleteProperty(kind: PropertyKind, dtuId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteProperty(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: potionKeys.properties(kind, dtuId) }),
  });
}
