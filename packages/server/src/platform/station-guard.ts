import { MENUS, MSG, STATION_APP_MENUS, STATION_APP_NAMES, STATION_MSG, type TerminalType } from '@factory/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { bearerToken } from './auth.js';
import type { AppConfig } from './config.js';
import type { Db } from './db.js';
import { type HttpError, unauthorized } from './errors.js';
import { prepared } from './prepared.js';
import type { Database } from './schema.js';
import { hashToken, touchEveryMs } from './sessions.js';
import { MINUTE } from './time.js';

/*
 * The station guard (DESIGN.md §6): who calls the station API, read from the
 * station token. Shared by every module serving terminals (the overall check,
 * the PDA's stock and spot checks): each registers it on its own routes.
 */

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
  /**
   * The PAD APP menus the user holds: a PAD user signs in with either (issue 17),
   * and each mode's calls ask for their own (the platform administrator holds both).
   */
  padMenus: { overallCheck: boolean; partsCheck: boolean };
}

declare module 'fastify' {
  interface FastifyRequest {
    station: StationCaller | null;
  }
}


/**
 * Whether the terminal is within the user's lines, as tasks are (platform/task-scope.ts):
 * a tenant's root account has every line, a user below it the lines it is tied
 * to (account_line), and a terminal on no line (an unused PAD, a PDA) is the
 * whole account's. The platform administrator is let through by the caller.
 */
export const onUserLine = (eb: ExpressionBuilder<Database, 'account' | 'terminal'>) =>
  eb.or([
    eb('account.parentId', 'is', null),
    eb('terminal.lineId', 'is', null),
    eb.exists(
      eb
        .selectFrom('account_line')
        .select('account_line.lineId')
        .whereRef('account_line.accountId', '=', 'account.id')
        .whereRef('account_line.lineId', '=', 'terminal.lineId'),
    ),
  ]);

/** Whether the user's enabled role holds the menu (by url). */
const holdsMenu = (eb: ExpressionBuilder<Database, 'account' | 'terminal' | 'station_session'>, url: string) =>
  eb.exists(
    eb
      .selectFrom('role_menu')
      .innerJoin('role', 'role.id', 'role_menu.roleId')
      .innerJoin('menu', 'menu.id', 'role_menu.menuId')
      .select('role_menu.menuId')
      .whereRef('role_menu.roleId', '=', 'account.roleId')
      .where('role.status', '=', 1)
      .where('menu.type', '=', 0)
      .where('menu.url', '=', url),
  );

/**
 * What the guard reads of a session, its terminal and its user: a select list of
 * station_session, account and terminal, shared with the station result's read
 * (modules/station), which makes the guard's read in its own statement.
 */
export const stationSessionColumns = (eb: ExpressionBuilder<Database, 'account' | 'terminal' | 'station_session'>) =>
  [
    'station_session.lastSeenAt',
    'station_session.terminalId',
    'station_session.accountId',
    'account.userName',
    'account.status as accountStatus',
    'account.platformAdmin',
    'terminal.terminalCode',
    'terminal.terminalName',
    'terminal.terminalType',
    'terminal.status as terminalStatus',
    'terminal.taskId',
    'terminal.flowId',
    eb
      .exists(
        eb
          .selectFrom('role_menu')
          .innerJoin('role', 'role.id', 'role_menu.roleId')
          .innerJoin('menu', 'menu.id', 'role_menu.menuId')
          .select('role_menu.menuId')
          .whereRef('role_menu.roleId', '=', 'account.roleId')
          .where('role.status', '=', 1)
          .where('menu.type', '=', 0)
          .where((menu) =>
            menu.or([
              menu.and([menu('terminal.terminalType', '=', 'PDA'), menu('menu.url', 'in', [...STATION_APP_MENUS.PDA])]),
              menu.and([menu('terminal.terminalType', '<>', 'PDA'), menu('menu.url', 'in', [...STATION_APP_MENUS.PAD])]),
            ]),
          ),
      )
      .as('holdsApp'),
    holdsMenu(eb, MENUS.padOverallCheck).as('holdsOverallCheck'),
    holdsMenu(eb, MENUS.padPartsCheck).as('holdsPartsCheck'),
    onUserLine(eb).as('onUserLine'),
  ] as const;

const sessionQuery = prepared(['tokenHash'], (db, _dialect, { tokenHash }: { tokenHash: string }) =>
  db
    .selectFrom('station_session')
    .innerJoin('account', 'account.id', 'station_session.accountId')
    .innerJoin('terminal', 'terminal.id', 'station_session.terminalId')
    .select((eb) => stationSessionColumns(eb))
    .where('station_session.tokenHash', '=', tokenHash),
);
export type StationSessionRow = NonNullable<Awaited<ReturnType<typeof findStationSession>>>;

/**
 * The session of a station token with its terminal and user, and whether the
 * user's role still holds the terminal type's APP menu: one indexed read, the
 * whole cost of the station guard.
 */
