import { type CallInput, USER_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const DELETE = USER_ENDPOINTS.userDelete;

/** The server refuses an enabled user. */
export const deleteUser = (body: CallInput<typeof DELETE>) => apiCall(DELETE, body);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
