import { type FunCode, MSG, type Permission } from '@factory/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db.js';
import { forbidden, unauthorized } from './errors.js';
import { roleHolds } from './grants.js';
import { findSession, hashToken, revokeAccountSessions, revokeSession, touchEveryMs, touchSession } from './sessions.js';
import { redeemStreamTicket } from './stream-tickets.js';
import { addRouteHook } from './route-hooks.js';
import { MINUTE } from './time.js';

/** The signed-in user of a request, known after the guard ran. */
export interface SessionAccount {
  id: number;
  userName: string;
  parentId: number | null;
  roleId: number | null;
  platformAdmin: boolean;
  tokenHash: string;
}

/**
 * The exact menu and button of a call whose need depends on its input, such as a
 * status change (start or stop) or a document type. Runs after the body is
 * parsed and before it is validated; undefined leaves the decision to validation.
 */
export type PermissionRefinement = (request: FastifyRequest) => { menu: string; fun?: FunCode } | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** every /api route names what it needs; the guard refuses before validation */
    permission?: Permission;
    refinePermission?: PermissionRefinement;
    /** open to a session whose password must still be changed (editPassword) */
    allowBeforePasswordChange?: boolean;
    /**
     * a server-sent event stream: a browser's EventSource cannot send headers, so
     * besides the bearer header it opens with `?ticket=`, a one-use ticket for this
     * route's path (stream-tickets.ts). A session token is never taken from a url.
     */
    eventStream?: boolean;
  }
  interface FastifyRequest {
    account: SessionAccount | null;
  }
}


export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

function queryTicket(request: FastifyRequest): string | null {
  const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
  return typeof ticket === 'string' && ticket.length > 0 ? ticket : null;
}

/**
 * A url as the log shows it: a stream `ticket` hidden (one is refused once used,
 * but one whose stream failed before the guard is still good for a minute), and
 * a `token` too, which old or careless clients may still put there.
 */
export function redactedUrl(url: string): string {
  return url.replace(/([?&](?:token|ticket)=)[^&]*/g, '$1[redacted]');
}

/**
 * The session a request speaks for, as the hash of its token: the bearer header,
 * or on an event stream a ticket issued for that stream (spent by this call).
 */
async function sessionTokenHashOf(db: Db, request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request);
  if (token) return hashToken(token);
  const ticket = request.routeOptions.config.eventStream ? queryTicket(request) : null;
  return ticket ? redeemStreamTicket(db.kysely, ticket, request.routeOptions.url!, Date.now()) : null;
}

/** The signed-in account of a request (401 when there is none). */
export function requireAccount(request: FastifyRequest): SessionAccount {
  if (!request.account) throw unauthorized();
  return request.account;
}

/**
 * The guard: runs on onRequest, before the body is even read, so a refused call
 * costs no parsing, no validation and no domain query.
 */
export function registerGuard(app: FastifyInstance, db: Db, config: AppConfig): void {
  const idleMs = config.sessionIdleMinutes * MINUTE;
  const touchEvery = touchEveryMs(idleMs);
  app.decorateRequest('account', null);

  // The session check (and the refined permission) run on the routes that need them only (addRouteHook).
  const guard = async (request: FastifyRequest) => {
    const permission = request.routeOptions.config.permission!;
    const tokenHash = await sessionTokenHashOf(db, request);
    if (!tokenHash) throw unauthorized();
    const session = await findSession(db.kysely, tokenHash);
    if (!session) throw unauthorized();
    const now = Date.now();
    if (now - session.lastSeenAt > idleMs) {
      await revokeSession(db.kysely, tokenHash);
      throw unauthorized();
    }
    if (session.status !== 1) {
      await revokeAccountSessions(db.kysely, session.id);
      throw unauthorized(MSG.accountStopped);
    }
    if (now - session.lastSeenAt > touchEvery) await touchSession(db.kysely, tokenHash, now);

    request.account = {
      id: session.id,
      userName: session.userName,
      parentId: session.parentId,
      roleId: session.roleId,
      platformAdmin: session.platformAdmin === 1,
      tokenHash,
    };

    if (session.mustChangePassword === 1 && !request.routeOptions.config.allowBeforePasswordChange) {
      throw forbidden(MSG.mustChangePasswordFirst);
    }
    if (permission.kind === 'menu') await requirePermission(db, request.account, permission.menu, permission.fun);
    if (permission.kind === 'anyMenu') {
      const held = await Promise.all(permission.menus.map((menu) => holdsPermission(db, request.account!, menu)));
      if (!held.includes(true)) throw forbidden();
    }
    if (permission.kind === 'anyFun') {
      const held = await Promise.all(permission.funs.map((fun) => holdsPermission(db, request.account!, permission.menu, fun)));
      if (!held.includes(true)) throw forbidden();
    }
  };
  const refined = async (request: FastifyRequest) => {
    const refine = request.routeOptions.config.refinePermission;
    if (!refine || !request.account) return;
    const need = refine(request);
    if (need) await requirePermission(db, request.account, need.menu, need.fun);
  };

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    const permission = route.config?.permission;
    if (isApi && !permission) {
      throw new Error(`route ${route.method} ${route.url} declares no permission`);
    }
    if (permission && permission.kind !== 'public') addRouteHook(route, 'onRequest', guard);
    if (route.config?.refinePermission) addRouteHook(route, 'preValidation', refined);
  });
}

/** 403 unless the account holds the menu (and button); for checks that need a row first. */
export async function requirePermission(db: Db, account: SessionAccount, menu: string, fun?: FunCode): Promise<void> {
  if (account.platformAdmin) return;
  const allowed = account.roleId !== null && (await roleHolds(db.kysely, account.roleId, menu, fun));
  if (!allowed) throw forbidden();
}

/** Whether the account holds the menu (and button), without refusing. */
export async function holdsPermission(db: Db, account: SessionAccount, menu: string, fun?: FunCode): Promise<boolean> {
  if (account.platformAdmin) return true;
  return account.roleId !== null && (await roleHolds(db.kysely, account.roleId, menu, fun));
}
