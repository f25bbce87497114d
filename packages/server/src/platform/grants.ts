import type { FunCode } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Whether an enabled role holds a menu (by url) and, when asked, one of its buttons.
 * A stopped role grants nothing.
 */
export async function roleHolds(
  db: Kysely<Database>,
  roleId: number,
  menuUrl: string,
  funCode?: FunCode,
): Promise<boolean> {
  let query = db
    .selectFrom('role_menu')
    .innerJoin('role', 'role.id', 'role_menu.roleId')
    .innerJoin('menu', 'menu.id', 'role_menu.menuId')
    .select('menu.id')
    .where('role_menu.roleId', '=', roleId)
    .where('role.status', '=', 1)
    .where('menu.url', '=', menuUrl);
  query = funCode
    ? query.where('menu.type', '=', 1).where('menu.funCode', '=', funCode)
    : query.where('menu.type', '=', 0);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The menu and button nodes an enabled role grants (nothing for a stopped role). */
export async function grantedMenuIds(db: Kysely<Database>, roleId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('role_menu')
    .innerJoin('role', 'role.id', 'role_menu.roleId')
    .select('role_menu.menuId')
    .where('role_menu.roleId', '=', roleId)
    .where('role.status', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.menuId));
}
