import { randomBytes } from 'node:crypto';
import {
  MSG,
  STATION_APP_MENU,
  STATION_APP_NAMES,
  STATION_MSG,
  type StationLoginBody,
  type StationLoginResult,
  type TerminalType,
} from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { findAccountByName, upgradePasswordHash } from '../../platform/accounts.js';
import type { SessionAccount } from '../../platform/auth.js';
import { bearerToken, holdsPermission } from '../../platform/auth.js';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../platform/errors.js';
import { clearFailures, isLockedOut, recordFailure } from '../../platform/login-failures.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { tenantOf } from '../../platform/scope.js';
import { hashToken, touchEveryMs } from '../../platform/sessions.js';
import { MINUTE } from '../../platform/time.js';
import {
  endStationSession,
  findStationSession,
  findTerminalByCode,
  terminalOnUserLine,
  startStationSession,
  touchStationSession,
} from './station.repository.js';

/** Who calls the station API: the terminal and the user signed in on it, known after the station guard ran. */
export interface StationCaller {
  tokenHash: string;
  terminalId: number;
  terminalCode: string;
  terminalName: string;
  terminalType: TerminalType;
  terminalStatus: number;
  /** the task and flow the terminal serves as read by the guard (the result re-reads the task) */
  taskId: number | null;
  flowId: number | null;
  accountId: number;
  userName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    station: StationCaller | null;
  }
}


// The same decoy as the console login: an unknown user costs a hash check too.
const decoyHash = hashPassword('decoy-Password-1');

/**
 * 终端登录. The terminal first (an unknown code says so, whoever asks), then the
 * password with the console's lockout, then the user: enabled, of the terminal's
 * tenant (another tenant's terminal is as unknown as a missing one), holding the
 * APP menu of the terminal's type, and when it is a sub-user tied to the
 * terminal's line (403: the terminal is known to be there). A user who must still change a password the
 * administrator set may sign in: the station has no password form, and a worker
 * at the line must be able to work; the console asks at the next console sign-in.
 */
export async function stationLogin(db: Db, body: StationLoginBody, address: string | null): Promise<StationLoginResult> {
  const now = Date.now();
  const terminal = await findTerminalByCode(db.kysely, body.terminalCode.trim());
  if (!terminal) throw badRequest(STATION_MSG.terminalUnknown);

  const userName = body.username.trim();
  const attempt = { userName, address };
  if (await isLockedOut(db.kysely, attempt, now)) throw tooManyRequests(MSG.tooManyAttempts);
  const account = await findAccountByName(db.kysely, userName);
  const passwordOk = await verifyPassword(body.password, account?.passwordHash ?? (await decoyHash));
  if (!account || !passwordOk) {
    await recordFailure(db.kysely, attempt, now);
    throw badRequest(STATION_MSG.loginFailed);
  }
  if (account.status !== 1) throw forbidden(MSG.accountStopped);
  await clearFailures(db.kysely, userName);
  await upgradePasswordHash(db.kysely, account, body.password);

  const platformAdmin = account.platformAdmin === 1;
  if (!platformAdmin && (await tenantOf(db.kysely, account.id)) !== terminal.ownerId) throw badRequest(STATION_MSG.terminalUnknown);
  const terminalType = terminal.terminalType as TerminalType;
  const sessionAccount: SessionAccount = {
    id: account.id,
    userName: account.userName,
    parentId: account.parentId,
    roleId: account.roleId,
    platformAdmin,
    tokenHash: '',
  };
  if (!(await holdsPermission(db, sessionAccount, STATION_APP_MENU[terminalType]))) {
    throw forbidden(STATION_MSG.noAppPermission(STATION_APP_NAMES[terminalType]));
  }
  // A sub-user works on its own lines only, as it sees only their tasks (the guard asks again at each call).
  if (!platformAdmin && !(await terminalOnUserLine(db.kysely, terminal.id, account.id))) throw forbidden(STATION_MSG.lineNotOfUser);

  const token = randomBytes(32).toString('base64url');
  await db.kysely
    .transaction()
    .execute((trx) => startStationSession(trx, { tokenHash: hashToken(token), terminalId: terminal.id, accountId: account.id }, now));
  return {
    token,
    terminal: { id: terminal.id, code: terminal.terminalCode, name: terminal.terminalName, terminalType },
    user: { id: account.id, userName: account.userName },
  };
}

/**
 * The station guard, an onRequest hook of the station plugin only: the bearer
 * token's session with its terminal and user in one read. Unknown or idle: 401
 * 终端登录已失效; a stopped user, one whose role lost the APP menu or one no
 * longer tied to the terminal's line: 401 too, with the reason, and the session
 * ends (the app goes back to its sign-in).
 */
export function registerStationGuard(app: FastifyInstance, db: Db, config: AppConfig, openPaths: readonly string[]): void {
  const idleMs = config.sessionIdleMinutes * MINUTE;
  // As for console sessions: some slack keeps reads reads, well inside the idle limit.
  const touchEvery = touchEveryMs(idleMs);
  app.decorateRequest('station', null);
  app.addHook('onRequest', async (request) => {
    if (openPaths.includes(request.routeOptions.url ?? '')) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized(STATION_MSG.sessionExpired);
    const tokenHash = hashToken(token);
    const session = await findStationSession(db, tokenHash);
    if (!session) throw unauthorized(STATION_MSG.sessionExpired);
    const end = () => endStationSession(db.kysely, tokenHash, session.terminalId, session.accountId);
    const now = Date.now();
    if (now - session.lastSeenAt > idleMs) {
      await end();
      throw unauthorized(STATION_MSG.sessionExpired);
    }
    if (session.accountStatus !== 1) {
      await end();
      throw unauthorized(MSG.accountStopped);
    }
    const terminalType = session.terminalType as TerminalType;
    if (session.platformAdmin !== 1 && !session.holdsApp) {
      await end();
      throw unauthorized(STATION_MSG.noAppPermission(STATION_APP_NAMES[terminalType]));
    }
    // The terminal may have been moved to another line, or the user off its line, since the sign-in.
    if (session.platformAdmin !== 1 && !session.onUserLine) {
      await end();
      throw unauthorized(STATION_MSG.lineNotOfUser);
    }
    if (now - session.lastSeenAt > touchEvery) await touchStationSession(db.kysely, tokenHash, now);
    request.station = {
      tokenHash,
      terminalId: session.terminalId,
      terminalCode: session.terminalCode,
      terminalName: session.terminalName,
      terminalType,
      terminalStatus: session.terminalStatus,
      taskId: session.taskId,
      flowId: session.flowId,
      accountId: session.accountId,
      userName: session.userName,
    };
  });
}

/** The caller of a guarded station route (the guard ran, so it is there). */
export function requireStation(request: { station: StationCaller | null }): StationCaller {
  if (!request.station) throw unauthorized(STATION_MSG.sessionExpired);
  return request.station;
}

export async function stationLogout(db: Db, caller: StationCaller): Promise<void> {
  await db.kysely.transaction().execute((trx) => endStationSession(trx, caller.tokenHash, caller.terminalId, caller.accountId));
}
