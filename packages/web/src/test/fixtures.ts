import { MENU_TREE, walkMenuTree, type LoginResult, type MenuSeed, type SessionMenu } from '@factory/contracts';

/** A session menu as the server sends it; only what the console reads needs to be given. */
export function sessionMenu(
  fields: Pick<SessionMenu, 'id' | 'name' | 'url' | 'level'> & Partial<SessionMenu>,
): SessionMenu {
  const pId = fields.pId ?? 0;
  const funcBotton = fields.funcBotton ?? [];
  return {
    pId,
    sequence: 1,
    funcBotton,
    menuName: fields.name,
    menuUrl: fields.url,
    parentId: pId,
    funList: funcBotton.map((funCode) => ({ menuId: fields.id, funCode })),
    ...fields,
  };
}

/** The seeded menu tree (APP menus included) as the flat list a platform administrator gets. */
export function seededMenus(): SessionMenu[] {
  const menus: SessionMenu[] = [];
  const ids = new Map<MenuSeed, number>();
  walkMenuTree((seed, level, sequence, parent) => {
    const id = menus.length + 1;
    ids.set(seed, id);
    menus.push(
      sessionMenu({
        id,
        pId: parent ? (ids.get(parent) ?? 0) : 0,
        name: seed.name,
        url: seed.url,
        level,
        sequence,
        funcBotton: [...(seed.funCodes ?? [])],
      }),
    );
  }, MENU_TREE);
  return menus;
}

export function loginResultWith(
  overrides: Partial<Omit<LoginResult, 'roleDetailDTO'>> = {},
  menus: SessionMenu[] = seededMenus(),
): LoginResult {
  return {
    token: 'token-1',
    id: 7,
    userName: 'operator_li',
    parentId: 1,
    parentName: 'admin',
    platformAdmin: false,
    mustChangePassword: false,
    roleDetailDTO: { roleId: 3, roleName: '产线主管', roleMenuFunctionVOS: menus },
    ...overrides,
  };
}
