import { ROLE_ENDPOINTS } from '@factory/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { roleKeys, type RoleListQuery } from './role-keys';

/** The server scopes the list to the signed-in account's roles. */
export const getRoles = ({ page, pageSize, roleName, status }: RoleListQuery, signal?: AbortSignal) =>
  apiCall(ROLE_ENDPOINTS.roleList, { page, pageSize, roleName, status }, { signal });

export const rolesQuery = (query: RoleListQuery) =>
  queryOptions({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => getRoles(query, signal),
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useRoles(query: RoleListQuery) {
  return useQuery(rolesQuery(query));
}
