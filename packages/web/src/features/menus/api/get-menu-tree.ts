import { PATHS, type MenuTreeNode } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const menuKeys = {
  all: ['menus'] as const,
  tree: () => [...menuKeys.all, 'tree'] as const,
};

/** GET /api/menu/getMenuTree?withFunction=true: the whole tree, buttons (type 1) included. */
export function getMenuTree(signal?: AbortSignal): Promise<MenuTreeNode[]> {
  return apiGet<MenuTreeNode[]>(PATHS.menuTree, { withFunction: true }, { signal });
}

export const menuTreeQueryOptions = () =>
  queryOptions({ queryKey: menuKeys.tree(), queryFn: ({ signal }) => getMenuTree(signal) });

export function useMenuTree() {
  return useQuery(menuTreeQueryOptions());
}
