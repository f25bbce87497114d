import { FUN_NAMES, MENU_TREE, type MenuSeed, type MenuTreeNode, type RoleRow, type UserRow } from '@factory/contracts';

/**
 * The seeded menu tree as the menu tree call (MENU_ENDPOINTS.menuTree, withFunction=true) answers it:
 * menus and their buttons numbered in walk order, as the server's seed does.
 */
export function seededMenuTree(): MenuTreeNode[] {
  let nextId = 1;
  const build = (seeds: readonly MenuSeed[], level: number, pId: number): MenuTreeNode[] =>
    seeds.map((seed, index) => {
      const id = nextId++;
      const buttons: MenuTreeNode[] = (seed.funCodes ?? []).map((funCode, buttonIndex) => ({
        id: nextId++,
        pId: id,
        name: seed.funNames?.[funCode] ?? FUN_NAMES[funCode],
        sequence: buttonIndex + 1,
        level: level + 1,
        type: 1,
        url: seed.url,
        funCode,
        children: [],
      }));
      return {
        id,
        pId,
        name: seed.name,
        sequence: index + 1,
        level,
        type: 0,
        url: seed.url,
        funCode: null,
        children: [...buttons, ...build(seed.children ?? [], level + 1, id)],
      };
    });
  return build(MENU_TREE, 1, 0);
}

/** Finds a node of a menu tree by url (a menu) or by url and funCode (a button). */
export function menuNode(tree: readonly MenuTreeNode[], url: string, funCode: string | null = null): MenuTreeNode {
  const stack = [...tree];
  while (stack.length > 0) {
    const node = stack.shift()!;
    if (node.url === url && node.funCode === funCode && (funCode !== null || node.type === 0)) return node;
    stack.push(...node.children);
  }
  throw new Error(`no menu ${url} ${funCode ?? ''}`);
}

/** Finds a node of a menu tree by name (first match, breadth first). */
export function menuNamed(tree: readonly MenuTreeNode[], name: string): MenuTreeNode {
  const stack = [...tree];
  while (stack.length > 0) {
    const node = stack.shift()!;
    if (node.name === name && node.type === 0) return node;
    stack.push(...node.children);
  }
  throw new Error(`no menu named ${name}`);
}

export function userRow(fields: Partial<UserRow> & Pick<UserRow, 'id' | 'userName'>): UserRow {
  return {
    roleId: 3,
    roleName: '产线主管',
    createTime: '2026-03-01 09:30:00',
    status: 1,
    parentId: 7,
    parentName: 'operator_li',
    mustChangePassword: false,
    ...fields,
  };
}

export function roleRow(fields: Partial<RoleRow> & Pick<RoleRow, 'id' | 'roleName'>): RoleRow {
  return { createTime: '2026-03-01 09:30:00', status: 1, ownerId: 7, userCount: 0, ...fields };
}

/** The page of a paged answer. */
export function pageOfRows<T>(list: T[], total = list.length, pageNum = 1, pageSize = 10) {
  return { list, total, pageSize, pageNum };
}
