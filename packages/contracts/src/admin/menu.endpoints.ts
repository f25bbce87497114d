import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { MENUS } from '../menu-tree.js';
import { needAnyOf } from '../permissions.js';
import { menuTreeNode, menuTreeQuery } from '../session.js';

/** The menu tree (DESIGN.md §4). */
export const MENU_ENDPOINTS = {
  /** Read by the role editor's permission tree and by the read-only menu list page. */
  menuTree: endpoint({
    method: 'GET',
    path: '/api/menu/getMenuTree',
    tag: '菜单',
    summary: '菜单树 (含功能按钮)',
    permission: needAnyOf(MENUS.role, MENUS.menu),
    query: menuTreeQuery,
    response: z.array(menuTreeNode),
  }),
} as const;
