import { describe, expect, it } from 'vitest';
import { menuNamed, menuNode, seededMenuTree } from '../../test/account-role-fixtures';
import { checkedKeysOf, grantableTree, nodeKey, roleMenuFunctionsOf, toggleKey } from './permission-tree';

const full = seededMenuTree();
const tree = grantableTree(full);

const contains = (nodes: ReturnType<typeof grantableTree>, id: number): boolean =>
  nodes.some((node) => node.id === id || contains(node.children, id));

describe('the role permission tree', () => {
  it('leaves out 产线管理 and its buttons, keeps the rest of 平台管理 and the APP menus', () => {
    const line = menuNode(full, '/productionLine');
    expect(contains(tree, line.id)).toBe(false);
    for (const button of line.children) expect(contains(tree, button.id)).toBe(false);

    expect(contains(tree, menuNode(full, '/terminalManage').id)).toBe(true);
    expect(contains(tree, menuNode(full, '/terminalManage', 'unbind').id)).toBe(true);
    expect(contains(tree, menuNode(full, '/account', 'resetPassword').id)).toBe(true);
    expect(contains(tree, menuNamed(full, 'PAD APP').id)).toBe(true);
  });

  it('leaves out an entry named 分配产线 wherever it sits', () => {
    const withAssign = seededMenuTree();
    const platform = menuNamed(withAssign, '平台管理');
    platform.children.push({ ...platform, id: 999, pId: platform.id, name: '分配产线', level: 2, url: '/assignLine', children: [] });
    expect(contains(grantableTree(withAssign), 999)).toBe(false);
  });

  it('sends each checked or half-checked menu with the checked buttons under it', () => {
    const account = menuNode(full, '/account');
    const add = menuNode(full, '/account', 'add');
    const reset = menuNode(full, '/account', 'resetPassword');
    const dataCenter = menuNode(full, '/dataCenter');

    const grants = roleMenuFunctionsOf(tree, [nodeKey(add), nodeKey(reset), nodeKey(dataCenter)]);

    expect(grants).toEqual([
      { menuId: dataCenter.id, funIdList: [] },
      { menuId: menuNamed(full, '平台管理').id, funIdList: [] },
      { menuId: menuNamed(full, '系统管理').id, funIdList: [] },
      { menuId: account.id, funIdList: [add.id, reset.id] },
    ]);
  });

  it('sends nothing for nothing checked', () => {
    expect(roleMenuFunctionsOf(tree, [])).toEqual([]);
  });

  it('checks every menu and button a role holds, and sends the same grants back', () => {
    const account = menuNode(full, '/account');
    const add = menuNode(full, '/account', 'add');
    const menuPage = menuNode(full, '/menu');
    const grants = [
      { menuId: menuNamed(full, '平台管理').id, funList: [] },
      { menuId: menuNamed(full, '系统管理').id, funList: [] },
      { menuId: account.id, funList: [add.id] },
      { menuId: menuPage.id, funList: [] },
    ];
    const keys = checkedKeysOf(tree, grants);
    expect(keys.sort()).toEqual(
      [menuNamed(full, '平台管理'), menuNamed(full, '系统管理'), account, add, menuPage].map(nodeKey).sort(),
    );
    expect(roleMenuFunctionsOf(tree, keys)).toEqual(grants.map(({ menuId, funList }) => ({ menuId, funIdList: funList })));
  });
});

describe('ticking and clearing boxes', () => {
  const production = menuNamed(full, '生产中心');
  const tasks = menuNode(full, '/productionCenter');
  const taskAdd = menuNode(full, '/productionCenter', 'add');
  const products = menuNode(full, '/productCenter');

  it('ticks a page alone with the groups above it, none of its buttons: a view-only page', () => {
    const keys = toggleKey(tree, [], nodeKey(tasks), true);
    expect(keys).toEqual([nodeKey(production), nodeKey(tasks)]);
    expect(roleMenuFunctionsOf(tree, keys)).toEqual([
      { menuId: production.id, funIdList: [] },
      { menuId: tasks.id, funIdList: [] },
    ]);
  });

  it('ticks the page and the groups above a ticked button', () => {
    const keys = toggleKey(tree, [], nodeKey(taskAdd), true);
    expect(keys).toEqual([nodeKey(production), nodeKey(tasks), nodeKey(taskAdd)]);
  });

  it('ticks everything under a ticked group, and clears it all again', () => {
    const keys = toggleKey(tree, [], nodeKey(production), true);
    expect(keys).toContain(nodeKey(taskAdd));
    expect(keys).toContain(nodeKey(menuNode(full, '/parts', 'delete')));
    expect(toggleKey(tree, keys, nodeKey(production), false)).toEqual([]);
  });

  it('clears a page with its buttons, and the group when nothing is left under it', () => {
    const both = toggleKey(tree, toggleKey(tree, [], nodeKey(taskAdd), true), nodeKey(products), true);
    const withoutTasks = toggleKey(tree, both, nodeKey(tasks), false);
    expect(withoutTasks).toEqual([nodeKey(production), nodeKey(products)]);
    expect(toggleKey(tree, withoutTasks, nodeKey(products), false)).toEqual([]);
  });

  it('keeps the page when one of its buttons is cleared', () => {
    const keys = toggleKey(tree, [], nodeKey(taskAdd), true);
    expect(toggleKey(tree, keys, nodeKey(taskAdd), false)).toEqual([nodeKey(production), nodeKey(tasks)]);
  });
});
