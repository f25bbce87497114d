import { type CallInput, ROLE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

const COPY = ROLE_ENDPOINTS.roleCopy;

/** A stopped copy of the role with the same permissions; answers the copy's id. */
export const copyRole = (body: CallInput<typeof COPY>) => apiCall(COPY, body);

export function useCopyRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}
