import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The sign-in throttle, shared by the console's sign-in and the station's. */
export const MAX_FAILURES = 10;
/**
 * Failures from one address before it is locked out, whatever names it tries: a guesser
 * spreading attempts over many user names never meets the per-name limit. Generous,
 * since a whole line's terminals may sign in from behind one address.
 */
export const MAX_ADDRESS_FAILURES = 30;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_MS = 15 * 60_000;

/** Who is signing in: the user name typed and the caller's address (request.ip). */
export interface SignInAttempt {
  userName: string;
  address: string | null;
}

/**
 * Locked when the last `limit` failures fell within the window and the latest is less
 * than LOCKOUT_MS ago. Attempts during a lockout are not recorded, so hammering does not
 * extend it.
 */
function lockedBy(times: number[], limit: number, now: number): boolean {
  if (times.length < limit) return false;
  const latest = times[0]!;
  const oldest = times[limit - 1]!;
  return latest - oldest <= FAILURE_WINDOW_MS && now - latest < LOCKOUT_MS;
}

/** The times of the latest `limit` failures of a name or an address since `since`, newest first. */
async function latestFailures(db: Kysely<Database>, by: 'userName' | 'address', value: string, since: number, limit: number) {
  const rows = await db
    .selectFrom('login_failure')
    .select('at')
    .where(by, '=', value)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.at));
}

export async function isLockedOut(db: Kysely<Database>, attempt: SignInAttempt, now: number): Promise<boolean> {
  const since = now - FAILURE_WINDOW_MS - LOCKOUT_MS;
  if (lockedBy(await latestFailures(db, 'userName', attempt.userName, since, MAX_FAILURES), MAX_FAILURES, now)) return true;
  if (!attempt.address) return false;
  return lockedBy(await latestFailures(db, 'address', attempt.address, since, MAX_ADDRESS_FAILURES), MAX_ADDRESS_FAILURES, now);
}

export async function recordFailure(db: Kysely<Database>, attempt: SignInAttempt, now: number): Promise<void> {
  await db.deleteFrom('login_failure').where('at', '<', now - FAILURE_WINDOW_MS - LOCKOUT_MS).execute();
  await db.insertInto('login_failure').values({ userName: attempt.userName, address: attempt.address, at: now }).execute();
}

/** A good sign-in clears the name's failures; the address keeps its count (other names' guesses). */
export async function clearFailures(db: Kysely<Database>, userName: string): Promise<void> {
  await db.deleteFrom('login_failure').where('userName', '=', userName).execute();
}
