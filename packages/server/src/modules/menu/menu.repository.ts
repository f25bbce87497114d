import type { MenuTreeNode } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Database, Menu } from '../../platform/schema.js';

/**
 * The whole menu tree, nested, ordered by sequence; buttons (type 1) only when asked.
 * `include` leaves nodes out, and everything under a node left out goes with it.
 */
export async function menuTree(
  db: Kysely<Database>,
  withFunction: boolean,
  include: (menu: Menu) => boolean = () => true,
): Promise<MenuTreeNode[]> {
  let query = db.selectFrom('menu').selectAll().orderBy('level').orderBy('sequence').orderBy('id');
  if (!withFunction) query = query.where('type', '=', 0);
  const rows = await query.execute();

  const nodes = new Map<number, MenuTreeNode>();
  for (const row of rows) {
    // Rows come parents first (ordered by level), so a missing parent was left out.
    if (!include(row) || (row.parentId !== 0 && !nodes.has(row.parentId))) continue;
    nodes.set(row.id, {
      id: row.id,
      pId: row.parentId,
      name: row.name,
      sequence: row.sequence,
      level: row.level,
      type: row.type === 1 ? 1 : 0,
      url: row.url,
      funCode: row.funCode,
      children: [],
    });
  }
  const roots: MenuTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.pId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
