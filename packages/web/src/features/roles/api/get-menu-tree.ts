import { MENU_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/**
 * The menus and function buttons (type 1) the signed-in user may grant: what it
 * holds itself, line management left out. The editor filters the excluded entries
 * again (grantableTree).
 */
export const getMenuTree = (signal?: AbortSignal) =>
  apiCall(MENU_ENDPOINTS.menuTree, { withFunction: 'true', forRole: 'true' }, { signal });

export const menuTreeQuery = () =>
  queryOptions({
    queryKey: roleKeys.menuTree(),
    queryFn: ({ signal }) => getMenuTree(signal),
    // Menus change only with a release, grants only when the user signs in again.
    staleTime: 5 * 60_000,
  });

export function useMenuTree(enabled: boolean) {
  return useQuery({ ...menuTreeQuery(), enabled });
}
