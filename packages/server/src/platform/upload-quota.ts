import { MSG, UPLOAD_QUOTA_BYTES_PER_HOUR } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { tooManyRequests } from './errors.js';
import type { Database } from './schema.js';
import { MINUTE } from './time.js';

/*
 * Each account may store UPLOAD_QUOTA_BYTES_PER_HOUR per clock hour, over every
 * upload route. The count is a row per account and hour (DESIGN.md §10: several
 * processes agree), added to in the transaction that records the files, so a
 * refused or rolled-back upload costs nothing and concurrent uploads of one account
 * queue on its row instead of each seeing the others' bytes as not yet spent.
 * A fixed hour rather than a rolling one: one exact counter, no history to sum.
 */

const HOUR = 60 * MINUTE;

function windowOf(now: number): number {
  return now - (now % HOUR);
}

/**
 * Refuses (429) an account that already spent its hour, before a byte of its
 * request is read: a user over quota must not fill the temp directory either.
 */
export async function requireUploadAllowance(db: Kysely<Database>, accountId: number, now = Date.now()): Promise<void> {
  const row = await db
    .selectFrom('upload_usage')
    .select('bytes')
    .where('accountId', '=', accountId)
    .where('windowStart', '=', windowOf(now))
    .executeTakeFirst();
  if (row && Number(row.bytes) >= UPLOAD_QUOTA_BYTES_PER_HOUR) throw tooManyRequests(MSG.uploadQuotaExceeded);
}

/**
 * Adds `bytes` to the account's hour in the caller's transaction, refusing (429)
 * past the quota; the refusal rolls the addition back with the rest.
 */
export async function chargeUpload(trx: Kysely<Database>, accountId: number, bytes: number, now = Date.now()): Promise<void> {
  const windowStart = windowOf(now);
  const row = await trx
    .insertInto('upload_usage')
    .values({ accountId, windowStart, bytes })
    .onConflict((oc) =>
      oc.columns(['accountId', 'windowStart']).doUpdateSet((eb) => ({ bytes: eb('upload_usage.bytes', '+', eb.ref('excluded.bytes')) })),
    )
    .returning('bytes')
    .executeTakeFirstOrThrow();
  if (Number(row.bytes) > UPLOAD_QUOTA_BYTES_PER_HOUR) throw tooManyRequests(MSG.uploadQuotaExceeded);
  // Past hours are never read again.
  await trx.deleteFrom('upload_usage').where('accountId', '=', accountId).where('windowStart', '<', windowStart).execute();
}
