import { ROLE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/** The role and the menus and buttons it holds. */
export const getRoleDetail = (id: number, signal?: AbortSignal) => apiCall(ROLE_ENDPOINTS.roleDetail, { id }, { signal });

export const roleDetailQuery = (id: number) =>
  queryOptions({ queryKey: roleKeys.detail(id), queryFn: ({ signal }) => getRoleDetail(id, signal) });

/** null: nothing to load (the panel adds a role). */
export function useRoleDetail(id: number | null) {
  return useQuery({ ...roleDetailQuery(id ?? 0), enabled: id !== null });
}
