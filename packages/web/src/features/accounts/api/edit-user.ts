import { type CallInput, USER_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const EDIT = USER_ENDPOINTS.userEdit;

/** The create body plus the user’s id. */
export const editUser = (body: CallInput<typeof EDIT>) => apiCall(EDIT, body);

export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
