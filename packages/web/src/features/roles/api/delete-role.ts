import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/** POST /api/role/delete (JSON) {id}; the server refuses an enabled role or one a user holds. */
export function deleteRole(id: number): Promise<unknown> {
  return apiPost<unknown>(PATHS.roleDelete, { id });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
