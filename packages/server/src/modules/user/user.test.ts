import { MSG, PATHS, type UserRow, type Page } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createFactory, createManager, createRole, unique } from '../../../test/factories/index.js';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { dbOf, loginAs } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { userApi, DEFAULT_PASSWORD, MANAGER_GRANTS } from '../../../test/user-api.js';

describe.each(testDialects())('users on %s', (dialect) => {
  const t = withTestApp(dialect);
  const shared = userApi(t);
  const { createViaApi, newUser, detail, setStatus, roleOwnedBy } = shared;

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
      expectRefusal(await shared.api.post(PATHS.userCreate, t.admin, body), 400, message);
    });

    it.each([
      [{ id: 1, userName: '' , roleId: 1 }, MSG.userNameRequired],
      [{ id: 1, userName: 'a', roleId: 1 }, MSG.userNameRule],
      [{ id: 1, userName: 'ok_name' }, MSG.roleRequired],
      [{ userName: 'ok_name', roleId: 1 }, MSG.idRequired],
    ])('refuses an edit %j with its message', async (body, message) => {
      expectRefusal(await shared.api.post(PATHS.userEdit, t.admin, body), 400, message);
    });

    it('accepts the 2- and 32-character limits of the name', async () => {
      await createViaApi(t.admin, { userName: `a${unique('').slice(0, 1)}`.slice(0, 2), roleId: shared.adminRole });
      const long = `${unique('n')}${'x'.repeat(32)}`.slice(0, 32);
      const id = await createViaApi(t.admin, { userName: long, roleId: shared.adminRole });
      expect((await detail(t.admin, id)).userDetail.shortName).toBe(long);
    });

    it('refuses a bad status or a missing id on a status change, reset or delete', async () => {
      expectRefusal(await shared.api.postForm(PATHS.userChangeStatus, t.admin, { id: 1, status: 2 }), 400, MSG.statusRule);
      expectRefusal(await shared.api.postForm(PATHS.userChangeStatus, t.admin, { status: 1 }), 400, MSG.idRequired);
      expectRefusal(await shared.api.postForm(PATHS.userResetPassword, t.admin, {}), 400, MSG.idRequired);
      expectRefusal(await shared.api.post(PATHS.userDelete, t.admin, {}), 400, MSG.idRequired);
      expectRefusal(await shared.api.get(PATHS.userDetail, t.admin), 400, MSG.idRequired);
    });

    it('answers 404 for an unknown id', async () => {
      expectRefusal(await shared.api.get(PATHS.userDetail, t.admin, { id: 999999 }), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.postForm(PATHS.userResetPassword, t.admin, { id: 999999 }), 404, MSG.recordNotFound);
    });
  });

  describe('create', () => {
    it('stores name@parent with the role and lines, and answers the new id', async () => {
      const name = unique('u');
      const id = await createViaApi(t.admin, { userName: name, roleId: shared.adminRole, facLineVos: [{ factoryId: shared.factoryId, lineId: [shared.line1, shared.line2] }] });
      const { userDetail, factorys } = await detail(t.admin, id);
      expect(userDetail).toMatchObject({
        id,
        userName: `${name}@admin`,
        shortName: name,
        roleId: shared.adminRole,
        status: 1,
        parentName: 'admin',
        mustChangePassword: true,
      });
      expect(userDetail.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(factorys).toEqual([{ factoryId: shared.factoryId, factoryName: expect.any(String), lineId: [shared.line1, shared.line2] }]);

      // the record is written after the answer is sent
      await expect.poll(() => lastSuccessLog(t.app, PATHS.userCreate)).toEqual({ summary: `新增用户 ${name}@admin`, targetId: String(id) });
    });

    it('gives the default password, to be changed at first sign-in', async () => {
      const { name } = await newUser();
      const first = await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
      expect(first.mustChangePassword).toBe(true);
      expectRefusal(await shared.api.get(PATHS.roleAll, first.token), 403, MSG.mustChangePasswordFirst);
      dataOf(await shared.api.postForm(PATHS.editPassword, first.token, { password: 'NewPassw0rd' }));
      const second = await loginAs(t.app, `${name}@admin`, 'NewPassw0rd');
      expect(second.mustChangePassword).toBe(false);
      expect(second.parentName).toBe('admin');
    });

    it('refuses a name already taken under the same parent (409) but not under another', async () => {
      const { name } = await newUser();
      expectRefusal(await shared.api.post(PATHS.userCreate, t.admin, { userName: name, roleId: shared.adminRole }), 409, MSG.userNameTaken);
      const manager = await createManager(t.app, MANAGER_GRANTS);
      const ownRole = await roleOwnedBy(manager.id);
      const id = await createViaApi(manager.token, { userName: name, roleId: ownRole });
      expect((await detail(manager.token, id)).userDetail.userName).toBe(`${name}@${manager.userName}`);
    });

    it('refuses a name that with its parent suffix passes the 64 characters of the column', async () => {
      const parent = await createViaApi(t.admin, { userName: `${unique('p')}${'x'.repeat(32)}`.slice(0, 32), roleId: shared.adminRole });
      const role = await roleOwnedBy(parent);
      expectRefusal(
        await shared.api.post(PATHS.userCreate, t.admin, { parentId: parent, userName: 'y'.repeat(32), roleId: role }),
        400,
        MSG.userNameTooLong,
      );
    });

    it('offers only enabled roles of the parent account', async () => {
      const stopped = await createRole(dbOf(t.app), ['/account'], 0);
      const manager = await createManager(t.app, MANAGER_GRANTS);
      const othersRole = await roleOwnedBy(manager.id);
      for (const roleId of [stopped, othersRole, 999999]) {
        expectRefusal(await shared.api.post(PATHS.userCreate, t.admin, { userName: unique('u'), roleId }), 400, MSG.roleNotOffered);
      }
      // the administrator's own role is not offered under the manager either
      expectRefusal(
        await shared.api.post(PATHS.userCreate, t.admin, { parentId: manager.id, userName: unique('u'), roleId: shared.adminRole }),
        400,
        MSG.roleNotOffered,
      );
      await createViaApi(t.admin, { parentId: manager.id, userName: unique('u'), roleId: othersRole });
    });

    it('refuses unknown lines and lines named under the wrong factory', async () => {
      const otherFactory = await createFactory(dbOf(t.app), { ownerId: null });
      for (const facLineVos of [[{ factoryId: shared.factoryId, lineId: [999999] }], [{ factoryId: otherFactory, lineId: [shared.line1] }]]) {
        expectRefusal(
          await shared.api.post(PATHS.userCreate, t.admin, { userName: unique('u'), roleId: shared.adminRole, facLineVos }),
          400,
          MSG.lineNotOffered,
        );
      }
    });

    it('leaves nothing behind when refused', async () => {
      const name = unique('u');
      await shared.api.post(PATHS.userCreate, t.admin, { userName: name, roleId: shared.adminRole, facLineVos: [{ factoryId: shared.factoryId, lineId: [shared.line1, 999999] }] });
      const row = await dbOf(t.app).selectFrom('account').select('id').where('userName', '=', `${name}@admin`).executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe('list', () => {
    it('pages newest first and filters by name (contains, any case), status and parent', async () => {
      const tag = unique('list');
      const ids: number[] = [];
      for (const suffix of ['a', 'b', 'c']) ids.push(await createViaApi(t.admin, { userName: `${tag}_${suffix}`, roleId: shared.adminRole }));
      dataOf(await setStatus(t.admin, ids[0]!, 0));

      const all = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, t.admin, { userName: tag.toUpperCase(), page: 1, pageSize: 10 }));
      expect(all.list.map((row) => row.id)).toEqual([...ids].reverse());
      expect(all).toMatchObject({ total: 3, pageSize: 10, pageNum: 1 });
      expect(all.list[0]).toMatchObject({ roleId: shared.adminRole, parentName: 'admin', mustChangePassword: true });

      const second = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, t.admin, { userName: tag, page: 2, pageSize: 2 }));
      expect(second.list.map((row) => row.id)).toEqual([ids[0]]);
      expect(second.total).toBe(3);

      const stopped = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, t.admin, { userName: tag, status: 0 }));
      expect(stopped.list.map((row) => row.id)).toEqual([ids[0]]);
      const everything = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, t.admin, { userName: tag, status: '', pageSize: 0 }));
      expect(everything.list).toHaveLength(3);

      const byParent = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, t.admin, { userName: tag, parentId: ids[1]! }));
      expect(byParent.total).toBe(0);
    });

    it('takes % and _ in the name filter literally', async () => {
      const tag = unique('lit');
      await createViaApi(t.admin, { userName: `${tag}x1`, roleId: shared.adminRole });
      const literal = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, t.admin, { userName: `${tag}_1` }));
      expect(literal.total).toBe(0);
      const percent = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, t.admin, { userName: `${tag}%` }));
      expect(percent.total).toBe(0);
    });

    it('never lists the platform administrator', async () => {
      const all = dataOf<Page<UserRow>>(await shared.api.get(PATHS.userList, t.admin, { userName: 'admin', pageSize: 0 }));
      expect(all.list.some((row) => row.userName === 'admin')).toBe(false);
    });
  });
});
