import { MSG, PATHS, type MenuTreeNode, type RoleDetail, type RoleRow, type Page } from '@factory/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';
import {
  client,
  createManager,
  dataOf,
  expectRefusal,
  fullGrants,
  grantsWithout,
  grantVo,
  lastSuccessLog,
  type Manager,
  MANAGER_PASSWORD,
  menuIdOf,
  uniqueName,
  uniqueRoleName,
} from '../../../test/user-factories.js';
import { copyName } from './role.service.js';

const MANAGER_GRANTS = fullGrants('/account', '/role');

/** Every node of a tree, depth first. */
function flatten(nodes: MenuTreeNode[]): MenuTreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

describe('copyName', () => {
  it('adds _副本, then a number, and cuts the name to fit 12 characters', () => {
    expect(copyName('质检员', new Set())).toBe('质检员_副本');
    expect(copyName('质检员', new Set(['质检员_副本']))).toBe('质检员_副本2');
    expect(copyName('质检员', new Set(['质检员_副本', '质检员_副本2']))).toBe('质检员_副本3');
    expect(copyName('abcdefghijkl', new Set())).toBe('abcdefghi_副本');
    expect(copyName('abcdefghijkl', new Set(['abcdefghi_副本']))).toBe('abcdefgh_副本2');
  });
});

