import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/**
 * Only a hash of the answer is kept (salted by the captcha's id), so the table read by
 * anyone holds no usable answers. A four-letter answer is no secret against brute force;
 * what matters is that it is checked once and expires.
 */
export function captchaAnswerHash(id: string, answer: string): string {
  return createHash('sha256').update(`${id}\n${answer.trim().toLowerCase()}`).digest('hex');
}

/**
 * Captchas live in the database so any server process can check what another issued.
 * Issuing is an upsert: the page asks again with the same id on every refresh, and ten
 * refreshes at once must all succeed (a delete-then-insert raced to a duplicate key).
 */
export async function saveCaptcha(db: Kysely<Database>, id: string, answer: string, now: number): Promise<void> {
  await db.deleteFrom('captcha').where('expiresAt', '<', now).execute();
  const row = { id, answer: captchaAnswerHash(id, answer), expiresAt: now + CAPTCHA_TTL_MS };
  await db
    .insertInto('captcha')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ answer: row.answer, expiresAt: row.expiresAt }))
    .execute();
}

/** Single use: the captcha is gone after one check, right or wrong. */
export async function checkCaptcha(db: Kysely<Database>, id: string, given: string, now: number): Promise<boolean> {
  const row = await db.deleteFrom('captcha').where('id', '=', id).returning(['answer', 'expiresAt']).executeTakeFirst();
  return !!row && row.expiresAt >= now && row.answer === captchaAnswerHash(id, given);
}
