import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';

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
