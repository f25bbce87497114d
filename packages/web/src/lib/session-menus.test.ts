import { describe, expect, it } from 'vitest';
import { seededMenus, sessionMenu } from '../test/fixtures';
import { buildMenuLevels, buildMenuTree, findFirstMenuUrl, funCodesByUrl } from './session-menus';

describe('buildMenuLevels', () => {
  it('orders level 1 by sequence and levels 2 and 3 by their parents, then sequence', () => {
    const levels = buildMenuLevels([
      sessionMenu({ id: 1, name: '平台管理', url: '/', level: 1, sequence: 3 }),
      sessionMenu({ id: 2, name: '生产中心', url: '/', level: 1, sequence: 1 }),
      sessionMenu({ id: 10, pId: 1, name: '产线管理', url: '/productionLine', level: 2, sequence: 1 }),
      sessionMenu({ id: 11, pId: 2, name: '产线检测', url: '/productionCenter', level: 2, sequence: 2 }),
      sessionMenu({ id: 12, pId: 2, name: '产品中心', url: '/productCenter', level: 2, sequence: 1 }),
      sessionMenu({ id: 20, pId: 1, name: '系统管理', url: '/', level: 2, sequence: 2 }),
      sessionMenu({ id: 21, pId: 20, name: '角色列表', url: '/role', level: 3, sequence: 2 }),
      sessionMenu({ id: 22, pId: 20, name: '用户列表', url: '/account', level: 3, sequence: 1 }),
    ]);
    expect(levels.level1.map((menu) => menu.name)).toEqual(['生产中心', '平台管理']);
    // 生产中心's children come first although 产线管理 has the lowest sequence overall.
    expect(levels.level2.map((menu) => menu.name)).toEqual(['产品中心', '产线检测', '产线管理', '系统管理']);
    expect(levels.level3.map((menu) => menu.name)).toEqual(['用户列表', '角色列表']);
  });

  it('leaves out level-1 APP menus and everything under them', () => {
    const levels = buildMenuLevels(seededMenus());
    const names = [...levels.level1, ...levels.level2, ...levels.level3].map((menu) => menu.name);
    expect(names).not.toContain('PAD APP');
    expect(names).not.toContain('PDA APP');
    expect(names).not.toContain('整机检测');
    expect(names).not.toContain('入库');
    // 配件检测 is also the name of a PAD APP child; only the console's group survives.
    expect(names.filter((name) => name === '配件检测')).toHaveLength(1);
    expect(levels.level1.map((menu) => menu.name)).toEqual(['生产中心', '数据中心', '平台管理', '文档中心']);
  });
});

describe('findFirstMenuUrl', () => {
  it('takes a level-1 page before any level-2 page', () => {
    // In the seeded tree 数据中心 is the only level-1 page; 产品中心 (level 2) comes earlier in the tree.
    expect(findFirstMenuUrl(buildMenuLevels(seededMenus()))).toBe('/dataCenter');
  });

  it('falls back to level 2, then level 3, in parent order', () => {
    const groupsOnly = [
      sessionMenu({ id: 1, name: '平台管理', url: '/', level: 1, sequence: 2 }),
      sessionMenu({ id: 2, name: '文档中心', url: '/', level: 1, sequence: 1 }),
      sessionMenu({ id: 3, pId: 1, name: '系统管理', url: '/', level: 2, sequence: 1 }),
      sessionMenu({ id: 4, pId: 3, name: '角色列表', url: '/role', level: 3, sequence: 1 }),
    ];
    expect(findFirstMenuUrl(buildMenuLevels(groupsOnly))).toBe('/role');

    const withLevel2 = [
      ...groupsOnly,
      sessionMenu({ id: 5, pId: 1, name: '产线管理', url: '/productionLine', level: 2, sequence: 3 }),
      sessionMenu({ id: 6, pId: 2, name: '服务文档', url: '/serveDoc', level: 2, sequence: 2 }),
      sessionMenu({ id: 7, pId: 2, name: '开发文档', url: '/devDoc', level: 2, sequence: 5 }),
    ];
    // 文档中心 (sequence 1) is searched before 平台管理, and 服务文档 before 开发文档.
    expect(findFirstMenuUrl(buildMenuLevels(withLevel2))).toBe('/serveDoc');
  });

  it('is null when the user holds no page at all', () => {
    expect(findFirstMenuUrl(buildMenuLevels([]))).toBeNull();
    const appOnly = [
      sessionMenu({ id: 1, name: 'PAD APP', url: '/', level: 1 }),
      sessionMenu({ id: 2, pId: 1, name: '整机检测', url: '/app/pad/overallCheck', level: 2 }),
    ];
    expect(findFirstMenuUrl(buildMenuLevels(appOnly))).toBeNull();
  });
});

describe('buildMenuTree', () => {
  it('nests the levels and hides groups with no page under them', () => {
    const tree = buildMenuTree(
      buildMenuLevels([
        sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1, sequence: 1 }),
        sessionMenu({ id: 2, name: '文档中心', url: '/', level: 1, sequence: 2 }),
        sessionMenu({ id: 3, pId: 1, name: '库存管理', url: '/', level: 2, sequence: 1 }),
        sessionMenu({ id: 4, pId: 3, name: '出库记录', url: '/stockOut', level: 3, sequence: 1 }),
      ]),
    );
    expect(tree.map((node) => node.menu.name)).toEqual(['生产中心']);
    expect(tree[0]?.children[0]?.menu.name).toBe('库存管理');
    expect(tree[0]?.children[0]?.children[0]?.menu.url).toBe('/stockOut');
  });
});

describe('funCodesByUrl', () => {
  it('maps each page url to its buttons', () => {
    const codes = funCodesByUrl(buildMenuLevels(seededMenus()));
    expect(codes['/account']).toEqual(['add', 'edit', 'stop', 'start', 'delete', 'resetPassword']);
    expect(codes['/']).toBeUndefined();
  });
});
