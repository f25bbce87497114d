import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;

/** Captchas live in the database so any server process can check what another issued. */
export async function saveCaptcha(db: Kysely<Database>, id: string, answer: string, now: number): Promise<void> {
  await db.deleteFrom('captcha').where((eb) => eb.or([eb('expiresAt', '<', now), eb('id', '=', id)])).execute();
  await db.insertInto('captcha').values({ id, answer: answer.toLowerCase(), expiresAt: now + CAPTCHA_TTL_MS }).execute();
}

/** Single use: the captcha is gone after one check, right or wrong. */
export async function takeCaptcha(db: Kysely<Database>, id: string, now: number): Promise<string | null> {
  const row = await db.deleteFrom('captcha').where('id', '=', id).returning(['answer', 'expiresAt']).executeTakeFirst();
  if (!row || row.expiresAt < now) return null;
  return row.answer;
}
