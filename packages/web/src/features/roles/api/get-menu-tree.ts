import { PATHS, type MenuTreeNode } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { roleKeys } from './role-keys';

/**
 * GET /api/menu/getMenuTree?withFunction=true&forRole=true: the menus and function
 * buttons (type 1) the signed-in user may grant: what it holds itself, line
 * management left out. The editor filters the excluded entries again (grantableTree).
 */
export function getMenuTree(signal?: AbortSignal): Promise<MenuTreeNode[]> {
  return apiGet<MenuTreeNode[]>(PATHS.menuTree, { withFunction: true, forRole: true }, { signal });
}

export const menuTreeQueryOptions = () =>
  queryOptions({
    queryKey: roleKeys.menuTree(),
    queryFn: ({ signal }) => getMenuTree(signal),
    // Menus change only with a release, grants only when the user signs in again.
    staleTime: 5 * 60_000,
  });

export function useMenuTree(enabled: boolean) {
  return useQuery({ ...menuTreeQueryOptions(), enabled });
}