describe.each(testDialects())('roles on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    api = client(() => t.app);
    const login = await loginAsAdmin(t.app);
    admin = login.token;
    adminId = login.id;
  });
  afterAll(() => t.close());

  const db = () => dbOf(t.app);
  async function createViaApi(token: string, body: Record<string, unknown>): Promise<number> {
    return dataOf<number>(await api.post(PATHS.roleCreate, token, body));
  }
  /** A role granting /account with add and edit, made through the API. */
  async function newRole(token = admin, extra: Record<string, unknown> = {}) {
    const roleName = uniqueRoleName();
    const id = await createViaApi(token, { roleName, roleMenuFunctionVOS: [await grantVo(db(), '/account', 'add', 'edit')], ...extra });
    return { id, roleName };
  }
  async function detail(token: string, id: number) {
    return dataOf<RoleDetail>(await api.get(PATHS.roleDetail, token, { id }));
  }
  async function setStatus(token: string, id: number, status: 0 | 1) {
    return api.postForm(PATHS.roleChangeStatus, token, { id, status });
  }
  async function row(token: string, id: number): Promise<RoleRow | undefined> {
    const page = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, token, { pageSize: 0 }));
    return page.list.find((r) => r.id === id);
  }

  describe('validation', () => {
    it.each([
      [{}, MSG.roleNameRequired],
      [{ roleName: '' }, MSG.roleNameRequired],
      [{ roleName: '   ' }, MSG.roleNameRequired],
      [{ roleName: '角' }, MSG.roleNameRule],
      [{ roleName: 'a' }, MSG.roleNameRule],
      [{ roleName: 'x'.repeat(13) }, MSG.roleNameRule],
      [{ roleName: 'bad-name' }, MSG.roleNameRule],
      [{ roleName: 'bad name' }, MSG.roleNameRule],
      [{ roleName: '好名字' }, MSG.rolePermissionRequired],
      [{ roleName: '好名字', roleMenuFunctionVOS: [] }, MSG.rolePermissionRequired],
      [{ roleName: '好名字', roleMenuFunctionVOS: null }, MSG.rolePermissionRequired],
    ])('refuses a new role %j with its message', async (body, message) => {
      expectRefusal(await api.post(PATHS.roleCreate, admin, body), 400, message);
    });

    it.each([
      [{ id: 1, roleName: '' }, MSG.roleNameRequired],
      [{ id: 1, roleName: 'a' }, MSG.roleNameRule],
      [{ id: 1, roleName: '好名字', roleMenuFunctionVOS: [] }, MSG.rolePermissionRequired],
      [{ roleName: '好名字', roleMenuFunctionVOS: [{ menuId: 1 }] }, MSG.idRequired],
    ])('refuses an edit %j with its message', async (body, message) => {
      expectRefusal(await api.post(PATHS.roleEdit, admin, body), 400, message);
    });

    it('accepts names of 2 to 12 Chinese characters, letters, digits and underscores', async () => {
      const vo = await grantVo(db(), '/account');
      for (const roleName of [`质${uniqueName('').slice(-1)}`, `${uniqueRoleName('质检_')}xxxxxxxxxxxx`.slice(0, 12)]) {
        await createViaApi(admin, { roleName, roleMenuFunctionVOS: [vo] });
      }
    });

    it('refuses a bad status or a missing id on a status change, copy or delete', async () => {
      expectRefusal(await setStatus(admin, 1, 5 as 0), 400, MSG.statusRule);
      expectRefusal(await api.post(PATHS.roleCopy, admin, {}), 400, MSG.idRequired);
      expectRefusal(await api.post(PATHS.roleDelete, admin, {}), 400, MSG.idRequired);
      expectRefusal(await api.get(PATHS.roleDetail, admin, { id: 999999 }), 404, MSG.recordNotFound);
    });
  });

  describe('create', () => {
    it('stores the granted menus with their groups and buttons, owned by the caller', async () => {
      const roleName = uniqueRoleName();
      const id = await createViaApi(admin, {
        roleName,
        roleMenuFunctionVOS: [await grantVo(db(), '/account', 'add', 'edit'), await grantVo(db(), '/role')],
      });
      const role = await detail(admin, id);
      expect(role).toMatchObject({ id, roleName, status: 1 });
      const platform = (await db().selectFrom('menu').select('id').where('menuKey', '=', 'platform').executeTakeFirstOrThrow()).id;
      const system = (await db().selectFrom('menu').select('id').where('menuKey', '=', 'system').executeTakeFirstOrThrow()).id;
      expect(role.roleMenuFunctionVOS).toEqual([
        { menuId: platform, funList: [] },
        { menuId: system, funList: [] },
        {
          menuId: await menuIdOf(db(), '/account'),
          funList: [await menuIdOf(db(), '/account', 'add'), await menuIdOf(db(), '/account', 'edit')],
        },
        { menuId: await menuIdOf(db(), '/role'), funList: [] },
      ]);
      expect(await row(admin, id)).toMatchObject({ roleName, status: 1, ownerId: adminId, userCount: 0 });
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.roleCreate))?.summary).toBe(`新增角色 ${roleName}`);
    });

    it('refuses a name the owner already uses (409), not one another owner uses', async () => {
      const { roleName } = await newRole();
      const vo = await grantVo(db(), '/account');
      expectRefusal(await api.post(PATHS.roleCreate, admin, { roleName, roleMenuFunctionVOS: [vo] }), 409, MSG.roleNameTaken);
      const manager = await createManager(t.app, MANAGER_GRANTS);
      await createViaApi(manager.token, { roleName, roleMenuFunctionVOS: [vo] });
      await createViaApi(admin, { puserId: manager.id, roleName: uniqueRoleName(), roleMenuFunctionVOS: [vo] });
    });

    it('refuses nodes that are not a menu and its own buttons, or are left out of the role tree', async () => {
      const accountMenu = await menuIdOf(db(), '/account');
      const accountAdd = await menuIdOf(db(), '/account', 'add');
      const roleAdd = await menuIdOf(db(), '/role', 'add');
      const cases = [
        [{ menuId: accountAdd, funIdList: [] }],
        [{ menuId: accountMenu, funIdList: [roleAdd] }],
        [{ menuId: accountMenu, funIdList: [accountMenu] }],
        [{ menuId: 999999, funIdList: [] }],
        [{ menuId: accountMenu, funIdList: [999999] }],
        [await grantVo(db(), '/productionLine')],
        [await grantVo(db(), '/account'), await grantVo(db(), '/productionLine', 'add')],
      ];
      for (const roleMenuFunctionVOS of cases) {
        const response = await api.post(PATHS.roleCreate, admin, { roleName: uniqueRoleName(), roleMenuFunctionVOS });
        expectRefusal(response, 400, MSG.rolePermissionNotOffered);
      }
    });

    it('lets an account grant only what it holds itself', async () => {
      const manager = await createManager(t.app, grantsWithout('/role', 'copy').concat('/account'));
      const refused = [
        [await grantVo(db(), '/terminalManage')],
        [await grantVo(db(), '/role', 'copy')],
        [await grantVo(db(), '/account', 'add')],
      ];
      for (const roleMenuFunctionVOS of refused) {
        const response = await api.post(PATHS.roleCreate, manager.token, { roleName: uniqueRoleName(), roleMenuFunctionVOS });
        expectRefusal(response, 400, MSG.rolePermissionNotOffered);
      }
      const platform = (await db().selectFrom('menu').select('id').where('menuKey', '=', 'platform').executeTakeFirstOrThrow()).id;
      const id = await createViaApi(manager.token, {
        roleName: uniqueRoleName(),
        roleMenuFunctionVOS: [
          { menuId: platform, funIdList: [] },
          await grantVo(db(), '/role', 'add', 'delete'),
          await grantVo(db(), '/account'),
        ],
      });
      expect(await row(manager.token, id)).toMatchObject({ ownerId: manager.id, status: 1 });
    });
  });

  describe('list', () => {
    it('pages newest first, filters by name, status and owner, and counts the users of each role', async () => {
      const tag = uniqueRoleName('列表');
      const vo = await grantVo(db(), '/account');
      const ids: number[] = [];
      for (const suffix of ['a', 'b', 'c']) {
        ids.push(await createViaApi(admin, { roleName: `${tag.slice(0, 10)}_${suffix}`, roleMenuFunctionVOS: [vo] }));
      }
      await createUser(db(), `${uniqueName('holder')}@admin`, MANAGER_PASSWORD, { roleId: ids[1]! });
      await createUser(db(), `${uniqueName('holder')}@admin`, MANAGER_PASSWORD, { roleId: ids[1]! });
      dataOf(await setStatus(admin, ids[0]!, 0));

      const query = { roleName: tag.slice(0, 10).toUpperCase() };
      const page = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, admin, { ...query, page: 1, pageSize: 10 }));
      expect(page.list.map((r) => r.id)).toEqual([...ids].reverse());
      expect(page.list.map((r) => r.userCount)).toEqual([0, 2, 0]);
      expect(page).toMatchObject({ total: 3, pageNum: 1, pageSize: 10 });
      expect(page.list[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const second = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, admin, { ...query, page: 2, pageSize: 2 }));
      expect(second.list.map((r) => r.id)).toEqual([ids[0]]);
      const stopped = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, admin, { ...query, status: 0 }));
      expect(stopped.list.map((r) => r.id)).toEqual([ids[0]]);
      const byOwner = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, admin, { ...query, puserId: adminId }));
      expect(byOwner.total).toBe(3);
      const otherOwner = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, admin, { ...query, puserId: 999999 }));
      expect(otherOwner.total).toBe(0);
    });
  });

  describe('edit', () => {
    it('refuses an enabled role (409) and edits a stopped one: name and grants replaced', async () => {
      const { id } = await newRole();
      const renamed = uniqueRoleName('改');
      const body = { id, roleName: renamed, roleMenuFunctionVOS: [await grantVo(db(), '/role', 'copy')] };
      expectRefusal(await api.post(PATHS.roleEdit, admin, body), 409, MSG.roleEnabledCannotEdit);
      dataOf(await setStatus(admin, id, 0));
      expect(dataOf<number>(await api.post(PATHS.roleEdit, admin, body))).toBe(id);
      const role = await detail(admin, id);
      expect(role.roleName).toBe(renamed);
      const copyButton = await menuIdOf(db(), '/role', 'copy');
      expect(role.roleMenuFunctionVOS.at(-1)).toEqual({ menuId: await menuIdOf(db(), '/role'), funList: [copyButton] });
      expect(role.roleMenuFunctionVOS.map((vo) => vo.menuId)).not.toContain(await menuIdOf(db(), '/account'));
    });

    it('refuses a taken name, a new owner and a node not offered', async () => {
      const { id } = await newRole();
      const other = await newRole();
      dataOf(await setStatus(admin, id, 0));
      const base = { id, roleName: uniqueRoleName(), roleMenuFunctionVOS: [await grantVo(db(), '/account')] };
      expectRefusal(await api.post(PATHS.roleEdit, admin, { ...base, roleName: other.roleName }), 409, MSG.roleNameTaken);
      const manager = await createManager(t.app, MANAGER_GRANTS);
      expectRefusal(await api.post(PATHS.roleEdit, admin, { ...base, puserId: manager.id }), 400, MSG.roleOwnerFixed);
      expectRefusal(
        await api.post(PATHS.roleEdit, admin, { ...base, roleMenuFunctionVOS: [await grantVo(db(), '/productionLine')] }),
        400,
        MSG.rolePermissionNotOffered,
      );
      dataOf(await api.post(PATHS.roleEdit, admin, { ...base, puserId: adminId }));
    });
  });

  describe('copy', () => {
    it('makes a stopped role of the same owner with the same grants, whatever the status', async () => {
      const { id, roleName } = await newRole();
      const copyId = dataOf<number>(await api.post(PATHS.roleCopy, admin, { id }));
      const original = await detail(admin, id);
      const copy = await detail(admin, copyId);
      expect(copy).toEqual({ ...original, id: copyId, roleName: copyName(roleName, new Set()), status: 0 });
      expect(copy.roleName.endsWith('_副本')).toBe(true);
      expect(await row(admin, copyId)).toMatchObject({ ownerId: adminId, status: 0 });

      const second = dataOf<number>(await api.post(PATHS.roleCopy, admin, { id }));
      expect((await detail(admin, second)).roleName.endsWith('_副本2')).toBe(true);
      // a stopped role copies too
      const third = dataOf<number>(await api.post(PATHS.roleCopy, admin, { id: copyId }));
      expect((await detail(admin, third)).roleMenuFunctionVOS).toEqual(original.roleMenuFunctionVOS);
      const thirdName = (await detail(admin, third)).roleName;
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.roleCopy))?.summary).toBe(`复制角色为 ${thirdName}`);
    });
  });

  describe('status', () => {
    it('stops and starts; the same status again is refused (409); a stopped role grants nothing', async () => {
      const { id } = await newRole();
      const userName = `${uniqueName('holder')}@admin`;
      await createUser(db(), userName, MANAGER_PASSWORD, { roleId: id });
      const session = await loginAs(t.app, userName, MANAGER_PASSWORD);
      dataOf(await api.get(PATHS.userList, session.token));

      dataOf(await setStatus(admin, id, 0));
      expectRefusal(await setStatus(admin, id, 0), 409, MSG.roleAlreadyDisabled);
      // the session stays, the grants go
      dataOf(await api.get(PATHS.roleAll, session.token));
      expectRefusal(await api.get(PATHS.userList, session.token), 403, MSG.noPermission);
      expect((await loginAs(t.app, userName, MANAGER_PASSWORD)).roleDetailDTO.roleMenuFunctionVOS).toEqual([]);

      dataOf(await setStatus(admin, id, 1));
      expectRefusal(await setStatus(admin, id, 1), 409, MSG.roleAlreadyEnabled);
      dataOf(await api.get(PATHS.userList, session.token));
    });
  });

  describe('delete', () => {
    it('refuses an enabled role and a role in use (409), deletes a stopped unused one', async () => {
      const { id } = await newRole();
      expectRefusal(await api.post(PATHS.roleDelete, admin, { id }), 409, MSG.roleEnabledCannotDelete);
      dataOf(await setStatus(admin, id, 0));
      const holder = await createUser(db(), `${uniqueName('holder')}@admin`, MANAGER_PASSWORD, { roleId: id });
      expectRefusal(await api.post(PATHS.roleDelete, admin, { id }), 409, MSG.roleInUse);

      await db().updateTable('account').set({ roleId: null }).where('id', '=', holder).execute();
      dataOf(await api.post(PATHS.roleDelete, admin, { id }));
      expectRefusal(await api.get(PATHS.roleDetail, admin, { id }), 404, MSG.recordNotFound);
      const nodes = await db().selectFrom('role_menu').select('menuId').where('roleId', '=', id).execute();
      expect(nodes).toEqual([]);
    });
  });

  describe('permissions', () => {
    it.each([
      ['add', PATHS.roleCreate],
      ['edit', PATHS.roleEdit],
      ['copy', PATHS.roleCopy],
      ['delete', PATHS.roleDelete],
    ] as const)('answers 403 without the %s button, before validating the body', async (fun, url) => {
      const manager = await createManager(t.app, grantsWithout('/role', fun));
      expectRefusal(await api.post(url, manager.token, {}), 403, MSG.noPermission);
    });

    it('answers 403 to start without start and to stop without stop', async () => {
      const noStart = await createManager(t.app, grantsWithout('/role', 'start'));
      expectRefusal(await setStatus(noStart.token, 999999, 1), 403, MSG.noPermission);
      expectRefusal(await setStatus(noStart.token, 999999, 0), 404, MSG.recordNotFound);
      const noStop = await createManager(t.app, grantsWithout('/role', 'stop'));
      expectRefusal(await setStatus(noStop.token, 999999, 0), 403, MSG.noPermission);
      expectRefusal(await setStatus(noStop.token, 999999, 1), 404, MSG.recordNotFound);
    });

    it('answers 403 to the list, detail and menu tree without the role menu; role/all needs a session only', async () => {
      const outsider = await createManager(t.app, fullGrants('/account'));
      expectRefusal(await api.get(PATHS.roleList, outsider.token), 403, MSG.noPermission);
      expectRefusal(await api.get(PATHS.roleDetail, outsider.token, { id: 1 }), 403, MSG.noPermission);
      expectRefusal(await api.get(PATHS.menuTree, outsider.token, { forRole: 'true' }), 403, MSG.noPermission);
      expect(dataOf<unknown[]>(await api.get(PATHS.roleAll, outsider.token))).toEqual([]);
      const noRole = `${uniqueName('norole')}@admin`;
      await createUser(db(), noRole, MANAGER_PASSWORD);
      expect(dataOf<unknown[]>(await api.get(PATHS.roleAll, (await loginAs(t.app, noRole, MANAGER_PASSWORD)).token))).toEqual([]);
      expectRefusal(await t.app.inject({ method: 'GET', url: PATHS.roleAll }), 401, MSG.sessionExpired);
    });
  });

  describe('menu tree for the role editor', () => {
    it('leaves out line management for everyone, and for an account what it does not hold', async () => {
      const full = flatten(dataOf<MenuTreeNode[]>(await api.get(PATHS.menuTree, admin, { withFunction: 'true' })));
      expect(full.some((node) => node.url === '/productionLine')).toBe(true);

      const forAdmin = flatten(dataOf<MenuTreeNode[]>(await api.get(PATHS.menuTree, admin, { withFunction: 'true', forRole: 'true' })));
      expect(forAdmin.some((node) => node.url === '/productionLine' || node.name === '产线管理')).toBe(false);
      expect(forAdmin).toHaveLength(full.length - 6);

      const manager = await createManager(t.app, fullGrants('/role').concat('/account', '/account:add'));
      const tree = dataOf<MenuTreeNode[]>(await api.get(PATHS.menuTree, manager.token, { withFunction: 'true', forRole: 'true' }));
      const shape = (nodes: MenuTreeNode[]): unknown[] =>
        nodes.map((n) => (n.children.length ? [n.funCode ?? n.name, shape(n.children)] : (n.funCode ?? n.name)));
      const roleButtons = ['add', 'edit', 'stop', 'start', 'delete', 'copy'];
      expect(shape(tree)).toEqual([['平台管理', [['系统管理', [['用户列表', ['add']], ['角色列表', roleButtons]]]]]]);
      const menusOnly = dataOf<MenuTreeNode[]>(await api.get(PATHS.menuTree, manager.token, { forRole: 'true' }));
      expect(shape(menusOnly)).toEqual([['平台管理', [['系统管理', ['用户列表', '角色列表']]]]]);
    });
  });

  describe('a user with a role', () => {
    it('signs in with exactly the granted menus and buttons', async () => {
      const id = await createViaApi(admin, {
        roleName: uniqueRoleName(),
        roleMenuFunctionVOS: [
          await grantVo(db(), '/role', 'add'),
          await grantVo(db(), '/userDoc'),
          await grantVo(db(), '/dataCenter'),
        ],
      });
      const userName = `${uniqueName('granted')}@admin`;
      await createUser(db(), userName, MANAGER_PASSWORD, { roleId: id });
      const menus = (await loginAs(t.app, userName, MANAGER_PASSWORD)).roleDetailDTO.roleMenuFunctionVOS;
      expect(Object.fromEntries(menus.map((m) => [m.name, m.funcBotton]))).toEqual({
        数据中心: [],
        平台管理: [],
        文档中心: [],
        系统管理: [],
        角色列表: ['add'],
        用户文档: [],
      });
    });
  });

  describe('scope between two accounts', () => {
    let a: Manager;
    let b: Manager;
    let roleOfA: number;
    let roleOfAsUser: number;

    beforeAll(async () => {
      a = await createManager(t.app, MANAGER_GRANTS);
      b = await createManager(t.app, MANAGER_GRANTS);
      roleOfA = (await newRole(a.token)).id;
      const userOfA = dataOf<number>(await api.post(PATHS.userCreate, a.token, { userName: uniqueName('ua'), roleId: roleOfA }));
      roleOfAsUser = (await newRole(a.token, { puserId: userOfA })).id;
    });

    it("lists the account's own roles and those of its sub-users only", async () => {
      const listA = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, a.token, { pageSize: 0 }));
      expect(listA.list.map((r) => r.id).sort((x, y) => x - y)).toEqual([roleOfA, roleOfAsUser].sort((x, y) => x - y));
      expect(listA.list.find((r) => r.id === roleOfA)?.userCount).toBe(1);
      const listB = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, b.token, { pageSize: 0 }));
      expect(listB).toMatchObject({ list: [], total: 0 });
      const listAdmin = dataOf<Page<RoleRow>>(await api.get(PATHS.roleList, admin, { pageSize: 0 }));
      expect(listAdmin.list.map((r) => r.id)).toEqual(expect.arrayContaining([roleOfA, roleOfAsUser, a.roleId, b.roleId]));
      // an account does not see the role it holds itself (its parent's)
      expect(listA.list.some((r) => r.id === a.roleId)).toBe(false);
    });

    it("answers 404 to every call on another account's role", async () => {
      expectRefusal(await api.get(PATHS.roleDetail, b.token, { id: roleOfA }), 404, MSG.recordNotFound);
      expectRefusal(
        await api.post(PATHS.roleEdit, b.token, { id: roleOfA, roleName: uniqueRoleName(), roleMenuFunctionVOS: [await grantVo(db(), '/account')] }),
        404,
        MSG.recordNotFound,
      );
      expectRefusal(await api.post(PATHS.roleCopy, b.token, { id: roleOfA }), 404, MSG.recordNotFound);
      expectRefusal(await setStatus(b.token, roleOfA, 0), 404, MSG.recordNotFound);
      expectRefusal(await api.post(PATHS.roleDelete, b.token, { id: roleOfAsUser }), 404, MSG.recordNotFound);
      expectRefusal(await api.get(PATHS.roleDetail, a.token, { id: a.roleId }), 404, MSG.recordNotFound);
      expectRefusal(
        await api.post(PATHS.roleCreate, b.token, { puserId: a.id, roleName: uniqueRoleName(), roleMenuFunctionVOS: [await grantVo(db(), '/account')] }),
        404,
        MSG.recordNotFound,
      );
      expect((await detail(a.token, roleOfA)).status).toBe(1);
    });

    it('lets an account manage the roles of its subtree', async () => {
      const copy = dataOf<number>(await api.post(PATHS.roleCopy, a.token, { id: roleOfAsUser }));
      expect(await row(a.token, copy)).toMatchObject({ status: 0 });
      dataOf(await api.post(PATHS.roleDelete, a.token, { id: copy }));
    });
  });
});
