import { MENU_ENDPOINTS } from '@factory/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const menuKeys = {
  all: ['menus'] as const,
  tree: () => [...menuKeys.all, 'tree'] as const,
};

/** The whole tree, buttons (type 1) included. */
export const getMenuTree = (signal?: AbortSignal) => apiCall(MENU_ENDPOINTS.menuTree, { withFunction: 'true' }, { signal });

export const menuTreeQuery = () => queryOptions({ queryKey: menuKeys.tree(), queryFn: ({ signal }) => getMenuTree(signal) });

export function useMenuTree() {
  return useQuery(menuTreeQuery());
}
