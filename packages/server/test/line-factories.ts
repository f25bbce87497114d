import type { Kysely } from 'kysely';
import type { Database } from '../src/platform/schema.js';

let counter = 0;

/** A short token unique within the test run, usable in names and codes (letters and digits). */
export function unique(prefix = ''): string {
  counter += 1;
  return `${prefix}${counter.toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function adminId(db: Kysely<Database>): Promise<number> {
  const admin = await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
  return admin.id;
}

/** A factory of the admin's tenant (or of `ownerId`). */
export async function createFactory(db: Kysely<Database>, options: { factoryName?: string; ownerId?: number } = {}): Promise<number> {
  const row = await db
    .insertInto('factory')
    .values({
      factoryName: options.factoryName ?? unique('工厂'),
      ownerId: options.ownerId ?? (await adminId(db)),
      createTime: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface LineOptions {
  factoryId?: number;
  lineName?: string;
  lineNum?: string;
  status?: 0 | 1;
  createTime?: number;
}

/** A production line, enabled unless told; in a new factory unless one is given. */
export async function createLine(db: Kysely<Database>, options: LineOptions = {}): Promise<number> {
  const row = await db
    .insertInto('production_line')
    .values({
      factoryId: options.factoryId ?? (await createFactory(db)),
      lineName: options.lineName ?? unique('线'),
      lineNum: options.lineNum ?? unique('L'),
      status: options.status ?? 1,
      createTime: options.createTime ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ties a user to production lines (account_line). */
export async function assignLines(db: Kysely<Database>, accountId: number, lineIds: number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await db
    .insertInto('account_line')
    .values(lineIds.map((lineId) => ({ accountId, lineId })))
    .execute();
}
