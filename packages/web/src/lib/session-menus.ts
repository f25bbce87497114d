import { APP_MENU_MARK, type SessionMenu } from '@factory/contracts';

/** The part of a login result's menu the console keeps in its session. */
export type MenuEntry = Pick<SessionMenu, 'id' | 'pId' | 'name' | 'url' | 'sequence' | 'level' | 'funcBotton'>;

export interface MenuLevels {
  level1: MenuEntry[];
  level2: MenuEntry[];
  level3: MenuEntry[];
}

/** Group menus carry url "/": they only hold children and are never a page. */
export const GROUP_URL = '/';

export const EMPTY_LEVELS: MenuLevels = { level1: [], level2: [], level3: [] };

const bySequence = (a: MenuEntry, b: MenuEntry) => a.sequence - b.sequence || a.id - b.id;

/**
 * Splits the flat menu list of a login result into the three levels the console
 * shows. APP menus (the station app's permissions) and everything under them are
 * dropped. Each level keeps its parents' order, then sequence within a parent, so
 * "the first level-2 entry" means the first child of the first level-1 group.
 */
export function buildMenuLevels(menus: readonly SessionMenu[]): MenuLevels {
  const byId = new Map(menus.map((menu) => [menu.id, menu]));
  const isUnderApp = (menu: SessionMenu): boolean => {
    // Walk up at most three levels; the depth cap also stops a malformed cycle.
    let current: SessionMenu | undefined = menu;
    for (let depth = 0; current && depth < 4; depth += 1) {
      if (current.level === 1 && current.name.includes(APP_MENU_MARK)) return true;
      current = byId.get(current.pId);
    }
    return false;
  };
  const kept: MenuEntry[] = menus
    .filter((menu) => !isUnderApp(menu))
    .map(({ id, pId, name, url, sequence, level, funcBotton }) => ({
      id,
      pId,
      name,
      url,
      sequence,
      level,
      funcBotton: [...funcBotton],
    }));

  const level1 = kept.filter((menu) => menu.level === 1).sort(bySequence);
  const level2 = withinParents(
    level1,
    kept.filter((menu) => menu.level === 2),
  );
  const level3 = withinParents(
    level2,
    kept.filter((menu) => menu.level === 3),
  );
  return { level1, level2, level3 };
}

/** Children grouped in their parents' order; children of a parent the user lacks go last. */
function withinParents(parents: readonly MenuEntry[], children: readonly MenuEntry[]): MenuEntry[] {
  const parentRank = new Map(parents.map((parent, index) => [parent.id, index]));
  const rank = (menu: MenuEntry) => parentRank.get(menu.pId) ?? parents.length;
  return [...children].sort((a, b) => rank(a) - rank(b) || bySequence(a, b));
}

/** The first entry that is a real page, searching level 1, then 2, then 3 (seed 000 §2). */
export function findFirstMenuUrl(levels: MenuLevels): string | null {
  for (const level of [levels.level1, levels.level2, levels.level3]) {
    const page = level.find((menu) => menu.url && menu.url !== GROUP_URL);
    if (page) return page.url;
  }
  return null;
}

/** Function buttons per page url, as pages ask for them (hasFun). */
export function funCodesByUrl(levels: MenuLevels): Record<string, string[]> {
  const codes: Record<string, string[]> = {};
  for (const menu of [...levels.level1, ...levels.level2, ...levels.level3]) {
    if (menu.url !== GROUP_URL) codes[menu.url] = [...menu.funcBotton];
  }
  return codes;
}

/** A node of the console's top menu. */
export interface MenuNode {
  menu: MenuEntry;
  children: MenuNode[];
}

/**
 * The levels as a tree for the header menu. A menu whose parent the user does
 * not hold is shown at the top rather than lost.
 */
export function buildMenuTree(levels: MenuLevels): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  const roots: MenuNode[] = [];
  for (const menu of [...levels.level1, ...levels.level2, ...levels.level3]) {
    const node: MenuNode = { menu, children: [] };
    nodes.set(menu.id, node);
    const parent = menu.level > 1 ? nodes.get(menu.pId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return prune(roots);
}

/** Groups left without a page under them (e.g. every child was an APP menu) are hidden. */
function prune(nodes: MenuNode[]): MenuNode[] {
  return nodes
    .map((node) => ({ ...node, children: prune(node.children) }))
    .filter((node) => node.menu.url !== GROUP_URL || node.children.length > 0);
}
