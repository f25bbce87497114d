import type { FunOf, MenuUrl } from './menu-tree.js';

/** Function buttons (funCode) a role may hold on a menu (DESIGN.md §4). */
export const FUN_CODES = [
  'add',
  'edit',
  'delete',
  'detail',
  'start',
  'stop',
  'finish',
  'dataWatch',
  'exportProCode',
  'set',
  'push',
  'back',
  'copy',
  'resetPassword',
  'unbind',
] as const;
export type FunCode = (typeof FUN_CODES)[number];

/**
 * What a route needs: `public` (no session), `session` (any signed-in user),
 * or a menu url with an optional button. The platform administrator has everything.
 */
export type Permission =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'menu'; menu: string; fun?: FunCode }
  /** any one of several menus (a call that serves more than one page) */
  | { kind: 'anyMenu'; menus: readonly string[] }
  /** a menu and any one of several of its buttons (step 2 of the task form serves add and edit) */
  | { kind: 'anyFun'; menu: string; funs: readonly FunCode[] };

export const PUBLIC: Permission = { kind: 'public' };
export const SIGNED_IN: Permission = { kind: 'session' };
/** The menu (from MENUS) and, optionally, one of its buttons: a button the menu lacks fails to compile. */
export function need<U extends MenuUrl>(menu: U, fun?: FunOf<U>): Permission {
  return fun ? { kind: 'menu', menu, fun } : { kind: 'menu', menu };
}

export function needAnyOf(...menus: MenuUrl[]): Permission {
  return { kind: 'anyMenu', menus };
}

export function needAnyFun<U extends MenuUrl>(menu: U, ...funs: FunOf<U>[]): Permission {
  return { kind: 'anyFun', menu, funs };
}
