import { ROLE_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** The enabled roles of an account; a user is offered its parent account's. */
export const getRoleOptions = (accountId: number, signal?: AbortSignal) =>
  apiCall(ROLE_ENDPOINTS.roleAll, { id: accountId }, { signal });

export const roleOptionsQuery = (accountId: number) =>
  queryOptions({
    queryKey: userKeys.roleOptions(accountId),
    queryFn: ({ signal }) => getRoleOptions(accountId, signal),
  });

/** null: the parent account is not known yet. */
export function useRoleOptions(accountId: number | null) {
  return useQuery({ ...roleOptionsQuery(accountId ?? 0), enabled: accountId !== null });
}
