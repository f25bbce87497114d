import { type CallInput, ROLE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

const DELETE = ROLE_ENDPOINTS.roleDelete;

/** The server refuses an enabled role or one a user holds. */
export const deleteRole = (body: CallInput<typeof DELETE>) => apiCall(DELETE, body);

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
