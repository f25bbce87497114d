import { type CallInput, USER_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const RESET_PASSWORD = USER_ENDPOINTS.userResetPassword;

/** Back to the default password (a form {id}, seed 000 §7). */
export const resetPassword = (body: CallInput<typeof RESET_PASSWORD>) => apiCall(RESET_PASSWORD, body);

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
