import { MENUS, USER_ENDPOINTS as USER, type UserRow } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../platform/module-context.js';
import { hashPassword } from '../../platform/password.js';
import { route } from '../../platform/route.js';
import { subtreeIds } from '../../platform/scope.js';
import { statusPermission } from '../../platform/status-permission.js';
import { formatTime } from '../../platform/time.js';
import { accountFactories, enabledLineTree, findUserRow, listUsers } from './user.repository.js';
import { changeUserStatus, createUser, deleteUser, editUser, manageableUser, resetPassword, shortUserName } from './user.service.js';

export function userRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  type Row = NonNullable<Awaited<ReturnType<typeof findUserRow>>>;
  const toRow = (row: Row): UserRow => ({
    id: row.id,
    userName: row.userName,
    roleId: row.roleId,
    roleName: row.roleName,
    createTime: formatTime(Number(row.createTime), config.timeZone),
    status: row.status,
    parentId: row.parentId,
    parentName: row.parentName,
    mustChangePassword: row.mustChangePassword === 1,
  });

  // The operation log names the user a call touched (request.operationSummary); the handler knows the name only after reading the row.
  return async (app) => {
    route(app, USER.userList, async (request) => {
      const { account: viewer } = await request.scope();
      const { page, pageSize, userName, parentId, status } = request.query;
      // A sub-user sees the accounts below it, never itself nor anything above.
      const scope = viewer.platformAdmin ? null : (await subtreeIds(db.kysely, viewer.id)).filter((id) => id !== viewer.id);
      const { rows, total } = await listUsers(db.kysely, { scope, userName, parentId, status, page, pageSize });
      return { list: rows.map(toRow), total, pageSize, pageNum: page };
    });

    route(app, USER.userDetail, async (request) => {
      const { account: viewer } = await request.scope();
      await manageableUser(db.kysely, viewer, request.query.id);
      const row = (await findUserRow(db.kysely, request.query.id))!;
      return {
        userDetail: { ...toRow(row), shortName: shortUserName(row.userName) },
        factorys: await accountFactories(db.kysely, row.id),
      };
    });

    route(app, USER.userLineTree, async (request) => {
      const { account: viewer } = await request.scope();
      return enabledLineTree(db.kysely, viewer.platformAdmin ? null : viewer.id);
    });

    route(app, USER.userCreate, async (request) => {
      const { account: viewer } = await request.scope();
      const passwordHash = await hashPassword(config.defaultUserPassword);
      const created = await db.kysely.transaction().execute((trx) => createUser(trx, viewer, request.body, passwordHash));
      request.operationSummary = `新增用户 ${created.userName}`;
      return created.id;
    });

    route(app, USER.userEdit, async (request) => {
      const { account: viewer } = await request.scope();
      const edited = await db.kysely.transaction().execute((trx) => editUser(trx, viewer, request.body.id, request.body));
      request.operationSummary = `编辑用户 ${edited.userName}`;
      return edited.id;
    });

    route(app, USER.userDefaultPassword, async () => config.defaultUserPassword);

    route(app, USER.userResetPassword, async (request) => {
      const { account: viewer } = await request.scope();
      const passwordHash = await hashPassword(config.defaultUserPassword);
      const user = await db.kysely.transaction().execute((trx) => resetPassword(trx, viewer, request.body.id, passwordHash));
      request.operationSummary = `重置密码 ${user.userName}`;
      return null;
    });

    route(
      app,
      USER.userChangeStatus,
      async (request) => {
        const { account: viewer } = await request.scope();
        const { id, status } = request.body;
        const user = await db.kysely.transaction().execute((trx) => changeUserStatus(trx, viewer, id, status));
        request.operationSummary = `${status === 1 ? '启用用户' : '停用用户'} ${user.userName}`;
        return null;
      },
      { config: { refinePermission: statusPermission(MENUS.account) } },
    );

    route(app, USER.userDelete, async (request) => {
      const { account: viewer } = await request.scope();
      const user = await db.kysely.transaction().execute((trx) => deleteUser(trx, viewer, request.body.id));
      request.operationSummary = `删除用户 ${user.userName}`;
      return null;
    });
  };
}
