import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/schema.js';
import { adminIdOf } from './accounts.js';
import { unique } from './unique.js';

/** A factory of the admin's tenant (or of `ownerId`; null: of no account). */
export async function createFactory(
  db: Kysely<Database>,
  options: { factoryName?: string; ownerId?: number | null } = {},
): Promise<number> {
  const row = await db
    .insertInto('factory')
    .values({
      factoryName: options.factoryName ?? unique('工厂'),
      ownerId: options.ownerId === undefined ? await adminIdOf(db) : options.ownerId,
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
