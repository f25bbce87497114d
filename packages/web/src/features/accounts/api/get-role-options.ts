import { PATHS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export interface RoleOption {
  id: number;
  roleName: string;
}

/** GET /api/role/all?id: the enabled roles of an account; a user is offered its parent account's. */
export function getRoleOptions(accountId: number, signal?: AbortSignal): Promise<RoleOption[]> {
  return apiGet<RoleOption[]>(PATHS.roleAll, { id: accountId }, { signal });
}

export const roleOptionsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: userKeys.roleOptions(accountId),
    queryFn: ({ signal }) => getRoleOptions(accountId, signal),
  });

/** null: the parent account is not known yet. */
export function useRoleOptions(accountId: number | null) {
  return useQuery({ ...roleOptionsQueryOptions(accountId ?? 0), enabled: accountId !== null });
}
