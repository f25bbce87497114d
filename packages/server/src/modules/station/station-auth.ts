import { randomBytes } from 'node:crypto';
import {
  MSG,
  STATION_APP_MENUS,
  STATION_APP_NAMES,
  STATION_MSG,
  type StationLoginBody,
  type StationLoginResult,
  type TerminalType,
} from '@factory/contracts';
import { findAccountByName, upgradePasswordHash } from '../../platform/accounts.js';
import type { SessionAccount } from '../../platform/auth.js';
import { holdsPermission } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { badRequest, forbidden, type HttpError, tooManyRequests } from '../../platform/errors.js';
import { clearFailures, isLockedOut, recordFailure } from '../../platform/login-failures.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';
import { tenantOf } from '../../platform/scope.js';
import { hashToken } from '../../platform/sessions.js';
import { endStationSession, type StationCaller } from '../../platform/station-guard.js';
import { findTerminalByCode, terminalOnUserLine, startStationSession } from './station.repository.js';

export { registerStationGuard, requireStation, type StationCaller } from '../../platform/station-guard.js';

/**
 * A PAD user may sign in with 配件检测 alone (issue 17): the overall check's calls
 * (all of this module's but the sign-out) still need 整机检测. Null when the caller may.
 */
export function overallCheckRefusal(caller: StationCaller): HttpError | null {
  return caller.terminalType === 'PAD' && !caller.padMenus.overallCheck ? forbidden(STATION_MSG.noAppPermission('整机检测')) : null;
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
  const appMenus: readonly string[] = STATION_APP_MENUS[terminalType];
  if (!(await anyHeld(db, sessionAccount, appMenus))) {
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

async function anyHeld(db: Db, account: SessionAccount, menus: readonly string[]): Promise<boolean> {
  for (const menu of menus) if (await holdsPermission(db, account, menu)) return true;
  return false;
}

export async function stationLogout(db: Db, caller: StationCaller): Promise<void> {
  await db.kysely.transaction().execute((trx) => endStationSession(trx, caller.tokenHash, caller.terminalId, caller.accountId));
}
