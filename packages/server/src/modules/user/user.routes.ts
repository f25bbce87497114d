import {
  envelopeOf,
  idBody,
  idQuery,
  lineTree,
  need,
  needAnyFun,
  pageOf,
  PATHS,
  statusBody,
  userCreateBody,
  userDetail,
  userEditBody,
  userListQuery,
  userRow,
  type UserRow,
} from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../platform/auth.js';
import { ok } from '../../platform/envelope.js';
import { hashPassword } from '../../platform/password.js';
import { subtreeIds } from '../../platform/scope.js';
import { formatTime } from '../../platform/time.js';
import type { ModuleContext } from '../../platform/module-context.js';
import { requestedStatus, statusPermission } from '../../platform/status-permission.js';
import { accountFactories, enabledLineTree, findUserRow, listUsers } from './user.repository.js';
import { changeUserStatus, createUser, deleteUser, editUser, manageableUser, resetPassword, shortUserName } from './user.service.js';

const tags = ['用户'];
const MENU = '/account';

// The operation log names the user a call touched; the handler knows the name only after reading the row.
const touchedUser = new WeakMap<FastifyRequest, string>();
const logSummary = (action: string) => (request: FastifyRequest) => {
  const userName = touchedUser.get(request);
  return userName === undefined ? undefined : `${action} ${userName}`;
};

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

  return async (app) => {
    app.get(
      PATHS.userList,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '用户列表', querystring: userListQuery, response: { 200: envelopeOf(pageOf(userRow)) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const { page, pageSize, userName, parentId, status } = request.query;
        // A sub-user sees the accounts below it, never itself nor anything above.
        const scope = viewer.platformAdmin ? null : (await subtreeIds(db.kysely, viewer.id)).filter((id) => id !== viewer.id);
        const { rows, total } = await listUsers(db.kysely, { scope, userName, parentId, status, page, pageSize });
        return ok({ list: rows.map(toRow), total, pageSize, pageNum: page });
      },
    );

    app.get(
      PATHS.userDetail,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '用户详情', querystring: idQuery, response: { 200: envelopeOf(userDetail) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        await manageableUser(db.kysely, viewer, request.query.id);
        const row = (await findUserRow(db.kysely, request.query.id))!;
        return ok({
          userDetail: { ...toRow(row), shortName: shortUserName(row.userName) },
          factorys: await accountFactories(db.kysely, row.id),
        });
      },
    );

    // Needs the user menu: the tree exists for the user form only.
    app.get(
      PATHS.userLineTree,
      {
        config: { permission: need(MENU) },
        schema: { tags, summary: '可分配的产线树', response: { 200: envelopeOf(lineTree) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        return ok(await enabledLineTree(db.kysely, viewer.platformAdmin ? null : viewer.id));
      },
    );

    app.post(
      PATHS.userCreate,
      {
        config: { permission: need(MENU, 'add'), logSummary: logSummary('新增用户') },
        schema: { tags, summary: '新增用户', body: userCreateBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const passwordHash = await hashPassword(config.defaultUserPassword);
        const created = await db.kysely.transaction().execute((trx) => createUser(trx, viewer, request.body, passwordHash));
        touchedUser.set(request, created.userName);
        return ok(created.id);
      },
    );

    app.post(
      PATHS.userEdit,
      {
        config: { permission: need(MENU, 'edit'), logSummary: logSummary('编辑用户') },
        schema: { tags, summary: '编辑用户', body: userEditBody, response: { 200: envelopeOf(z.number().int()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const edited = await db.kysely.transaction().execute((trx) => editUser(trx, viewer, request.body.id, request.body));
        touchedUser.set(request, edited.userName);
        return ok(edited.id);
      },
    );

    // The reset confirmation states the password the user will get (seed 000 §6); it is
    // the server's setting, so the console asks for it rather than guessing.
    app.get(
      PATHS.userDefaultPassword,
      {
        config: { permission: need(MENU, 'resetPassword') },
        schema: { tags, summary: '默认密码', response: { 200: envelopeOf(z.string()) } },
      },
      async () => ok(config.defaultUserPassword),
    );

    app.post(
      PATHS.userResetPassword,
      {
        config: { permission: need(MENU, 'resetPassword'), logSummary: logSummary('重置密码') },
        schema: { tags, summary: '重置用户密码', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const passwordHash = await hashPassword(config.defaultUserPassword);
        const user = await db.kysely.transaction().execute((trx) => resetPassword(trx, viewer, request.body.id, passwordHash));
        touchedUser.set(request, user.userName);
        return ok(null);
      },
    );

    app.post(
      PATHS.userChangeStatus,
      {
        config: {
          // start or stop, before the body is read: one without either is refused first (403 before 400)
          permission: needAnyFun(MENU, 'start', 'stop'),
          refinePermission: statusPermission(MENU),
          logSummary: (request) => logSummary(requestedStatus(request) === 1 ? '启用用户' : '停用用户')(request),
        },
        schema: { tags, summary: '启用或停用用户', body: statusBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const { id, status } = request.body;
        const user = await db.kysely.transaction().execute((trx) => changeUserStatus(trx, viewer, id, status));
        touchedUser.set(request, user.userName);
        return ok(null);
      },
    );

    app.post(
      PATHS.userDelete,
      {
        config: { permission: need(MENU, 'delete'), logSummary: logSummary('删除用户') },
        schema: { tags, summary: '删除用户', body: idBody, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const viewer = requireAccount(request);
        const user = await db.kysely.transaction().execute((trx) => deleteUser(trx, viewer, request.body.id));
        touchedUser.set(request, user.userName);
        return ok(null);
      },
    );
  };
}
