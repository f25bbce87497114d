import type { FunCode } from './permissions.js';

/**
 * The seeded menu tree of all three specifications (DESIGN.md §4). Group entries
 * carry url "/" (the console replaces them by their children when it looks for a
 * landing page). `key` is stable across databases so seeding is idempotent and
 * code can name a menu without knowing its numeric id.
 */
export interface MenuSeed {
  key: string;
  name: string;
  url: string;
  funCodes?: readonly FunCode[];
  /** Button names that differ from FUN_NAMES on this menu (e.g. 启用 on a line, 开始 on a task). */
  funNames?: Partial<Record<FunCode, string>>;
  children?: readonly MenuSeed[];
}

export const FUN_NAMES: Record<FunCode, string> = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  detail: '详情',
  start: '启用',
  stop: '停用',
  finish: '结束',
  dataWatch: '数据看板',
  exportProCode: '导出生产码',
  set: '设置',
  push: '发布',
  back: '撤回',
  copy: '复制',
  resetPassword: '重置密码',
  unbind: '解绑',
};

/** Level-1 menus whose name contains this hold the station app's permissions. */
export const APP_MENU_MARK = 'APP';

export const MENU_TREE = [
  {
    key: 'production',
    name: '生产中心',
    url: '/',
    children: [
      {
        key: 'productCenter',
        name: '产品中心',
        url: '/productCenter',
        funCodes: ['add', 'detail', 'set', 'push', 'back', 'copy', 'delete'],
      },
      {
        key: 'productionCenter',
        name: '产线检测',
        url: '/productionCenter',
        funCodes: ['add', 'dataWatch', 'detail', 'exportProCode', 'edit', 'stop', 'start', 'finish', 'delete'],
        funNames: { detail: '进入', stop: '停止', start: '开始' },
      },
      {
        key: 'finishedCheck',
        name: '成品检测',
        url: '/',
        children: [{ key: 'spotCheck', name: '抽检管理', url: '/spotCheck' }],
      },
      {
        key: 'stock',
        name: '库存管理',
        url: '/',
        children: [{ key: 'stockOut', name: '出库记录', url: '/stockOut' }],
      },
      {
        key: 'partsCheck',
        name: '配件检测',
        url: '/',
        children: [
          { key: 'parts', name: '配件管理', url: '/parts', funCodes: ['add', 'detail', 'edit', 'delete'] },
          {
            key: 'communication',
            name: '通信模块',
            url: '/communication',
            funCodes: ['add', 'detail', 'edit', 'delete'],
          },
        ],
      },
    ],
  },
  { key: 'dataCenter', name: '数据中心', url: '/dataCenter' },
  {
    key: 'platform',
    name: '平台管理',
    url: '/',
    children: [
      {
        key: 'productionLine',
        name: '产线管理',
        url: '/productionLine',
        funCodes: ['add', 'edit', 'stop', 'start', 'delete'],
      },
      { key: 'terminalManage', name: '终端管理', url: '/terminalManage', funCodes: ['add', 'edit', 'unbind'] },
      {
        key: 'system',
        name: '系统管理',
        url: '/',
        children: [
          {
            key: 'account',
            name: '用户列表',
            url: '/account',
            funCodes: ['add', 'edit', 'stop', 'start', 'delete', 'resetPassword'],
          },
          {
            key: 'role',
            name: '角色列表',
            url: '/role',
            funCodes: ['add', 'edit', 'stop', 'start', 'delete', 'copy'],
          },
          { key: 'menu', name: '菜单列表', url: '/menu' },
          { key: 'operationLog', name: '操作日志', url: '/operationLog' },
        ],
      },
    ],
  },
  {
    key: 'documents',
    name: '文档中心',
    url: '/',
    children: [
      // Uploading and deleting are per document type, so each viewer carries its own buttons.
      { key: 'userDoc', name: '用户文档', url: '/userDoc', funCodes: ['add', 'delete'] },
      { key: 'devDoc', name: '开发文档', url: '/devDoc', funCodes: ['add', 'delete'] },
      { key: 'serveDoc', name: '服务文档', url: '/serveDoc', funCodes: ['add', 'delete'] },
    ],
  },
  {
    key: 'padApp',
    name: 'PAD APP',
    url: '/',
    children: [
      { key: 'padOverallCheck', name: '整机检测', url: '/app/pad/overallCheck' },
      { key: 'padPartsCheck', name: '配件检测', url: '/app/pad/partsCheck' },
    ],
  },
  {
    key: 'pdaApp',
    name: 'PDA APP',
    url: '/',
    children: [
      { key: 'pdaStockIn', name: '入库', url: '/app/pda/stockIn' },
      { key: 'pdaStockOut', name: '出库', url: '/app/pda/stockOut' },
      { key: 'pdaSpotCheck', name: '抽检', url: '/app/pda/spotCheck' },
    ],
  },
] as const satisfies readonly MenuSeed[];

type NodesOf<T> = T extends readonly (infer N)[] ? N | (N extends { children: infer C } ? NodesOf<C> : never) : never;
type MenuNode = NodesOf<typeof MENU_TREE>;
/** A menu that is a page (groups carry url "/"). */
type PageMenu = Exclude<MenuNode, { url: '/' }>;

/** The url of every page menu of the tree: a misspelt menu fails to compile. */
export type MenuUrl = PageMenu['url'];
export type MenuKey = PageMenu['key'];
/** The buttons a menu offers: a button the menu does not have fails to compile. */
export type FunOf<U extends MenuUrl> = Extract<PageMenu, { url: U }> extends infer M
  ? M extends { funCodes: readonly (infer F)[] }
    ? F & FunCode
    : never
  : never;

/**
 * Every page menu by its key (`MENUS.productionLine` is '/productionLine'), read
 * from the tree, so the server's permissions, the console's route table and its
 * tests name menus through one constant.
 */
export const MENUS = (() => {
  const menus: Record<string, string> = {};
  walkMenuTree((menu) => {
    if (menu.url !== '/') menus[menu.key] = menu.url;
  });
  return menus as { readonly [M in PageMenu as M['key']]: M['url'] };
})();

/** Depth-first walk with level (1-3) and 1-based sequence within the parent. */
export function walkMenuTree(
  visit: (menu: MenuSeed, level: number, sequence: number, parent: MenuSeed | null) => void,
  nodes: readonly MenuSeed[] = MENU_TREE,
  level = 1,
  parent: MenuSeed | null = null,
): void {
  nodes.forEach((menu, index) => {
    visit(menu, level, index + 1, parent);
    if (menu.children) walkMenuTree(visit, menu.children, level + 1, menu);
  });
}
