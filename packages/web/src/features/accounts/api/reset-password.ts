import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** POST /api/user/resetPassword, form-encoded {id} (seed 000 §7). */
export function resetPassword(id: number): Promise<unknown> {
  return apiPostForm<unknown>(PATHS.userResetPassword, { id });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
