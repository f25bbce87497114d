import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { CreateRoleBody } from './create-role';
import { roleKeys } from './role-keys';

/** POST /api/role/edit (JSON): the create body plus the role's id. */
export interface EditRoleBody extends CreateRoleBody {
  id: number;
}

export function editRole(body: EditRoleBody): Promise<unknown> {
  return apiPost<unknown>(PATHS.roleEdit, body);
}

export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editRole,
    onSuccess: (_data, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: roleKeys.detail(body.id) }),
      ]),
  });
}
