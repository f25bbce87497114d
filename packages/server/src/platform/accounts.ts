import type { Kysely } from 'kysely';
import { hashPassword, passwordNeedsRehash } from './password.js';
import type { Database } from './schema.js';

/** Accounts as sign-in reads them: the console's sign-in and the station's. */
export function findAccountByName(db: Kysely<Database>, userName: string) {
  return db.selectFrom('account').selectAll().where('userName', '=', userName).executeTakeFirst();
}

export function findAccountById(db: Kysely<Database>, id: number) {
  return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePassword(db: Kysely<Database>, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('account').set({ passwordHash, mustChangePassword: 0 }).where('id', '=', id).execute();
}

export async function findRoleName(db: Kysely<Database>, roleId: number): Promise<string | null> {
  const role = await db.selectFrom('role').select('roleName').where('id', '=', roleId).executeTakeFirst();
  return role?.roleName ?? null;
}

/**
 * After a good sign-in, the one moment the password is known, a hash older or weaker than
 * today's (scrypt before issue 12) is replaced. Conditional on the old hash, so a password
 * changed meanwhile is never overwritten.
 */
export async function upgradePasswordHash(db: Kysely<Database>, account: { id: number; passwordHash: string }, password: string): Promise<void> {
  if (!passwordNeedsRehash(account.passwordHash)) return;
  await db
    .updateTable('account')
    .set({ passwordHash: await hashPassword(password) })
    .where('id', '=', account.id)
    .where('passwordHash', '=', account.passwordHash)
    .execute();
}
