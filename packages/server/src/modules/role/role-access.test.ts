import { MSG, PATHS, type MenuTreeNode, type RoleRow, type Page } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createManager,
  createUser,
  fullGrants,
  grantsWithout,
  grantVo,
  type Manager,
  MANAGER_PASSWORD,
  unique,
  uniqueRoleName,
} from '../../../test/factories/index.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { loginAs } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { roleApi, MANAGER_GRANTS, flatten } from '../../../test/role-api.js';

describe.each(testDialects())('roles on %s', (dialect) => {
  const t = withTestApp(dialect, { signIn: false });
  const shared = roleApi(t);
  const { db, createViaApi, newRole, detail, setStatus, row } = shared;

  describe('permissions', () => {
    it.each([
      ['add', PATHS.roleCreate],
      ['edit', PATHS.roleEdit],
      ['copy', PATHS.roleCopy],
      ['delete', PATHS.roleDelete],
    ] as const)('answers 403 without the %s button, before validating the body', async (fun, url) => {
      const manager = await createManager(t.app, grantsWithout('/role', fun));
      expectRefusal(await shared.api.post(url, manager.token, {}), 403, MSG.noPermission);
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
      expectRefusal(await shared.api.get(PATHS.roleList, outsider.token), 403, MSG.noPermission);
      expectRefusal(await shared.api.get(PATHS.roleDetail, outsider.token, { id: 1 }), 403, MSG.noPermission);
      expectRefusal(await shared.api.get(PATHS.menuTree, outsider.token, { forRole: 'true' }), 403, MSG.noPermission);
      expect(dataOf<unknown[]>(await shared.api.get(PATHS.roleAll, outsider.token))).toEqual([]);
      const noRole = `${unique('norole')}@shared.admin`;
      await createUser(db(), noRole, MANAGER_PASSWORD);
      expect(dataOf<unknown[]>(await shared.api.get(PATHS.roleAll, (await loginAs(t.app, noRole, MANAGER_PASSWORD)).token))).toEqual([]);
      expectRefusal(await t.app.inject({ method: 'GET', url: PATHS.roleAll }), 401, MSG.sessionExpired);
    });
  });

  describe('menu tree for the role editor', () => {
    it('leaves out line management for everyone, and for an account what it does not hold', async () => {
      const full = flatten(dataOf<MenuTreeNode[]>(await shared.api.get(PATHS.menuTree, shared.admin, { withFunction: 'true' })));
      expect(full.some((node) => node.url === '/productionLine')).toBe(true);

      const forAdmin = flatten(dataOf<MenuTreeNode[]>(await shared.api.get(PATHS.menuTree, shared.admin, { withFunction: 'true', forRole: 'true' })));
      expect(forAdmin.some((node) => node.url === '/productionLine' || node.name === '产线管理')).toBe(false);
      expect(forAdmin).toHaveLength(full.length - 6);

      const manager = await createManager(t.app, fullGrants('/role').concat('/account', '/account:add'));
      const tree = dataOf<MenuTreeNode[]>(await shared.api.get(PATHS.menuTree, manager.token, { withFunction: 'true', forRole: 'true' }));
      const shape = (nodes: MenuTreeNode[]): unknown[] =>
        nodes.map((n) => (n.children.length ? [n.funCode ?? n.name, shape(n.children)] : (n.funCode ?? n.name)));
      const roleButtons = ['add', 'edit', 'stop', 'start', 'delete', 'copy'];
      expect(shape(tree)).toEqual([['平台管理', [['系统管理', [['用户列表', ['add']], ['角色列表', roleButtons]]]]]]);
      const menusOnly = dataOf<MenuTreeNode[]>(await shared.api.get(PATHS.menuTree, manager.token, { forRole: 'true' }));
      expect(shape(menusOnly)).toEqual([['平台管理', [['系统管理', ['用户列表', '角色列表']]]]]);
    });
  });

  describe('a user with a role', () => {
    it('signs in with exactly the granted menus and buttons', async () => {
      const id = await createViaApi(shared.admin, {
        roleName: uniqueRoleName(),
        roleMenuFunctionVOS: [
          await grantVo(db(), '/role', 'add'),
          await grantVo(db(), '/userDoc'),
          await grantVo(db(), '/dataCenter'),
        ],
      });
      const userName = `${unique('granted')}@shared.admin`;
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
      const userOfA = dataOf<number>(await shared.api.post(PATHS.userCreate, a.token, { userName: unique('ua'), roleId: roleOfA }));
      roleOfAsUser = (await newRole(a.token, { puserId: userOfA })).id;
    });

    it("lists the account's own roles and those of its sub-users only", async () => {
      const listA = dataOf<Page<RoleRow>>(await shared.api.get(PATHS.roleList, a.token, { pageSize: 0 }));
      expect(listA.list.map((r) => r.id).sort((x, y) => x - y)).toEqual([roleOfA, roleOfAsUser].sort((x, y) => x - y));
      expect(listA.list.find((r) => r.id === roleOfA)?.userCount).toBe(1);
      const listB = dataOf<Page<RoleRow>>(await shared.api.get(PATHS.roleList, b.token, { pageSize: 0 }));
      expect(listB).toMatchObject({ list: [], total: 0 });
      const listAdmin = dataOf<Page<RoleRow>>(await shared.api.get(PATHS.roleList, shared.admin, { pageSize: 0 }));
      expect(listAdmin.list.map((r) => r.id)).toEqual(expect.arrayContaining([roleOfA, roleOfAsUser, a.roleId, b.roleId]));
      // an account does not see the role it holds itself (its parent's)
      expect(listA.list.some((r) => r.id === a.roleId)).toBe(false);
    });

    it("answers 404 to every call on another account's role", async () => {
      expectRefusal(await shared.api.get(PATHS.roleDetail, b.token, { id: roleOfA }), 404, MSG.recordNotFound);
      expectRefusal(
        await shared.api.post(PATHS.roleEdit, b.token, { id: roleOfA, roleName: uniqueRoleName(), roleMenuFunctionVOS: [await grantVo(db(), '/account')] }),
        404,
        MSG.recordNotFound,
      );
      expectRefusal(await shared.api.post(PATHS.roleCopy, b.token, { id: roleOfA }), 404, MSG.recordNotFound);
      expectRefusal(await setStatus(b.token, roleOfA, 0), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.post(PATHS.roleDelete, b.token, { id: roleOfAsUser }), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.get(PATHS.roleDetail, a.token, { id: a.roleId }), 404, MSG.recordNotFound);
      expectRefusal(
        await shared.api.post(PATHS.roleCreate, b.token, { puserId: a.id, roleName: uniqueRoleName(), roleMenuFunctionVOS: [await grantVo(db(), '/account')] }),
        404,
        MSG.recordNotFound,
      );
      expect((await detail(a.token, roleOfA)).status).toBe(1);
    });

    it('lets an account manage the roles of its subtree', async () => {
      const copy = dataOf<number>(await shared.api.post(PATHS.roleCopy, a.token, { id: roleOfAsUser }));
      expect(await row(a.token, copy)).toMatchObject({ status: 0 });
      dataOf(await shared.api.post(PATHS.roleDelete, a.token, { id: copy }));
    });
  });
});
