import type { FunCode } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { prepared } from './prepared.js';
import { dialectOfKysely } from './prepared-lists.js';
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
  const query = funCode ? holdsButtonQuery : holdsMenuQuery;
  const { rows } = await query(db, dialectOfKysely(db), { roleId, menuUrl, funCode: funCode ?? '' });
  return rows.length > 0;
}

interface HoldsParams {
  roleId: number;
  menuUrl: string;
  funCode: string;
  [name: string]: unknown;
}

// Every call of a user other than the platform administrator asks it (auth.ts): prepared once (prepared.ts).
function holdsQuery(button: boolean) {
  return prepared(['roleId', 'menuUrl', 'funCode'], (db, _dialect, p: HoldsParams) => {
    const query = db
      .selectFrom('role_menu')
      .innerJoin('role', 'role.id', 'role_menu.roleId')
      .innerJoin('menu', 'menu.id', 'role_menu.menuId')
      .select('menu.id')
      .where('role_menu.roleId', '=', p.roleId)
      .where('role.status', '=', 1)
      .where('menu.url', '=', p.menuUrl);
    return (button ? query.where('menu.type', '=', 1).where('menu.funCode', '=', p.funCode as FunCode) : query.where('menu.type', '=', 0)).limit(1);
  });
}
const holdsMenuQuery = holdsQuery(false);
const holdsButtonQuery = holdsQuery(true);

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
