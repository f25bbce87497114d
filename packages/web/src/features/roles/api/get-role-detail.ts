import { PATHS, type RoleDetail } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/** GET /api/role/detail?id: the role and the menus and buttons it holds. */
export function getRoleDetail(id: number, signal?: AbortSignal): Promise<RoleDetail> {
  return apiGet<RoleDetail>(PATHS.roleDetail, { id }, { signal });
}

export const roleDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: roleKeys.detail(id), queryFn: ({ signal }) => getRoleDetail(id, signal) });

/** null: nothing to load (the panel adds a role). */
export function useRoleDetail(id: number | null) {
  return useQuery({ ...roleDetailQueryOptions(id ?? 0), enabled: id !== null });
}
