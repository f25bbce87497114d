import { type BodyOut, MSG, type ROLE_ENDPOINTS, ROLE_TREE_EXCLUDED_NAMES, ROLE_TREE_EXCLUDED_URLS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { SessionAccount } from './auth.js';
import { badRequest } from './errors.js';
import type { Database, Menu } from './schema.js';
import { grantedMenuIds } from './grants.js';

/**
 * The role tree (shared by the role editor and the menus a session gets): which
 * menus and buttons are offered and held. What roles grant is in grants.ts.
 */

/** The menu table as a lookup; it holds a few dozen rows, so reading it whole is cheaper than joins. */
export async function menusById(db: Kysely<Database>): Promise<Map<number, Menu>> {
  const rows = await db.selectFrom('menu').selectAll().execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Whether a menu or button is left out of the role editor (seed 000 §2): line
 * management and line assignment stay with the platform administrator. A node
 * under an excluded node is excluded with it (a button carries its menu's url).
 */
export function excludedFromRoles(menu: Menu, byId: ReadonlyMap<number, Menu>): boolean {
  for (let node: Menu | undefined = menu; node; node = byId.get(node.parentId)) {
    if (ROLE_TREE_EXCLUDED_URLS.includes(node.url) || ROLE_TREE_EXCLUDED_NAMES.includes(node.name)) return true;
  }
  return false;
}

/**
 * The menu and button ids a user other than the platform administrator holds: its
 * enabled role's nodes plus the groups above its menus (a role made elsewhere may
 * store only the leaf menus). Null for the platform administrator: everything.
 */
export async function heldMenuIds(
  db: Kysely<Database>,
  account: Pick<SessionAccount, 'platformAdmin' | 'roleId'>,
  byId: ReadonlyMap<number, Menu>,
): Promise<Set<number> | null> {
  if (account.platformAdmin) return null;
  if (account.roleId === null) return new Set();
  const held = new Set<number>();
  for (const menuId of await grantedMenuIds(db, account.roleId)) {
    held.add(menuId);
    const menu = byId.get(menuId);
    if (menu?.type === 0) addAncestors(held, menu, byId);
  }
  return held;
}

function addAncestors(into: Set<number>, menu: Menu, byId: ReadonlyMap<number, Menu>): void {
  for (let parent = byId.get(menu.parentId); parent && !into.has(parent.id); parent = byId.get(parent.parentId)) {
    into.add(parent.id);
  }
}

/** One granted menu and its buttons, as a role create or edit sends it (validated). */
export type RoleMenuFunctionInput = BodyOut<typeof ROLE_ENDPOINTS.roleCreate>['roleMenuFunctionVOS'][number];

/**
 * The nodes a role create or edit stores, after checking each one: every menuId a
 * menu (type 0), every funId a button (type 1) of that very menu, none excluded
 * from the role tree, and, for a user other than the platform administrator, none
 * it does not hold itself. The groups above each granted menu are added, so the
 * stored tree is whole whatever the console sent.
 */
export function grantedNodes(
  input: readonly RoleMenuFunctionInput[],
  byId: ReadonlyMap<number, Menu>,
  held: ReadonlySet<number> | null,
): Set<number> {
  const offered = (node: Menu | undefined): node is Menu =>
    node !== undefined && !excludedFromRoles(node, byId) && (held === null || held.has(node.id));

  const granted = new Set<number>();
  for (const { menuId, funIdList } of input) {
    const menu = byId.get(menuId);
    if (!offered(menu) || menu.type !== 0) throw badRequest(MSG.rolePermissionNotOffered);
    granted.add(menu.id);
    addAncestors(granted, menu, byId);
    for (const funId of funIdList) {
      const button = byId.get(funId);
      if (!offered(button) || button.type !== 1 || button.parentId !== menu.id) {
        throw badRequest(MSG.rolePermissionNotOffered);
      }
      granted.add(button.id);
    }
  }
  return granted;
}
