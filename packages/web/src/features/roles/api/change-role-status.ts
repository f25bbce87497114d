import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

export interface RoleStatusChange {
  id: number;
  /** 1 启用, 0 停用 */
  status: 0 | 1;
}

/** POST /api/role/changeStatus, form-encoded {id, status} (seed 000 §7). */
export function changeRoleStatus({ id, status }: RoleStatusChange): Promise<unknown> {
  return apiPostForm<unknown>(PATHS.roleChangeStatus, { id, status });
}

export function useChangeRoleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRoleStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
