import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { prepared } from './prepared.js';
import { dialectOfKysely } from './prepared-lists.js';
import type { Database } from './schema.js';
import { MINUTE } from './time.js';

/** Bearer tokens are random; only their sha-256 is stored, so a database leak yields no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Kysely<Database>, accountId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insertInto('session').values({ tokenHash: hashToken(token), accountId, createTime: now, lastSeenAt: now }).execute();
  return token;
}

// Every console call reads its session: built and compiled once (prepared.ts), not on every request.
const sessionQuery = prepared(['tokenHash'], (db, _dialect, { tokenHash }: { tokenHash: string }) =>
  db
    .selectFrom('session')
    .innerJoin('account', 'account.id', 'session.accountId')
    .select([
      'session.tokenHash',
      'session.lastSeenAt',
      'account.id',
      'account.userName',
      'account.parentId',
      'account.roleId',
      'account.status',
      'account.platformAdmin',
      'account.mustChangePassword',
    ])
    .where('session.tokenHash', '=', tokenHash),
);

export async function findSession(db: Kysely<Database>, tokenHash: string) {
  return (await sessionQuery(db, dialectOfKysely(db), { tokenHash })).rows[0];
}

/**
 * How stale a session's lastSeenAt may grow before a call writes it again. Writing it on
 * every call would turn each read into a write; but the slack must stay well inside the
 * idle limit, or a session calling every 15 s would pass for idle (a one-minute limit with
 * a one-minute slack expired active sessions). A quarter of the limit, at most a minute.
 */
export function touchEveryMs(idleMs: number): number {
  return Math.min(MINUTE, Math.floor(idleMs / 4));
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('session').set({ lastSeenAt: now }).where('tokenHash', '=', tokenHash).execute();
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('session').where('tokenHash', '=', tokenHash).execute();
}

/**
 * Password change, reset, stop and delete end every session of the account at once: the
 * console's and the stations' (a station token is a token too, DESIGN §3), and the
 * terminals it was signed in at show no worker any more.
 */
export async function revokeAccountSessions(db: Kysely<Database>, accountId: number): Promise<void> {
  await db.deleteFrom('session').where('accountId', '=', accountId).execute();
  await db.deleteFrom('station_session').where('accountId', '=', accountId).execute();
  await db.updateTable('terminal').set({ workerId: null }).where('workerId', '=', accountId).execute();
}
