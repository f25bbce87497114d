import { type CallInput, ROLE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

const EDIT = ROLE_ENDPOINTS.roleEdit;

/** The create body plus the role's id. */
export const editRole = (body: CallInput<typeof EDIT>) => apiCall(EDIT, body);

export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editRole,
    // The server answers the role's id.
    onSuccess: (id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: roleKeys.detail(id) }),
      ]),
  });
}
