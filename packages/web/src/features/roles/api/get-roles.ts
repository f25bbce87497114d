import { PATHS, type RoleRow } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { roleKeys, type RoleListParams } from './role-keys';

export interface RolePage {
  list: RoleRow[];
  total: number;
  pageSize: number;
  pageNum: number;
}

/** GET /api/role/getList: the server scopes the list to the signed-in account's roles. */
export function getRoles(params: RoleListParams, signal?: AbortSignal): Promise<RolePage> {
  return apiGet<RolePage>(
    PATHS.roleList,
    { page: params.page, pageSize: params.pageSize, roleName: params.roleName, status: params.status },
    { signal },
  );
}

export const rolesQueryOptions = (params: RoleListParams) =>
  queryOptions({
    queryKey: roleKeys.list(params),
    queryFn: ({ signal }) => getRoles(params, signal),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useRoles(params: RoleListParams) {
  return useQuery(rolesQueryOptions(params));
}
