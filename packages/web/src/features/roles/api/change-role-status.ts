import { type CallInput, ROLE_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

const CHANGE_STATUS = ROLE_ENDPOINTS.roleChangeStatus;

/** {id, status}: 1 启用, 0 停用. */
export const changeRoleStatus = (body: CallInput<typeof CHANGE_STATUS>) => apiCall(CHANGE_STATUS, body);

export function useChangeRoleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRoleStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
