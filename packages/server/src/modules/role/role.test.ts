import { MSG, PATHS, type RoleRow, type Page } from '@factory/contracts';
import { describe, expect, it } from 'vitest';
import {
  createManager,
  createUser,
  grantsWithout,
  grantVo,
  MANAGER_PASSWORD,
  menuIdOf,
  unique,
  uniqueRoleName,
} from '../../../test/factories/index.js';
import { dataOf, expectRefusal, lastSuccessLog } from '../../../test/answers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';
import { copyName } from './role.service.js';
import { roleApi, MANAGER_GRANTS } from '../../../test/role-api.js';

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
  const t = withTestApp(dialect, { signIn: false });
  const shared = roleApi(t);
  const { db, createViaApi, newRole, detail, setStatus, row } = shared;

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
      expectRefusal(await shared.api.post(PATHS.roleCreate, shared.admin, body), 400, message);
    });

    it.each([
      [{ id: 1, roleName: '' }, MSG.roleNameRequired],
      [{ id: 1, roleName: 'a' }, MSG.roleNameRule],
      [{ id: 1, roleName: '好名字', roleMenuFunctionVOS: [] }, MSG.rolePermissionRequired],
      [{ roleName: '好名字', roleMenuFunctionVOS: [{ menuId: 1 }] }, MSG.idRequired],
    ])('refuses an edit %j with its message', async (body, message) => {
      expectRefusal(await shared.api.post(PATHS.roleEdit, shared.admin, body), 400, message);
    });

    it('accepts names of 2 to 12 Chinese characters, letters, digits and underscores', async () => {
      const vo = await grantVo(db(), '/account');
      for (const roleName of [`质${unique('').slice(-1)}`, `${uniqueRoleName('质检_')}xxxxxxxxxxxx`.slice(0, 12)]) {
        await createViaApi(shared.admin, { roleName, roleMenuFunctionVOS: [vo] });
      }
    });

    it('refuses a bad status or a missing id on a status change, copy or delete', async () => {
      expectRefusal(await setStatus(shared.admin, 1, 5 as 0), 400, MSG.statusRule);
      expectRefusal(await shared.api.post(PATHS.roleCopy, shared.admin, {}), 400, MSG.idRequired);
      expectRefusal(await shared.api.post(PATHS.roleDelete, shared.admin, {}), 400, MSG.idRequired);
      expectRefusal(await shared.api.get(PATHS.roleDetail, shared.admin, { id: 999999 }), 404, MSG.recordNotFound);
    });
  });

  describe('create', () => {
    it('stores the granted menus with their groups and buttons, owned by the caller', async () => {
      const roleName = uniqueRoleName();
      const id = await createViaApi(shared.admin, {
        roleName,
        roleMenuFunctionVOS: [await grantVo(db(), '/account', 'add', 'edit'), await grantVo(db(), '/role')],
      });
      const role = await detail(shared.admin, id);
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
      expect(await row(shared.admin, id)).toMatchObject({ roleName, status: 1, ownerId: shared.adminId, userCount: 0 });
      await expect.poll(async () => (await lastSuccessLog(t.app, PATHS.roleCreate))?.summary).toBe(`新增角色 ${roleName}`);
    });

    it('refuses a name the owner already uses (409), not one another owner uses', async () => {
      const { roleName } = await newRole();
      const vo = await grantVo(db(), '/account');
      expectRefusal(await shared.api.post(PATHS.roleCreate, shared.admin, { roleName, roleMenuFunctionVOS: [vo] }), 409, MSG.roleNameTaken);
      const manager = await createManager(t.app, MANAGER_GRANTS);
      await createViaApi(manager.token, { roleName, roleMenuFunctionVOS: [vo] });
      await createViaApi(shared.admin, { puserId: manager.id, roleName: uniqueRoleName(), roleMenuFunctionVOS: [vo] });
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
        const response = await shared.api.post(PATHS.roleCreate, shared.admin, { roleName: uniqueRoleName(), roleMenuFunctionVOS });
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
        const response = await shared.api.post(PATHS.roleCreate, manager.token, { roleName: uniqueRoleName(), roleMenuFunctionVOS });
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
        ids.push(await createViaApi(shared.admin, { roleName: `${tag.slice(0, 10)}_${suffix}`, roleMenuFunctionVOS: [vo] }));
      }
      await createUser(db(), `${unique('holder')}@shared.admin`, MANAGER_PASSWORD, { roleId: ids[1]! });
      await createUser(db(), `${unique('holder')}@shared.admin`, MANAGER_PASSWORD, { roleId: ids[1]! });
      dataOf(await setStatus(shared.admin, ids[0]!, 0));

      const query = { roleName: tag.slice(0, 10).toUpperCase() };
      const page = dataOf<Page<RoleRow>>(await shared.api.get(PATHS.roleList, shared.admin, { ...query, page: 1, pageSize: 10 }));
      expect(page.list.map((r) => r.id)).toEqual([...ids].reverse());
      expect(page.list.map((r) => r.userCount)).toEqual([0, 2, 0]);
      expect(page).toMatchObject({ total: 3, pageNum: 1, pageSize: 10 });
      expect(page.list[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const second = dataOf<Page<RoleRow>>(await shared.api.get(PATHS.roleList, shared.admin, { ...query, page: 2, pageSize: 2 }));
      expect(second.list.map((r) => r.id)).toEqual([ids[0]]);
      const stopped = dataOf<Page<RoleRow>>(await shared.api.get(PATHS.roleList, shared.admin, { ...query, status: 0 }));
      expect(stopped.list.map((r) => r.id)).toEqual([ids[0]]);
      const byOwner = dataOf<Page<RoleRow>>(await shared.api.get(PATHS.roleList, shared.admin, { ...query, puserId: shared.adminId }));
      expect(byOwner.total).toBe(3);
      const otherOwner = dataOf<Page<RoleRow>>(await shared.api.get(PATHS.roleList, shared.admin, { ...query, puserId: 999999 }));
      expect(otherOwner.total).toBe(0);
    });
  });
});
