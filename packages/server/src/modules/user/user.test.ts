import { type LineTree, type LoginResult, MSG, PATHS, type UserDetail, type UserRow, type Page } from '@factory/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { buildTestApp, testDialects, type TestApp } from '../../../test/test-app.js';
import {
  client,
  createFactory,
  createLine,
  createManager,
  dataOf,
  expectRefusal,
  fullGrants,
  grantsWithout,
  grantVo,
  lastSuccessLog,
  type Manager,
  uniqueName,
  uniqueRoleName,
} from '../../../test/user-factories.js';

const DEFAULT_PASSWORD = 'Factory123';
const MANAGER_GRANTS = fullGrants('/account', '/role');

describe.each(testDialects())('users on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let admin: string;
  /** an enabled role owned by the administrator: offered to accounts created under it */
  let adminRole: number;
  let factoryId: number;
  let line1: number;
  let line2: number;
  let disabledLine: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    api = client(() => t.app);
    admin = (await loginAsAdmin(t.app)).token;
    const db = dbOf(t.app);
    adminRole = await createRole(db, fullGrants('/account'));
    factoryId = await createFactory(db);
    line1 = await createLine(db, factoryId);
    line2 = await createLine(db, factoryId);
    disabledLine = await createLine(db, factoryId, 0);
  });
  afterAll(() => t.close());

  /** Creates a user through the API and answers its id. */
  async function createViaApi(token: string, body: Record<string, unknown>): Promise<number> {
    return dataOf<number>(await api.post(PATHS.userCreate, token, body));
  }
  async function newUser(token = admin, extra: Record<string, unknown> = {}) {
    const name = uniqueName('u');
    const id = await createViaApi(token, { userName: name, roleId: adminRole, facLineVos: [], ...extra });
    return { id, name };
  }
  async function detail(token: string, id: number) {
    return dataOf<UserDetail>(await api.get(PATHS.userDetail, token, { id }));
  }
  async function setStatus(token: string, id: number, status: 0 | 1) {
    return api.postForm(PATHS.userChangeStatus, token, { id, status });
  }
  /** A role owned by `ownerId` granting the user list, made through the role API. */
  async function roleOwnedBy(ownerId: number, token = admin): Promise<number> {
    const roleMenuFunctionVOS = [await grantVo(dbOf(t.app), '/account')];
    return dataOf<number>(await api.post(PATHS.roleCreate, token, { puserId: ownerId, roleName: uniqueRoleName(), roleMenuFunctionVOS }));
  }

  describe('validation', () => {
    it.each([
      [{}, MSG.userNameRequired],
      [{ userName: '', roleId: 1 }, MSG.userNameRequired],
      [{ userName: '   ', roleId: 1 }, MSG.userNameRequired],
      [{ userName: 'a', roleId: 1 }, MSG.userNameRule],
      [{ userName: 'has space', roleId: 1 }, MSG.userNameRule],
      [{ userName: 'dash-name', roleId: 1 }, MSG.userNameRule],
      [{ userName: '中文名', roleId: 1 }, MSG.userNameRule],
      [{ userName: 'x'.repeat(33), roleId: 1 }, MSG.userNameRule],
      [{ userName: 'ok_name' }, MSG.roleRequired],
      [{ userName: 'ok_name', roleId: '' }, MSG.roleRequired],
      [{ userName: 'ok_name', roleId: 'abc' }, MSG.roleRequired],
      [{ userName: 'ok_name', roleId: 0 }, MSG.roleRequired],
    ])('refuses a new user %j with its message', async (body, message) => {
      expectRefusal(await api.post(PATHS.userCreate, admin, body), 400, message);
    });

    it.each([
      [{ id: 1, userName: '' , roleId: 1 }, MSG.userNameRequired],
      [{ id: 1, userName: 'a', roleId: 1 }, MSG.userNameRule],
      [{ id: 1, userName: 'ok_name' }, MSG.roleRequired],
      [{ userName: 'ok_name', roleId: 1 }, MSG.idRequired],
    ])('refuses an edit %j with its message', async (body, message) => {
      expectRefusal(await api.post(PATHS.userEdit, admin, body), 400, message);
    });

    it('accepts the 2- and 32-character limits of the name', async () => {
      await createViaApi(admin, { userName: `a${uniqueName('').slice(0, 1)}`.slice(0, 2), roleId: adminRole });
      const long = `${uniqueName('n')}${'x'.repeat(32)}`.slice(0, 32);
      const id = await createViaApi(admin, { userName: long, roleId: adminRole });
      expect((await detail(admin, id)).userDetail.shortName).toBe(long);
    });

    it('refuses a bad status or a missing id on a status change, reset or delete', async () => {
      expectRefusal(await api.postForm(PATHS.userChangeStatus, admin, { id: 1, status: 2 }), 400, MSG.statusRule);
      expectRefusal(await api.postForm(PATHS.userChangeStatus, admin, { status: 1 }), 400, MSG.idRequired);
      expectRefusal(await api.postForm(PATHS.userResetPassword, admin, {}), 400, MSG.idRequired);
      expectRefusal(await api.post(PATHS.userDelete, admin, {}), 400, MSG.idRequired);
      expectRefusal(await api.get(PATHS.userDetail, admin), 400, MSG.idRequired);
    });

    it('answers 404 for an unknown id', async () => {
      expectRefusal(await api.get(PATHS.userDetail, admin, { id: 999999 }), 404, MSG.recordNotFound);
      expectRefusal(await api.postForm(PATHS.userResetPassword, admin, { id: 999999 }), 404, MSG.recordNotFound);
    });
  });

  describe('create', () => {
    it('stores name@parent with the role and lines, and answers the new id', async () => {
      const name = uniqueName('u');
      const id = await createViaApi(admin, { userName: name, roleId: adminRole, facLineVos: [{ factoryId, lineId: [line1, line2] }] });
      const { userDetail, factorys } = await detail(admin, id);
      expect(userDetail).toMatchObject({
        id,
        userName: `${name}@admin`,
        shortName: name,
        roleId: adminRole,
        status: 1,
        parentName: 'admin',
        mustChangePassword: true,
      });
      expect(userDetail.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(factorys).toEqual([{ factoryId, factoryName: expect.any(String), lineId: [line1, line2] }]);

      // the record is written after the answer is sent
      await expect.poll(() => lastSuccessLog(t.app, PATHS.userCreate)).toEqual({ summary: `新增用户 ${name}@admin`, targetId: String(id) });
    });

    it('gives the default password, to be changed at first sign-in', async () => {
      const { name } = await newUser();
      const first = await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
      expect(first.mustChangePassword).toBe(true);
      expectRefusal(await api.get(PATHS.roleAll, first.token), 403, MSG.mustChangePasswordFirst);
      dataOf(await api.postForm(PATHS.editPassword, first.token, { password: 'NewPassw0rd' }));
      const second = await loginAs(t.app, `${name}@admin`, 'NewPassw0rd');
      expect(second.mustChangePassword).toBe(false);
      expect(second.parentName).toBe('admin');
    });

    it('refuses a name already taken under the same parent (409) but not under another', async () => {
      const { name } = await newUser();
      expectRefusal(await api.post(PATHS.userCreate, admin, { userName: name, roleId: adminRole }), 409, MSG.userNameTaken);
      const manager = await createManager(t.app, MANAGER_GRANTS);
      const ownRole = await roleOwnedBy(manager.id);
      const id = await createViaApi(manager.token, { userName: name, roleId: ownRole });
      expect((await detail(manager.token, id)).userDetail.userName).toBe(`${name}@${manager.userName}`);
    });

    it('refuses a name that with its parent suffix passes the 64 characters of the column', async () => {
      const parent = await createViaApi(admin, { userName: `${uniqueName('p')}${'x'.repeat(32)}`.slice(0, 32), roleId: adminRole });
      const role = await roleOwnedBy(parent);
      expectRefusal(
        await api.post(PATHS.userCreate, admin, { parentId: parent, userName: 'y'.repeat(32), roleId: role }),
        400,
        MSG.userNameTooLong,
      );
    });

    it('offers only enabled roles of the parent account', async () => {
      const stopped = await createRole(dbOf(t.app), ['/account'], 0);
      const manager = await createManager(t.app, MANAGER_GRANTS);
      const othersRole = await roleOwnedBy(manager.id);
      for (const roleId of [stopped, othersRole, 999999]) {
        expectRefusal(await api.post(PATHS.userCreate, admin, { userName: uniqueName('u'), roleId }), 400, MSG.roleNotOffered);
      }
      // the administrator's own role is not offered under the manager either
      expectRefusal(
        await api.post(PATHS.userCreate, admin, { parentId: manager.id, userName: uniqueName('u'), roleId: adminRole }),
        400,
        MSG.roleNotOffered,
      );
      await createViaApi(admin, { parentId: manager.id, userName: uniqueName('u'), roleId: othersRole });
    });

    it('refuses unknown lines and lines named under the wrong factory', async () => {
      const otherFactory = await createFactory(dbOf(t.app));
      for (const facLineVos of [[{ factoryId, lineId: [999999] }], [{ factoryId: otherFactory, lineId: [line1] }]]) {
        expectRefusal(
          await api.post(PATHS.userCreate, admin, { userName: uniqueName('u'), roleId: adminRole, facLineVos }),
          400,
          MSG.lineNotOffered,
        );
      }
    });

    it('leaves nothing behind when refused', async () => {
      const name = uniqueName('u');
      await api.post(PATHS.userCreate, admin, { userName: name, roleId: adminRole, facLineVos: [{ factoryId, lineId: [line1, 999999] }] });
      const row = await dbOf(t.app).selectFrom('account').select('id').where('userName', '=', `${name}@admin`).executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe('list', () => {
    it('pages newest first and filters by name (contains, any case), status and parent', async () => {
      const tag = uniqueName('list');
      const ids: number[] = [];
      for (const suffix of ['a', 'b', 'c']) ids.push(await createViaApi(admin, { userName: `${tag}_${suffix}`, roleId: adminRole }));
      dataOf(await setStatus(admin, ids[0]!, 0));

      const all = dataOf<Page<UserRow>>(await api.get(PATHS.userList, admin, { userName: tag.toUpperCase(), page: 1, pageSize: 10 }));
      expect(all.list.map((row) => row.id)).toEqual([...ids].reverse());
      expect(all).toMatchObject({ total: 3, pageSize: 10, pageNum: 1 });
      expect(all.list[0]).toMatchObject({ roleId: adminRole, parentName: 'admin', mustChangePassword: true });

      const second = dataOf<Page<UserRow>>(await api.get(PATHS.userList, admin, { userName: tag, page: 2, pageSize: 2 }));
      expect(second.list.map((row) => row.id)).toEqual([ids[0]]);
      expect(second.total).toBe(3);

      const stopped = dataOf<Page<UserRow>>(await api.get(PATHS.userList, admin, { userName: tag, status: 0 }));
      expect(stopped.list.map((row) => row.id)).toEqual([ids[0]]);
      const everything = dataOf<Page<UserRow>>(await api.get(PATHS.userList, admin, { userName: tag, status: '', pageSize: 0 }));
      expect(everything.list).toHaveLength(3);

      const byParent = dataOf<Page<UserRow>>(await api.get(PATHS.userList, admin, { userName: tag, parentId: ids[1]! }));
      expect(byParent.total).toBe(0);
    });

    it('takes % and _ in the name filter literally', async () => {
      const tag = uniqueName('lit');
      await createViaApi(admin, { userName: `${tag}x1`, roleId: adminRole });
      const literal = dataOf<Page<UserRow>>(await api.get(PATHS.userList, admin, { userName: `${tag}_1` }));
      expect(literal.total).toBe(0);
      const percent = dataOf<Page<UserRow>>(await api.get(PATHS.userList, admin, { userName: `${tag}%` }));
      expect(percent.total).toBe(0);
    });

    it('never lists the platform administrator', async () => {
      const all = dataOf<Page<UserRow>>(await api.get(PATHS.userList, admin, { userName: 'admin', pageSize: 0 }));
      expect(all.list.some((row) => row.userName === 'admin')).toBe(false);
    });
  });

  describe('edit', () => {
    it('refuses an enabled user (409) and edits a stopped one: name keeps the suffix, role and lines replaced', async () => {
      const { id } = await newUser(admin, { facLineVos: [{ factoryId, lineId: [line1] }] });
      const secondRole = await createRole(dbOf(t.app), ['/role']);
      const renamed = uniqueName('renamed');
      const body = { id, userName: renamed, roleId: secondRole, facLineVos: [{ factoryId, lineId: [line2] }] };
      expectRefusal(await api.post(PATHS.userEdit, admin, body), 409, MSG.userEnabledCannotEdit);

      dataOf(await setStatus(admin, id, 0));
      expect(dataOf<number>(await api.post(PATHS.userEdit, admin, body))).toBe(id);
      const { userDetail, factorys } = await detail(admin, id);
      expect(userDetail).toMatchObject({ userName: `${renamed}@admin`, shortName: renamed, roleId: secondRole, status: 0 });
      expect(factorys.map((f) => f.lineId)).toEqual([[line2]]);

      dataOf(await api.post(PATHS.userEdit, admin, { ...body, facLineVos: [] }));
      expect((await detail(admin, id)).factorys).toEqual([]);
    });

    it('refuses a taken name, a role not offered, a changed parent and a line not offered', async () => {
      const { id } = await newUser();
      const other = await newUser();
      dataOf(await setStatus(admin, id, 0));
      const base = { id, userName: uniqueName('e'), roleId: adminRole };
      expectRefusal(await api.post(PATHS.userEdit, admin, { ...base, userName: other.name }), 409, MSG.userNameTaken);
      expectRefusal(await api.post(PATHS.userEdit, admin, { ...base, roleId: await roleOwnedBy(other.id) }), 400, MSG.roleNotOffered);
      expectRefusal(await api.post(PATHS.userEdit, admin, { ...base, parentId: other.id }), 400, MSG.userParentFixed);
      expectRefusal(
        await api.post(PATHS.userEdit, admin, { ...base, facLineVos: [{ factoryId, lineId: [999999] }] }),
        400,
        MSG.lineNotOffered,
      );
      // the same parent, sent back by the form, is fine
      const adminId = (await loginAsAdmin(t.app)).id;
      dataOf(await api.post(PATHS.userEdit, admin, { ...base, parentId: adminId }));
    });

    it('passes a new name down to the sub-users', async () => {
      const parent = await newUser();
      const child = await createViaApi(admin, { parentId: parent.id, userName: uniqueName('c'), roleId: await roleOwnedBy(parent.id) });
      const childName = (await detail(admin, child)).userDetail.shortName;
      dataOf(await setStatus(admin, parent.id, 0));
      const renamed = uniqueName('p');
      dataOf(await api.post(PATHS.userEdit, admin, { id: parent.id, userName: renamed, roleId: adminRole }));
      expect((await detail(admin, child)).userDetail).toMatchObject({
        userName: `${childName}@${renamed}@admin`,
        parentName: `${renamed}@admin`,
      });
    });
  });

  describe('reset password', () => {
    it('sets the default password, asks for a new one and ends every session, whatever the status', async () => {
      const { id, name } = await newUser();
      const session = await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
      dataOf(await api.postForm(PATHS.editPassword, session.token, { password: 'Own1Passw0rd' }));
      const own = await loginAs(t.app, `${name}@admin`, 'Own1Passw0rd');
      expect(own.mustChangePassword).toBe(false);

      dataOf(await api.postForm(PATHS.userResetPassword, admin, { id }));
      expect((await api.get(PATHS.roleAll, own.token)).statusCode).toBe(401);
      const again = await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
      expect(again.mustChangePassword).toBe(true);

      dataOf(await setStatus(admin, id, 0));
      dataOf(await api.postForm(PATHS.userResetPassword, admin, { id }));
    });

    it('tells the reset confirmation the default password, only to holders of the reset button', async () => {
      expect(dataOf(await api.get(PATHS.userDefaultPassword, admin))).toBe(DEFAULT_PASSWORD);
      const manager = await createManager(t.app, grantsWithout('/account', 'resetPassword'));
      expectRefusal(await api.get(PATHS.userDefaultPassword, manager.token), 403, MSG.noPermission);
    });
  });

  describe('status', () => {
    it('stops (ending the sessions at once) and starts; the same status again is refused (409)', async () => {
      const { id, name } = await newUser();
      const session = await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
      dataOf(await setStatus(admin, id, 0));
      const sessions = await dbOf(t.app).selectFrom('session').select('tokenHash').where('accountId', '=', id).execute();
      expect(sessions).toEqual([]);
      expect((await api.get(PATHS.roleAll, session.token)).statusCode).toBe(401);
      expect((await detail(admin, id)).userDetail.status).toBe(0);
      const login = await t.app.inject({ method: 'POST', url: PATHS.login, payload: { username: `${name}@admin`, password: DEFAULT_PASSWORD } });
      expect(login.json().errorMsg).toBe(MSG.accountStopped);
      expectRefusal(await setStatus(admin, id, 0), 409, MSG.userAlreadyDisabled);

      dataOf(await setStatus(admin, id, 1));
      expect((await detail(admin, id)).userDetail.status).toBe(1);
      expectRefusal(await setStatus(admin, id, 1), 409, MSG.userAlreadyEnabled);
      await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
    });

    it('accepts JSON as well as a form', async () => {
      const { id } = await newUser();
      dataOf(await api.post(PATHS.userChangeStatus, admin, { id, status: 0 }));
    });

    it('refuses to stop or delete the signed-in user itself (409)', async () => {
      const manager = await createManager(t.app, MANAGER_GRANTS);
      expectRefusal(await setStatus(manager.token, manager.id, 0), 409, MSG.cannotChangeSelf);
      expectRefusal(await api.post(PATHS.userDelete, manager.token, { id: manager.id }), 409, MSG.cannotChangeSelf);
      const adminId = (await loginAsAdmin(t.app)).id;
      expectRefusal(await setStatus(admin, adminId, 0), 409, MSG.cannotChangeSelf);
      expectRefusal(await api.post(PATHS.userDelete, admin, { id: adminId }), 409, MSG.cannotChangeSelf);
    });
  });

  describe('delete', () => {
    it('refuses an enabled user (409), then deletes it once stopped', async () => {
      const { id } = await newUser(admin, { facLineVos: [{ factoryId, lineId: [line1] }] });
      expectRefusal(await api.post(PATHS.userDelete, admin, { id }), 409, MSG.userEnabledCannotDelete);
      dataOf(await setStatus(admin, id, 0));
      dataOf(await api.post(PATHS.userDelete, admin, { id }));
      expectRefusal(await api.get(PATHS.userDetail, admin, { id }), 404, MSG.recordNotFound);
      expectRefusal(await api.post(PATHS.userDelete, admin, { id }), 404, MSG.recordNotFound);
      const lines = await dbOf(t.app).selectFrom('account_line').select('lineId').where('accountId', '=', id).execute();
      expect(lines).toEqual([]);
    });

    it('refuses a user with sub-users (409) and takes its own roles with it', async () => {
      const parent = await newUser();
      const ownRole = await roleOwnedBy(parent.id);
      const child = await createViaApi(admin, { parentId: parent.id, userName: uniqueName('c'), roleId: ownRole });
      dataOf(await setStatus(admin, parent.id, 0));
      expectRefusal(await api.post(PATHS.userDelete, admin, { id: parent.id }), 409, MSG.userHasChildren);

      dataOf(await setStatus(admin, child, 0));
      dataOf(await api.post(PATHS.userDelete, admin, { id: child }));
      dataOf(await api.post(PATHS.userDelete, admin, { id: parent.id }));
      const role = await dbOf(t.app).selectFrom('role').select('id').where('id', '=', ownRole).executeTakeFirst();
      expect(role).toBeUndefined();
    });
  });

  describe('line tree', () => {
    it('offers the administrator every enabled line and a sub-user only its own', async () => {
      const tree = dataOf<LineTree>(await api.get(PATHS.userLineTree, admin));
      const ours = tree.find((f) => f.factoryId === factoryId)!;
      expect(ours.lineList.map((l) => l.id)).toEqual([line1, line2]);
      expect(tree.flatMap((f) => f.lineList).some((l) => l.id === disabledLine)).toBe(false);

      const manager = await createManager(t.app, MANAGER_GRANTS, [line1, disabledLine]);
      const own = dataOf<LineTree>(await api.get(PATHS.userLineTree, manager.token));
      expect(own).toEqual([{ factoryId, factoryName: ours.factoryName, lineList: [ours.lineList[0]] }]);
    });

    it('lets a sub-user give only lines it holds itself', async () => {
      const manager = await createManager(t.app, MANAGER_GRANTS, [line1]);
      const roleId = await roleOwnedBy(manager.id);
      expectRefusal(
        await api.post(PATHS.userCreate, manager.token, { userName: uniqueName('u'), roleId, facLineVos: [{ factoryId, lineId: [line2] }] }),
        400,
        MSG.lineNotOffered,
      );
      const id = await createViaApi(manager.token, { userName: uniqueName('u'), roleId, facLineVos: [{ factoryId, lineId: [line1] }] });
      expect((await detail(manager.token, id)).factorys[0]?.lineId).toEqual([line1]);
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
      expectRefusal(await api.post(url, manager.token, {}), 403, MSG.noPermission);
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
      expectRefusal(await api.get(PATHS.userList, outsider.token), 403, MSG.noPermission);
      expectRefusal(await api.get(PATHS.userDetail, outsider.token, { id: outsider.id }), 403, MSG.noPermission);
      expectRefusal(await api.get(PATHS.userLineTree, outsider.token), 403, MSG.noPermission);
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
      a = await createManager(t.app, MANAGER_GRANTS, [line1]);
      b = await createManager(t.app, MANAGER_GRANTS, [line2]);
      roleOfA = await roleOwnedBy(a.id, a.token);
      const facLineVos = [{ factoryId, lineId: [line1] }];
      userOfA = await createViaApi(a.token, { userName: uniqueName('ua'), roleId: roleOfA, facLineVos });
      const roleOfUser = await roleOwnedBy(userOfA, a.token);
      grandchildOfA = await createViaApi(a.token, { parentId: userOfA, userName: uniqueName('g'), roleId: roleOfUser });
    });

    it("lists only the account's own subtree", async () => {
      const listA = dataOf<Page<UserRow>>(await api.get(PATHS.userList, a.token, { pageSize: 0 }));
      expect(listA.list.map((row) => row.id).sort((x, y) => x - y)).toEqual([userOfA, grandchildOfA].sort((x, y) => x - y));
      const listB = dataOf<Page<UserRow>>(await api.get(PATHS.userList, b.token, { pageSize: 0 }));
      expect(listB).toMatchObject({ list: [], total: 0 });
      const listAdmin = dataOf<Page<UserRow>>(await api.get(PATHS.userList, admin, { pageSize: 0 }));
      const adminSees = listAdmin.list.map((row) => row.id);
      expect(adminSees).toEqual(expect.arrayContaining([a.id, b.id, userOfA, grandchildOfA]));
    });

    it("answers 404 to every call on another account's user", async () => {
      expectRefusal(await api.get(PATHS.userDetail, b.token, { id: userOfA }), 404, MSG.recordNotFound);
      expectRefusal(await api.get(PATHS.userDetail, b.token, { id: a.id }), 404, MSG.recordNotFound);
      expectRefusal(await api.post(PATHS.userEdit, b.token, { id: userOfA, userName: 'x_y', roleId: roleOfA }), 404, MSG.recordNotFound);
      expectRefusal(await api.postForm(PATHS.userResetPassword, b.token, { id: userOfA }), 404, MSG.recordNotFound);
      expectRefusal(await setStatus(b.token, userOfA, 0), 404, MSG.recordNotFound);
      expectRefusal(await api.post(PATHS.userDelete, b.token, { id: userOfA }), 404, MSG.recordNotFound);
      expectRefusal(await api.get(PATHS.userDetail, a.token, { id: b.id }), 404, MSG.recordNotFound);
      expect((await detail(a.token, userOfA)).userDetail.status).toBe(1);
    });

    it("refuses to create under another account or with another account's role", async () => {
      expectRefusal(await api.post(PATHS.userCreate, b.token, { parentId: a.id, userName: uniqueName('x'), roleId: roleOfA }), 404, MSG.recordNotFound);
      expectRefusal(await api.post(PATHS.userCreate, b.token, { userName: uniqueName('x'), roleId: roleOfA }), 400, MSG.roleNotOffered);
      expectRefusal(await api.get(PATHS.roleAll, b.token, { id: a.id }), 404, MSG.recordNotFound);
    });

    it('lets an account manage its whole subtree, and its sub-users nothing above them', async () => {
      const child = await detail(a.token, grandchildOfA);
      expect(child.userDetail.userName.endsWith(`@${(await detail(a.token, userOfA)).userDetail.userName}`)).toBe(true);
      expect(dataOf<{ id: number }[]>(await api.get(PATHS.roleAll, a.token, { id: userOfA })).length).toBe(1);
      expect(dataOf<{ id: number; roleName: string }[]>(await api.get(PATHS.roleAll, a.token)).map((r) => r.id)).toEqual([roleOfA]);
      expectRefusal(await api.get(PATHS.roleAll, a.token, { id: (await loginAsAdmin(t.app)).id }), 404, MSG.recordNotFound);
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
