import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

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

export function findSession(db: Kysely<Database>, tokenHash: string) {
  return db
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
    .where('session.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('session').set({ lastSeenAt: now }).where('tokenHash', '=', tokenHash).execute();
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('session').where('tokenHash', '=', tokenHash).execute();
}

/** Password change, reset, stop and delete end every session of the account at once. */
export async function revokeAccountSessions(db: Kysely<Database>, accountId: number): Promise<void> {
  await db.deleteFrom('session').where('accountId', '=', accountId).execute();
}
