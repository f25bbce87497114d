import { type LineTree, type LoginResult, MSG, PATHS, type UserRow, type Page } from '@factory/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createManager, fullGrants, grantsWithout, type Manager, unique } from '../../../test/factories/index.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { userApi, DEFAULT_PASSWORD, MANAGER_GRANTS } from '../../../test/user-api.js';

describe.each(testDialects())('users on %s', (dialect) => {
  const t = withTestApp(dialect);
  const shared = userApi(t);
  const { createViaApi, detail, setStatus, roleOwnedBy } = shared;

  describe('line tree', () => {
    it('offers the administrator every enabled line and a sub-user only its own', async () => {
      const tree = dataOf<LineTree>(await shared.api.get(PATHS.userLineTree, t.admin));
      const ours = tree.find((f) => f.factoryId === shared.factoryId)!;
      expect(ours.lineList.map((l) => l.id)).toEqual([shared.line1, shared.line2]);
      expect(tree.flatMap((f) => f.lineList).some((l) => l.id === shared.disabledLine)).toBe(false);

      const manager = await createManager(t.app, MANAGER_GRANTS, [shared.line1, shared.disabledLine]);
      const own = dataOf<LineTree>(await shared.api.get(PATHS.userLineTree, manager.token));
      expect(own).toEqual([{ factoryId: shared.factoryId, factoryName: ours.factoryName, lineList: [ours.lineList[0]] }]);
    });

    it('lets a sub-user give only lines it holds itself', async () => {
      const manager = await createManager(t.app, MANAGER_GRANTS, [shared.line1]);
      const roleId = await roleOwnedBy(manager.id);
      expectRefusal(
        await shared.api.post(PATHS.userCreate, manager.token, { userName: unique('u'), roleId, facLineVos: [{ factoryId: shared.factoryId, lineId: [shared.line2] }] }),
        400,
        MSG.lineNotOffered,
      );
      const id = await createViaApi(manager.token, { userName: unique('u'), roleId, facLineVos: [{ factoryId: shared.factoryId, lineId: [shared.line1] }] });
      expect((await detail(manager.token, id)).factorys[0]?.lineId).toEqual([shared.line1]);
    });
  });

  describe('permissions', () => {
    it.each([
      ['add', PATHS.userCreate],
      ['edit', PATHS.userEdit],
      ['resetPassword', PATHS.userResetPassword],
      ['delete', PATHS.userDelete],
    ] as const)('answers 403 without the %s button, before validating the body', async (fun, url) => {
      const manager = await createManager(t.app, grantsWithout('/account', fun));
      expectRefusal(await shared.api.post(url, manager.token, {}), 403, MSG.noPermission);
    });

    it('answers 403 to start without start and to stop without stop', async () => {
      const noStart = await createManager(t.app, grantsWithout('/account', 'start'));
      expectRefusal(await setStatus(noStart.token, 999999, 1), 403, MSG.noPermission);
      expectRefusal(await setStatus(noStart.token, 999999, 0), 404, MSG.recordNotFound);
      const noStop = await createManager(t.app, grantsWithout('/account', 'stop'));
      expectRefusal(await setStatus(noStop.token, 999999, 0), 403, MSG.noPermission);
      expectRefusal(await setStatus(noStop.token, 999999, 1), 404, MSG.recordNotFound);
    });

    it('answers 403 to the list, detail and line tree without the user menu', async () => {
      const outsider = await createManager(t.app, fullGrants('/role'));
      expectRefusal(await shared.api.get(PATHS.userList, outsider.token), 403, MSG.noPermission);
      expectRefusal(await shared.api.get(PATHS.userDetail, outsider.token, { id: outsider.id }), 403, MSG.noPermission);
      expectRefusal(await shared.api.get(PATHS.userLineTree, outsider.token), 403, MSG.noPermission);
      expectRefusal(await setStatus(outsider.token, outsider.id, 0), 403, MSG.noPermission);
    });

    it('answers 401 without a session', async () => {
      const response = await t.app.inject({ method: 'GET', url: PATHS.userList });
      expectRefusal(response, 401, MSG.sessionExpired);
    });
  });

  describe('scope between two accounts', () => {
    let a: Manager;
    let b: Manager;
    let roleOfA: number;
    let userOfA: number;
    let grandchildOfA: number;

    beforeAll(async () => {
      a = await createManager(t.app, MANAGER_GRANTS, [shared.line1]);
      b = await createManager(t.app, MANAGER_GRANTS, [shared.line2]);
      roleOfA = await roleOwnedBy(a.id, a.token);
      const facLineVos = [{ factoryId: shared.factoryId, lineId: [shared.line1] }];
      userOfA = await createViaApi(a.token, { userName: unique('ua'), roleId: roleOfA, facLineVos });
      const roleOfUser = await roleOwnedBy(userOfA, a.token);
      grandchildOfA = await createViaApi(a.token, { parentId: userOfA, userName: unique('g'), roleId: roleOfUser });
    });

    it("lists only the account's own subtree", async () => {
      const listA = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, a.token, { pageSize: 0 }));
      expect(listA.list.map((row) => row.id).sort((x, y) => x - y)).toEqual([userOfA, grandchildOfA].sort((x, y) => x - y));
      const listB = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, b.token, { pageSize: 0 }));
      expect(listB).toMatchObject({ list: [], total: 0 });
      const listAdmin = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, t.admin, { pageSize: 0 }));
      const adminSees = listAdmin.list.map((row) => row.id);
      expect(adminSees).toEqual(expect.arrayContaining([a.id, b.id, userOfA, grandchildOfA]));
    });

    it("answers 404 to every call on another account's user", async () => {
      expectRefusal(await shared.api.get(PATHS.userDetail, b.token, { id: userOfA }), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.get(PATHS.userDetail, b.token, { id: a.id }), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.post(PATHS.userEdit, b.token, { id: userOfA, userName: 'x_y', roleId: roleOfA }), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.postForm(PATHS.userResetPassword, b.token, { id: userOfA }), 404, MSG.recordNotFound);
      expectRefusal(await setStatus(b.token, userOfA, 0), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.post(PATHS.userDelete, b.token, { id: userOfA }), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.get(PATHS.userDetail, a.token, { id: b.id }), 404, MSG.recordNotFound);
      expect((await detail(a.token, userOfA)).userDetail.status).toBe(1);
    });

    it("refuses to create under another account or with another account's role", async () => {
      expectRefusal(await shared.api.post(PATHS.userCreate, b.token, { parentId: a.id, userName: unique('x'), roleId: roleOfA }), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.post(PATHS.userCreate, b.token, { userName: unique('x'), roleId: roleOfA }), 400, MSG.roleNotOffered);
      expectRefusal(await shared.api.get(PATHS.roleAll, b.token, { id: a.id }), 404, MSG.recordNotFound);
    });

    it('lets an account manage its whole subtree, and its sub-users nothing above them', async () => {
      const child = await detail(a.token, grandchildOfA);
      expect(child.userDetail.userName.endsWith(`@${(await detail(a.token, userOfA)).userDetail.userName}`)).toBe(true);
      expect(dataOf<{ id: number }[]>(await shared.api.get(PATHS.roleAll, a.token, { id: userOfA })).length).toBe(1);
      expect(dataOf<{ id: number; roleName: string }[]>(await shared.api.get(PATHS.roleAll, a.token)).map((r) => r.id)).toEqual([roleOfA]);
      expectRefusal(await shared.api.get(PATHS.roleAll, a.token, { id: (await loginAsAdmin(t.app)).id }), 404, MSG.recordNotFound);
    });

    it('lets a user created by an account sign in with exactly the granted menus', async () => {
      const name = (await detail(a.token, userOfA)).userDetail.userName;
      const result: LoginResult = await loginAs(t.app, name, DEFAULT_PASSWORD);
      expect(result.mustChangePassword).toBe(true);
      expect(result.parentName).toBe(a.userName);
      expect(result.roleDetailDTO.roleMenuFunctionVOS.map((m) => [m.name, m.url, m.funcBotton])).toEqual([
        ['平台管理', '/', []],
        ['系统管理', '/', []],
        ['用户列表', '/account', []],
      ]);
    });
  });
});
