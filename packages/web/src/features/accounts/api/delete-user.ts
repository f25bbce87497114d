import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** POST /api/user/delete (JSON) {id}; the server refuses an enabled user. */
export function deleteUser(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.userDelete, { id });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
