import { DTU_PROPERTY_ENDPOINTS as P } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import type { PropertyKind } from '../potion-view';
import { potionKeys } from './potion-keys';

const CHANGE_STATUS = {
  serial: P.serialPropertyChangeStatus,
  auto: P.autoPropertyChangeStatus,
  other: P.otherPropertyChangeStatus,
} as const;

/** POST /api/<kind>Property/changeStatus (form) {id, status}: 1 opens testing, 0 stops it. */
export const changePropertyStatus = (kind: PropertyKind, body: { id: number; status: 0 | 1 }) => apiCall(CHANGE_STATUS[kind], body);

export function useChangePropertyStatus(kind: PropertyKind, dtuId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; status: 0 | 1 }) => changePropertyStatus(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: potionKeys.properties(kind, dtuId) }),
  });
}
