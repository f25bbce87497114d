import { type CallInput, USER_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const CHANGE_STATUS = USER_ENDPOINTS.userChangeStatus;

/** {id, status}: 1 启用, 0 停用 (a form, seed 000 §7). */
export const changeUserStatus = (body: CallInput<typeof CHANGE_STATUS>) => apiCall(CHANGE_STATUS, body);

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
