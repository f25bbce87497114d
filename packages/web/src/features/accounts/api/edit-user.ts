import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { CreateUserBody } from './create-user';
import { userKeys } from './user-keys';

/** POST /api/user/edit (JSON): the create body plus the user's id. */
export interface EditUserBody extends CreateUserBody {
  id: number;
}

export function editUser(body: EditUserBody): Promise<unknown> {
  return apiPost<unknown>(PATHS.userEdit, body);
}

export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
