import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_MS = 15 * 60_000;

/**
 * Locked when the last MAX_FAILURES failures fell within the window and the latest
 * is less than LOCKOUT_MS ago. Attempts during a lockout are not recorded, so
 * hammering does not extend it.
 */
export async function isLockedOut(db: Kysely<Database>, userName: string, now: number): Promise<boolean> {
  const recent = await db
    .selectFrom('login_failure')
    .select('at')
    .where('userName', '=', userName)
    .where('at', '>', now - FAILURE_WINDOW_MS - LOCKOUT_MS)
    .orderBy('at', 'desc')
    .limit(MAX_FAILURES)
    .execute();
  if (recent.length < MAX_FAILURES) return false;
  const latest = recent[0]!.at;
  const oldest = recent[MAX_FAILURES - 1]!.at;
  return latest - oldest <= FAILURE_WINDOW_MS && now - latest < LOCKOUT_MS;
}

export async function recordFailure(db: Kysely<Database>, userName: string, now: number): Promise<void> {
  await db
    .deleteFrom('login_failure')
    .where('userName', '=', userName)
    .where('at', '<', now - FAILURE_WINDOW_MS - LOCKOUT_MS)
    .execute();
  await db.insertInto('login_failure').values({ userName, at: now }).execute();
}

export async function clearFailures(db: Kysely<Database>, userName: string): Promise<void> {
  await db.deleteFrom('login_failure').where('userName', '=', userName).execute();
}
