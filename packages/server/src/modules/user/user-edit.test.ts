import { MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createManager, createRole, grantsWithout, unique } from '../../../test/factories/index.js';
import { dataOf, expectRefusal } from '../../../test/answers.js';
import { dbOf, loginAs, loginAsAdmin } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { userApi, DEFAULT_PASSWORD, MANAGER_GRANTS } from '../../../test/user-api.js';

describe.each(testDialects())('users on %s', (dialect) => {
  const t = withTestApp(dialect);
  const shared = userApi(t);
  const { createViaApi, newUser, detail, setStatus, roleOwnedBy } = shared;

  describe('edit', () => {
    it('refuses an enabled user (409) and edits a stopped one: name keeps the suffix, role and lines replaced', async () => {
      const { id } = await newUser(t.admin, { facLineVos: [{ factoryId: shared.factoryId, lineId: [shared.line1] }] });
      const secondRole = await createRole(dbOf(t.app), ['/role']);
      const renamed = unique('renamed');
      const body = { id, userName: renamed, roleId: secondRole, facLineVos: [{ factoryId: shared.factoryId, lineId: [shared.line2] }] };
      expectRefusal(await shared.api.post(PATHS.userEdit, t.admin, body), 409, MSG.userEnabledCannotEdit);

      dataOf(await setStatus(t.admin, id, 0));
      expect(dataOf<number>(await shared.api.post(PATHS.userEdit, t.admin, body))).toBe(id);
      const { userDetail, factorys } = await detail(t.admin, id);
      expect(userDetail).toMatchObject({ userName: `${renamed}@admin`, shortName: renamed, roleId: secondRole, status: 0 });
      expect(factorys.map((f) => f.lineId)).toEqual([[shared.line2]]);

      dataOf(await shared.api.post(PATHS.userEdit, t.admin, { ...body, facLineVos: [] }));
      expect((await detail(t.admin, id)).factorys).toEqual([]);
    });

    it('refuses a taken name, a role not offered, a changed parent and a line not offered', async () => {
      const { id } = await newUser();
      const other = await newUser();
      dataOf(await setStatus(t.admin, id, 0));
      const base = { id, userName: unique('e'), roleId: shared.adminRole };
      expectRefusal(await shared.api.post(PATHS.userEdit, t.admin, { ...base, userName: other.name }), 409, MSG.userNameTaken);
      expectRefusal(await shared.api.post(PATHS.userEdit, t.admin, { ...base, roleId: await roleOwnedBy(other.id) }), 400, MSG.roleNotOffered);
      expectRefusal(await shared.api.post(PATHS.userEdit, t.admin, { ...base, parentId: other.id }), 400, MSG.userParentFixed);
      expectRefusal(
        await shared.api.post(PATHS.userEdit, t.admin, { ...base, facLineVos: [{ factoryId: shared.factoryId, lineId: [999999] }] }),
        400,
        MSG.lineNotOffered,
      );
      // the same parent, sent back by the form, is fine
      const adminId = (await loginAsAdmin(t.app)).id;
      dataOf(await shared.api.post(PATHS.userEdit, t.admin, { ...base, parentId: adminId }));
    });

    it('passes a new name down to the sub-users', async () => {
      const parent = await newUser();
      const child = await createViaApi(t.admin, { parentId: parent.id, userName: unique('c'), roleId: await roleOwnedBy(parent.id) });
      const childName = (await detail(t.admin, child)).userDetail.shortName;
      dataOf(await setStatus(t.admin, parent.id, 0));
      const renamed = unique('p');
      dataOf(await shared.api.post(PATHS.userEdit, t.admin, { id: parent.id, userName: renamed, roleId: shared.adminRole }));
      expect((await detail(t.admin, child)).userDetail).toMatchObject({
        userName: `${childName}@${renamed}@admin`,
        parentName: `${renamed}@admin`,
      });
    });
  });

  describe('reset password', () => {
    it('sets the default password, asks for a new one and ends every session, whatever the status', async () => {
      const { id, name } = await newUser();
      const session = await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
      dataOf(await shared.api.postForm(PATHS.editPassword, session.token, { password: 'Own1Passw0rd' }));
      const own = await loginAs(t.app, `${name}@admin`, 'Own1Passw0rd');
      expect(own.mustChangePassword).toBe(false);

      dataOf(await shared.api.postForm(PATHS.userResetPassword, t.admin, { id }));
      expect((await shared.api.get(PATHS.roleAll, own.token)).statusCode).toBe(401);
      const again = await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
      expect(again.mustChangePassword).toBe(true);

      dataOf(await setStatus(t.admin, id, 0));
      dataOf(await shared.api.postForm(PATHS.userResetPassword, t.admin, { id }));
    });

    it('tells the reset confirmation the default password, only to holders of the reset button', async () => {
      expect(dataOf(await shared.api.get(PATHS.userDefaultPassword, t.admin))).toBe(DEFAULT_PASSWORD);
      const manager = await createManager(t.app, grantsWithout('/account', 'resetPassword'));
      expectRefusal(await shared.api.get(PATHS.userDefaultPassword, manager.token), 403, MSG.noPermission);
    });
  });

  describe('status', () => {
    it('stops (ending the sessions at once) and starts; the same status again is refused (409)', async () => {
      const { id, name } = await newUser();
      const session = await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
      dataOf(await setStatus(t.admin, id, 0));
      const sessions = await dbOf(t.app).selectFrom('session').select('tokenHash').where('accountId', '=', id).execute();
      expect(sessions).toEqual([]);
      expect((await shared.api.get(PATHS.roleAll, session.token)).statusCode).toBe(401);
      expect((await detail(t.admin, id)).userDetail.status).toBe(0);
      const login = await t.app.inject({ method: 'POST', url: PATHS.login, payload: { username: `${name}@admin`, password: DEFAULT_PASSWORD } });
      expect(login.json().errorMsg).toBe(MSG.accountStopped);
      expectRefusal(await setStatus(t.admin, id, 0), 409, MSG.userAlreadyDisabled);

      dataOf(await setStatus(t.admin, id, 1));
      expect((await detail(t.admin, id)).userDetail.status).toBe(1);
      expectRefusal(await setStatus(t.admin, id, 1), 409, MSG.userAlreadyEnabled);
      await loginAs(t.app, `${name}@admin`, DEFAULT_PASSWORD);
    });

    it('accepts JSON as well as a form', async () => {
      const { id } = await newUser();
      dataOf(await shared.api.post(PATHS.userChangeStatus, t.admin, { id, status: 0 }));
    });

    it('refuses to stop or delete the signed-in user itself (409)', async () => {
      const manager = await createManager(t.app, MANAGER_GRANTS);
      expectRefusal(await setStatus(manager.token, manager.id, 0), 409, MSG.cannotChangeSelf);
      expectRefusal(await shared.api.post(PATHS.userDelete, manager.token, { id: manager.id }), 409, MSG.cannotChangeSelf);
      const adminId = (await loginAsAdmin(t.app)).id;
      expectRefusal(await setStatus(t.admin, adminId, 0), 409, MSG.cannotChangeSelf);
      expectRefusal(await shared.api.post(PATHS.userDelete, t.admin, { id: adminId }), 409, MSG.cannotChangeSelf);
    });
  });

  describe('delete', () => {
    it('refuses an enabled user (409), then deletes it once stopped', async () => {
      const { id } = await newUser(t.admin, { facLineVos: [{ factoryId: shared.factoryId, lineId: [shared.line1] }] });
      expectRefusal(await shared.api.post(PATHS.userDelete, t.admin, { id }), 409, MSG.userEnabledCannotDelete);
      dataOf(await setStatus(t.admin, id, 0));
      dataOf(await shared.api.post(PATHS.userDelete, t.admin, { id }));
      expectRefusal(await shared.api.get(PATHS.userDetail, t.admin, { id }), 404, MSG.recordNotFound);
      expectRefusal(await shared.api.post(PATHS.userDelete, t.admin, { id }), 404, MSG.recordNotFound);
      const lines = await dbOf(t.app).selectFrom('account_line').select('lineId').where('accountId', '=', id).execute();
      expect(lines).toEqual([]);
    });

    it('refuses a user with sub-users (409) and takes its own roles with it', async () => {
      const parent = await newUser();
      const ownRole = await roleOwnedBy(parent.id);
      const child = await createViaApi(t.admin, { parentId: parent.id, userName: unique('c'), roleId: ownRole });
      dataOf(await setStatus(t.admin, parent.id, 0));
      expectRefusal(await shared.api.post(PATHS.userDelete, t.admin, { id: parent.id }), 409, MSG.userHasChildren);

      dataOf(await setStatus(t.admin, child, 0));
      dataOf(await shared.api.post(PATHS.userDelete, t.admin, { id: child }));
      dataOf(await shared.api.post(PATHS.userDelete, t.admin, { id: parent.id }));
      const role = await dbOf(t.app).selectFrom('role').select('id').where('id', '=', ownRole).executeTakeFirst();
      expect(role).toBeUndefined();
    });
  });
});
