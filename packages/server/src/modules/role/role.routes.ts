import {
  envelopeOf,
  idBody,
  idQuery,
  need,
  needAnyFun,
  pageOf,
  PATHS,
  roleAllQuery,
  roleCreateBody,
  roleDetail,
  roleEditBody,
  roleListQuery,
  roleOption,
  roleRow,
  SIGNED_IN,
  statusBody,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { subtreeIds } from '../../platform/scope.js';
import { formatTime } from '../../platform/time.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { requestedStatus, statusPermission } from '../../platform/status-permission.js';
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

const tags = ['角色'];
const MENU = '/role';

// The operation log names the role a call touched; the handler knows the name only after reading the row.
const touchedRole = new WeakMap<FastifyRequest, string>();
const logSummary = (action: string) => (request: FastifyRequest) => {
  const roleName = touchedRole.get(request);
  return roleName === undefined ? undefined : `${action} ${roleName}`;
};

export function roleRoutes({ db, config }: ModuleContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Signed-in only: the user form of /account offers these roles, without the role menu.
    app.get(
      PATHS.roleAll,
      {
        config: { permission: SIGNED_IN },
        schema: { tags, summary: '账号可分配的角色', querystring: roleAllQuery, response: { 200: envelopeOf(z.array(roleOption)) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const ownerId = await manageableOwner(db.kysely, viewer, request.query.id ?? viewer.id);
        return ok(await enabledRolesOf(db.kysely, ownerId));
      },
    );

    app.get(
      PATHS.roleList,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '角色列表', querystring: roleListQuery, response: { 200: envelopeOf(pageOf(roleRow)) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
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
        return ok({ list, total, pageSize, pageNum: page });
      },
    );

    app.get(
      PATHS.roleDetail,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '角色详情', querystring: idQuery, response: { 200: envelopeOf(roleDetail) } },
      },
      async (request) => {
        const role = await manageableRole(db.kysely, requireAccount(request), request.query.id);
        const roleMenuFunctionVOS = await roleGrants(db.kysely, role.id);
        return ok({ id: role.id, roleName: role.roleName, status: role.status, roleMenuFunctionVOS });
      },
    );

    app.post(
      PATHS.roleCreate,
      {
        config: { permission: need(MENU, 'add'), logSummary: logSummary('新增角色') },
        schema: { tags, summary: '新增角色', body: roleCreateBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const id = await db.kysely.transaction().execute((trx) => createRole(trx, viewer, request.body));
        touchedRole.set(request, request.body.roleName);
        return ok(id);
      },
    );

    app.post(
      PATHS.roleEdit,
      {
        config: { permission: need(MENU, 'edit'), logSummary: logSummary('编辑角色') },
        schema: { tags, summary: '编辑角色', body: roleEditBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const id = await db.kysely.transaction().execute((trx) => editRole(trx, viewer, request.body.id, request.body));
        touchedRole.set(request, request.body.roleName);
        return ok(id);
      },
    );

    app.post(
      PATHS.roleCopy,
      {
        config: { permission: need(MENU, 'copy'), logSummary: logSummary('复制角色为') },
        schema: { tags, summary: '复制角色', body: idBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const copy = await db.kysely.transaction().execute((trx) => copyRole(trx, viewer, request.body.id));
        touchedRole.set(request, copy.roleName);
        return ok(copy.id);
      },
    );

    app.post(
      PATHS.roleChangeStatus,
      {
        config: {
          // start or stop, before the body is read: one without either is refused first (403 before 400)
          permission: needAnyFun(MENU, 'start', 'stop'),
          refinePermission: statusPermission(MENU),
          logSummary: (request) => logSummary(requestedStatus(request) === 1 ? '启用角色' : '停用角色')(request),
        },
        schema: { tags, summary: '启用或停用角色', body: statusBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const { id, status } = request.body;
        const role = await db.kysely.transaction().execute((trx) => changeRoleStatus(trx, viewer, id, status));
        touchedRole.set(request, role.roleName);
        return ok(null);
      },
    );

    app.post(
      PATHS.roleDelete,
      {
        config: { permission: need(MENU, 'delete'), logSummary: logSummary('删除角色') },
        schema: { tags, summary: '删除角色', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const role = await db.kysely.transaction().execute((trx) => deleteRole(trx, viewer, request.body.id));
        touchedRole.set(request, role.roleName);
        return ok(null);
      },
    );
  };
}
