import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/** One granted menu and the ids of the function buttons granted on it. */
export interface RoleMenuFunction {
  menuId: number;
  funIdList: number[];
}

/** POST /api/role/create (JSON); the role belongs to the signed-in account. */
export interface CreateRoleBody {
  roleName: string;
  roleMenuFunctionVOS: RoleMenuFunction[];
}

export function createRole(body: CreateRoleBody): Promise<unknown> {
  return apiPost<unknown>(PATHS.roleCreate, body);
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
  });
}
