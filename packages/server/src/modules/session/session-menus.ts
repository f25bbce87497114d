import type { SessionMenu } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { grantedMenuIds } from '../../platform/grants.js';
import type { Database, Menu } from '../../platform/schema.js';

/**
 * The menus a user holds, as the flat list of the login result. A role that grants
 * a level-3 menu implies its level-1 and level-2 groups, so the console can always
 * build the tree; buttons become each menu's funcBotton.
 */
export async function sessionMenus(
  db: Kysely<Database>,
  account: { platformAdmin: number; roleId: number | null },
): Promise<SessionMenu[]> {
  const all = await db.selectFrom('menu').selectAll().orderBy('level').orderBy('sequence').execute();
  let granted: Set<number>;
  if (account.platformAdmin === 1) {
    granted = new Set(all.map((menu) => menu.id));
  } else if (account.roleId === null) {
    granted = new Set();
  } else {
    granted = await grantedMenuIds(db, account.roleId);
  }

  const byId = new Map(all.map((menu) => [menu.id, menu]));
  const visible = new Set<number>();
  for (const menu of all) {
    if (menu.type !== 0 || !granted.has(menu.id)) continue;
    for (let node: Menu | undefined = menu; node && !visible.has(node.id); node = byId.get(node.parentId)) {
      visible.add(node.id);
    }
  }

  return all
    .filter((menu) => menu.type === 0 && visible.has(menu.id))
    .map((menu) => {
      const buttons = all.filter((b) => b.type === 1 && b.parentId === menu.id && granted.has(b.id));
      return {
        id: menu.id,
        pId: menu.parentId,
        name: menu.name,
        url: menu.url,
        sequence: menu.sequence,
        level: menu.level,
        funcBotton: buttons.map((b) => b.funCode!),
        menuName: menu.name,
        menuUrl: menu.url,
        parentId: menu.parentId,
        funList: buttons.map((b) => ({ menuId: menu.id, funCode: b.funCode! })),
      };
    });
}
