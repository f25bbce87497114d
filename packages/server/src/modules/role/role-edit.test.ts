import { MSG, PATHS } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import { createManager, createUser, grantVo, MANAGER_PASSWORD, menuIdOf, unique, uniqueRoleName } from '../../../test/factories/index.js';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { loginAs } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { copyName } from './role.service.js';
import { roleApi, MANAGER_GRANTS } from '../../../test/role-api.js';

describe.each(testDialects())('roles on %s', (dialect) => {
  const t = withTestApp(dialect, { signIn: false });
  const shared = roleApi(t);
  const { db, newRole, detail, setStatus, row } = shared;

  describe('edit', () => {
    it('refuses an enabled role (409) and edits a stopped one: name and grants replaced', async () => {
      const { id } = await newRole();
      const renamed = uniqueRoleName('改');
      const body = { id, roleName: renamed, roleMenuFunctionVOS: [await grantVo(db(), '/role', 'copy')] };
      expectRefusal(await shared.api.post(PATHS.roleEdit, shared.admin, body), 409, MSG.roleEnabledCannotEdit);
      dataOf(await setStatus(shared.admin, id, 0));
      expect(dataOf<number>(await shared.api.post(PATHS.roleEdit, shared.admin, body))).toBe(id);
      const role = await detail(shared.admin, id);
      expect(role.roleName).toBe(renamed);
      const copyButton = await menuIdOf(db(), '/role', 'copy');
      expect(role.roleMenuFunctionVOS.at(-1)).toEqual({ menuId: await menuIdOf(db(), '/role'), funList: [copyButton] });
      expect(role.roleMenuFunctionVOS.map((vo) => vo.menuId)).not.toContain(await menuIdOf(db(), '/account'));
    });

    it('refuses a taken name, a new owner and a node not offered', async () => {
      const { id } = await newRole();
      const other = await newRole();
      dataOf(await setStatus(shared.admin, id, 0));
      const base = { id, roleName: uniqueRoleName(), roleMenuFunctionVOS: [await grantVo(db(), '/account')] };
      expectRefusal(await shared.api.post(PATHS.roleEdit, shared.admin, { ...base, roleName: other.roleName }), 409, MSG.roleNameTaken);
      const manager = await createManager(t.app, MANAGER_GRANTS);
      expectRefusal(await shared.api.post(PATHS.roleEdit, shared.admin, { ...base, puserId: manager.id }), 400, MSG.roleOwnerFixed);
      expectRefusal(
        await shared.api.post(PATHS.roleEdit, shared.admin, { ...base, roleMenuFunctionVOS: [await grantVo(db(), '/productionLine')] }),
        400,
        MSG.rolePermissionNotOffered,
      );
      dataOf(await shared.api.post(PATHS.roleEdit, shared.admin, { ...base, puserId: shared.adminId }));
    });
  });

  describe('copy', () => {
    it('makes a stopped role of the same owner with the same grants, whatever the status', async () => {
      const { id, roleName } = await newRole();
      const copyId = dataOf<number>(await shared.api.post(PATHS.roleCopy, shared.admin, { id }));
      const original = await detail(shared.admin, id);
      const copy = await detail(shared.admin, copyId);
      expect(copy).toEqual({ ...original, id: copyId, roleName: copyName(roleName, new Set()), status: 0 });
      expect(copy.roleName.endsWith('_副本')).toBe(true);
      expect(await row(shared.admin, copyId)).toMatchObject({ ownerId: shared.adminId, status: 0 });

      const second = dataOf<number>(await shared.api.post(PATHS.roleCopy, shared.admin, { id }));
      expect((await detail(shared.admin, second)).roleName.endsWith('_副本2')).toBe(true);
      // a stopped role copies too
      const third = dataOf<number>(await shared.api.post(PATHS.roleCopy, shared.admin, { id: copyId }));
      expect((await detail(shared.admin, third)).roleMenuFunctionVOS).toEqual(original.roleMenuFunctionVOS);
      const thirdName = (await detail(shared.admin, third)).roleName;
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.roleCopy))?.summary).toBe(`复制角色为 ${thirdName}`);
    });
  });

  describe('status', () => {
    it('stops and starts; the same status again is refused (409); a stopped role grants nothing', async () => {
      const { id } = await newRole();
      const userName = `${unique('holder')}@shared.admin`;
      await createUser(db(), userName, MANAGER_PASSWORD, { roleId: id });
      const session = await loginAs(t.app, userName, MANAGER_PASSWORD);
      dataOf(await shared.api.get(PATHS.userList, session.token));

      dataOf(await setStatus(shared.admin, id, 0));
      expectRefusal(await setStatus(shared.admin, id, 0), 409, MSG.roleAlreadyDisabled);
      // the session stays, the grants go
      dataOf(await shared.api.get(PATHS.roleAll, session.token));
      expectRefusal(await shared.api.get(PATHS.userList, session.token), 403, MSG.noPermission);
      expect((await loginAs(t.app, userName, MANAGER_PASSWORD)).roleDetailDTO.roleMenuFunctionVOS).toEqual([]);

      dataOf(await setStatus(shared.admin, id, 1));
      expectRefusal(await setStatus(shared.admin, id, 1), 409, MSG.roleAlreadyEnabled);
      dataOf(await shared.api.get(PATHS.userList, session.token));
    });
  });

  describe('delete', () => {
    it('refuses an enabled role and a role in use (409), deletes a stopped unused one', async () => {
      const { id } = await newRole();
      expectRefusal(await shared.api.post(PATHS.roleDelete, shared.admin, { id }), 409, MSG.roleEnabledCannotDelete);
      dataOf(await setStatus(shared.admin, id, 0));
      const holder = await createUser(db(), `${unique('holder')}@shared.admin`, MANAGER_PASSWORD, { roleId: id });
      expectRefusal(await shared.api.post(PATHS.roleDelete, shared.admin, { id }), 409, MSG.roleInUse);

      await db().updateTable('account').set({ roleId: null }).where('id', '=', holder).execute();
      dataOf(await shared.api.post(PATHS.roleDelete, shared.admin, { id }));
      expectRefusal(await shared.api.get(PATHS.roleDetail, shared.admin, { id }), 404, MSG.recordNotFound);
      const nodes = await db().selectFrom('role_menu').select('menuId').where('roleId', '=', id).execute();
      expect(nodes).toEqual([]);
    });
  });
});
