import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export interface UserStatusChange {
  id: number;
  /** 1 启用, 0 停用 */
  status: 0 | 1;
}

/** POST /api/user/changeStatus, form-encoded {id, status} (seed 000 §7). */
export function changeUserStatus({ id, status }: UserStatusChange): Promise<unknown> {
  return apiPostForm<unknown>(PATHS.userChangeStatus, { id, status });
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
