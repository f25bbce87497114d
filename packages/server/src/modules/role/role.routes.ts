import { MENUS, ROLE_ENDPOINTS as ROLE } from '@factory/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../platform/module-context.js';
import { route } from '../../platform/route.js';
import { requireAccount } from '../../platform/auth.js';
import { subtreeIds } from '../../platform/scope.js';
import { statusPermission } from '../../platform/status-permission.js';
import { formatTime } from '../../platform/time.js';
import { enabledRolesOf, listRoles } from './role.repository.js';
import {
  changeRoleStatus,
  copyRole,
  createRole,
  deleteRole,
  editRole,
  manageableOwner,
  manageableRole,
  roleGrants,
} from './role.service.js';

// The operation log names the role a call touched (request.operationSummary); the handler knows the name only after reading the row.
export function roleRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ROLE.roleAll, async (request) => {
      const { account: viewer } = await request.scope();
      const ownerId = await manageableOwner(db.kysely, viewer, request.query.id ?? viewer.id);
      return enabledRolesOf(db.kysely, ownerId);
    });

    route(app, ROLE.roleList, async (request) => {
      const { account: viewer } = await request.scope();
      const { page, pageSize, roleName, puserId, status } = request.query;
      // Roles owned by the viewer (offered to its sub-users) and by every account below it.
      const owners = viewer.platformAdmin ? null : await subtreeIds(db.kysely, viewer.id);
      const { rows, total } = await listRoles(db.kysely, { owners, roleName, ownerId: puserId, status, page, pageSize });
      const list = rows.map((row) => ({
        id: row.id,
        roleName: row.roleName,
        createTime: formatTime(Number(row.createTime), config.timeZone),
        status: row.status,
        ownerId: row.ownerId,
        userCount: Number(row.userCount ?? 0),
      }));
      return { list, total, pageSize, pageNum: page };
    });

    route(app, ROLE.roleDetail, async (request) => {
      const role = await manageableRole(db.kysely, requireAccount(request), request.query.id);
      const roleMenuFunctionVOS = await roleGrants(db.kysely, role.id);
      return { id: role.id, roleName: role.roleName, status: role.status, roleMenuFunctionVOS };
    });

    route(app, ROLE.roleCreate, async (request) => {
      const { account: viewer } = await request.scope();
      const id = await db.kysely.transaction().execute((trx) => createRole(trx, viewer, request.body));
      request.operationSummary = `新增角色 ${request.body.roleName}`;
      return id;
    });

    route(app, ROLE.roleEdit, async (request) => {
      const { account: viewer } = await request.scope();
      const id = await db.kysely.transaction().execute((trx) => editRole(trx, viewer, request.body.id, request.body));
      request.operationSummary = `编辑角色 ${request.body.roleName}`;
      return id;
    });

    route(app, ROLE.roleCopy, async (request) => {
      const { account: viewer } = await request.scope();
      const copy = await db.kysely.transaction().execute((trx) => copyRole(trx, viewer, request.body.id));
      request.operationSummary = `复制角色为 ${copy.roleName}`;
      return copy.id;
    });

    route(
      app,
      ROLE.roleChangeStatus,
      async (request) => {
        const { account: viewer } = await request.scope();
        const { id, status } = request.body;
        const role = await db.kysely.transaction().execute((trx) => changeRoleStatus(trx, viewer, id, status));
        request.operationSummary = `${status === 1 ? '启用角色' : '停用角色'} ${role.roleName}`;
        return null;
      },
      { config: { refinePermission: statusPermission(MENUS.role) } },
    );

    route(app, ROLE.roleDelete, async (request) => {
      const { account: viewer } = await request.scope();
      const role = await db.kysely.transaction().execute((trx) => deleteRole(trx, viewer, request.body.id));
      request.operationSummary = `删除角色 ${role.roleName}`;
      return null;
    });
  };
}
