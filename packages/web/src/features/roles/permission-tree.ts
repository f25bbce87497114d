import {
  type BodyIn,
  type MenuTreeNode,
  type ROLE_ENDPOINTS,
  ROLE_TREE_EXCLUDED_NAMES,
  ROLE_TREE_EXCLUDED_URLS,
  type RoleDetail,
} from '@factory/contracts';
import type { TreeDataNode } from 'antd';

/** One granted menu and the ids of the function buttons granted on it, as role_create takes it. */
type RoleMenuFunction = NonNullable<BodyIn<typeof ROLE_ENDPOINTS.roleCreate>['roleMenuFunctionVOS']>[number];

/** Menus deeper than this are not offered (seed 000 §2: menus of levels 1-3). */
const MAX_MENU_LEVEL = 3;

const isButton = (node: MenuTreeNode) => node.type === 1;

/** Line management and line assignment stay with the platform administrator (contracts role.ts). */
function isExcluded(node: MenuTreeNode): boolean {
  return ROLE_TREE_EXCLUDED_URLS.includes(node.url) || ROLE_TREE_EXCLUDED_NAMES.includes(node.name);
}

/**
 * The part of the menu tree a role can be given: menus of levels 1-3 with their
 * buttons as leaves, the excluded entries and everything under them left out.
 */
export function grantableTree(nodes: readonly MenuTreeNode[]): MenuTreeNode[] {
  return nodes
    .filter((node) => !isExcluded(node) && (isButton(node) || node.level <= MAX_MENU_LEVEL))
    .map((node) => ({ ...node, children: isButton(node) ? [] : grantableTree(node.children) }));
}

export const nodeKey = (node: Pick<MenuTreeNode, 'id'>) => String(node.id);

/** antd Tree data; a node's key is its menu id. */
export function permissionTreeData(nodes: readonly MenuTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: nodeKey(node),
    title: node.name,
    isLeaf: node.children.length === 0,
    children: node.children.length > 0 ? permissionTreeData(node.children) : undefined,
  }));
}

/**
 * What role_create and role_edit take: every menu that is checked or has anything
 * checked under it (checked or half-checked in the tree), each with the ids of
 * its checked buttons. Menus come before their children, in tree order.
 */
export function roleMenuFunctionsOf(tree: readonly MenuTreeNode[], checkedKeys: readonly string[]): RoleMenuFunction[] {
  const checked = new Set(checkedKeys);
  const result: RoleMenuFunction[] = [];
  const visit = (node: MenuTreeNode): boolean => {
    const position = result.length;
    const funIdList = node.children.filter((child) => isButton(child) && checked.has(nodeKey(child))).map((child) => child.id);
    let childMenuHeld = false;
    for (const child of node.children) if (!isButton(child) && visit(child)) childMenuHeld = true;
    const held = checked.has(nodeKey(node)) || funIdList.length > 0 || childMenuHeld;
    if (held) result.splice(position, 0, { menuId: node.id, funIdList });
    return held;
  };
  for (const node of tree) if (!isButton(node)) visit(node);
  return result;
}

/**
 * The tree keys to check for a role's grants: every menu and button it holds.
 * The tree does not cascade (see toggleKey), so each box shows exactly its grant.
 */
export function checkedKeysOf(tree: readonly MenuTreeNode[], grants: RoleDetail['roleMenuFunctionVOS']): string[] {
  const held = new Map(grants.map((grant) => [grant.menuId, new Set(grant.funList)]));
  const keys: string[] = [];
  const visit = (node: MenuTreeNode, parent: MenuTreeNode | null) => {
    if (isButton(node)) {
      if (parent && held.get(parent.id)?.has(node.id)) keys.push(nodeKey(node));
      return;
    }
    if (held.has(node.id)) keys.push(nodeKey(node));
    for (const child of node.children) visit(child, node);
  };
  for (const node of tree) visit(node, null);
  return keys;
}

const holdsMenus = (node: MenuTreeNode) => node.children.some((child) => !isButton(child));

function descendants(node: MenuTreeNode): MenuTreeNode[] {
  return node.children.flatMap((child) => [child, ...descendants(child)]);
}

/**
 * The checked keys after one box is ticked or cleared. The tree does not cascade
 * the way a plain checkbox tree does, because a page's box stands for the page
 * itself: a role may see 产线检测 and hold none of its buttons (issue 3). So:
 * - ticking a page or a button also ticks the menus above it;
 * - ticking a group (a menu holding menus) ticks everything under it;
 * - clearing a box clears everything under it, and a group left with nothing
 *   ticked under it is cleared too (a group is only a way to its pages).
 */
export function toggleKey(tree: readonly MenuTreeNode[], checkedKeys: readonly string[], key: string, tick: boolean): string[] {
  const parentOf = new Map<string, MenuTreeNode | null>();
  const nodeOf = new Map<string, MenuTreeNode>();
  const index = (nodes: readonly MenuTreeNode[], parent: MenuTreeNode | null) => {
    for (const node of nodes) {
      parentOf.set(nodeKey(node), parent);
      nodeOf.set(nodeKey(node), node);
      index(node.children, node);
    }
  };
  index(tree, null);
  const node = nodeOf.get(key);
  if (!node) return [...checkedKeys];

  const checked = new Set(checkedKeys);
  if (tick) {
    checked.add(key);
    if (!isButton(node) && holdsMenus(node)) for (const child of descendants(node)) checked.add(nodeKey(child));
    for (let parent = parentOf.get(key); parent; parent = parentOf.get(nodeKey(parent))) checked.add(nodeKey(parent));
  } else {
    checked.delete(key);
    for (const child of descendants(node)) checked.delete(nodeKey(child));
    for (let parent = parentOf.get(key); parent && holdsMenus(parent); parent = parentOf.get(nodeKey(parent))) {
      if (descendants(parent).some((child) => checked.has(nodeKey(child)))) break;
      checked.delete(nodeKey(parent));
    }
  }
  // Tree order, so the value does not depend on the order of the clicks.
  return [...nodeOf.keys()].filter((candidate) => checked.has(candidate));
}
