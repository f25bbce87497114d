import { type CallInput, ROLE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

const CREATE = ROLE_ENDPOINTS.roleCreate;

/** The role belongs to the signed-in account; answers the new role's id. */
export const createRole = (body: CallInput<typeof CREATE>) => apiCall(CREATE, body);

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}