export async function findStationSession(db: Db, tokenHash: string) {
  return (await sessionQuery(db.kysely, db.dialect, { tokenHash })).rows[0];
}

export async function touchStationSession(db: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('station_session').set({ lastSeenAt: now }).where('tokenHash', '=', tokenHash).execute();
}

/** Ends a station session; the terminal no longer shows its user as the worker. */
export async function endStationSession(db: Kysely<Database>, tokenHash: string, terminalId: number, accountId: number): Promise<void> {
  await db.deleteFrom('station_session').where('tokenHash', '=', tokenHash).execute();
  await db.updateTable('terminal').set({ workerId: null }).where('id', '=', terminalId).where('workerId', '=', accountId).execute();
}

/** What the guard decides of a session read: the caller, or the 401 to answer (after ending the session when `end`). */
export type StationAdmission = { caller: StationCaller; touch: boolean } | { refusal: HttpError; end: boolean };

/**
 * The guard's rules on a session read with its token (none: unknown). Idle: 401
 * 终端登录已失效; a stopped user, one whose role lost the APP menu or one no longer
 * tied to the terminal's line: 401 too, with the reason, and the session ends
 * (the app goes back to its sign-in). `touch` says the session's lastSeenAt is
 * due to be written.
 */
export function admitStationSession(session: StationSessionRow | undefined, tokenHash: string, idleMs: number, now: number): StationAdmission {
  if (!session) return { refusal: unauthorized(STATION_MSG.sessionExpired), end: false };
  if (now - session.lastSeenAt > idleMs) return { refusal: unauthorized(STATION_MSG.sessionExpired), end: true };
  if (session.accountStatus !== 1) return { refusal: unauthorized(MSG.accountStopped), end: true };
  const terminalType = session.terminalType as TerminalType;
  if (session.platformAdmin !== 1 && !session.holdsApp) {
    return { refusal: unauthorized(STATION_MSG.noAppPermission(STATION_APP_NAMES[terminalType])), end: true };
  }
  // The terminal may have been moved to another line, or the user off its line, since the sign-in.
  if (session.platformAdmin !== 1 && !session.onUserLine) return { refusal: unauthorized(STATION_MSG.lineNotOfUser), end: true };
  return {
    touch: now - session.lastSeenAt > touchEveryMs(idleMs),
    caller: {
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
      padMenus: {
        overallCheck: session.platformAdmin === 1 || Boolean(session.holdsOverallCheck),
        partsCheck: session.platformAdmin === 1 || Boolean(session.holdsPartsCheck),
      },
    },
  };
}

/** Carries out an admission: ends a refused session and throws its 401, or touches a session due and answers the caller. */
export async function settleStationAdmission(db: Db, tokenHash: string, session: StationSessionRow | undefined, admission: StationAdmission, now: number) {
  if ('refusal' in admission) {
    if (admission.end && session) await endStationSession(db.kysely, tokenHash, session.terminalId, session.accountId);
    throw admission.refusal;
  }
  if (admission.touch) await touchStationSession(db.kysely, tokenHash, now);
  return admission.caller;
}

/** The station token of a request, hashed as sessions keep it; 401 without one. */
export function stationTokenHash(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw unauthorized(STATION_MSG.sessionExpired);
  return hashToken(token);
}

/** The guard's whole work on a request: the session read, its rules (admitStationSession), request.station set. */
export function stationGuard(db: Db, config: AppConfig) {
  const idleMs = config.sessionIdleMinutes * MINUTE;
  return async (request: FastifyRequest): Promise<void> => {
    const tokenHash = stationTokenHash(request);
    const session = await findStationSession(db, tokenHash);
    const now = Date.now();
    request.station = await settleStationAdmission(db, tokenHash, session, admitStationSession(session, tokenHash, idleMs, now), now);
  };
}

/**
 * The station guard, an onRequest hook of the station plugin only: the bearer
 * token's session with its terminal and user in one read (stationGuard). The
 * `openPaths` take no token; the `selfGuarded` ones are only asked for a token
 * here, their handler reading the session with its own first read and applying
 * the same rules (the station result: modules/station/station-result.ts).
 */
export function registerStationGuard(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  openPaths: readonly string[],
  selfGuarded: readonly string[] = [],
): void {
  const guard = stationGuard(db, config);
  // Every station module registers the guard on its own plugin; the request carries one decoration.
  if (!app.hasRequestDecorator('station')) app.decorateRequest('station', null);
  // A callback hook: the result route (self-guarded) passes it with no promise (thousands a second).
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.routeOptions.url ?? '';
    if (openPaths.includes(url)) return done();
    if (selfGuarded.includes(url)) {
      try {
        stationTokenHash(request);
      } catch (error) {
        return done(error as Error);
      }
      return done();
    }
    guard(request).then(() => done(), (error: unknown) => done(error as Error));
  });
}

/** The caller of a guarded station route (the guard ran, so it is there). */
export function requireStation(request: { station: StationCaller | null }): StationCaller {
  if (!request.station) throw unauthorized(STATION_MSG.sessionExpired);
  return request.station;
}

