import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// The seeded reference lists products and tasks name (product type, communication, ...).

/** The five seeded reference lists, each served as `{ id, name }` in sequence order. */
export type LookupTableName = 'product_type' | 'communication_type' | 'data_format' | 'data_type' | 'unit';

export function lookupList(db: Kysely<Database>, table: LookupTableName): Promise<{ id: number | string; name: string }[]> {
  // The five tables have the same shape; only the type of `id` differs.
  const lookups = db as unknown as Kysely<Record<LookupTableName, { id: number | string; name: string; sequence: number }>>;
  return lookups.selectFrom(table).select(['id', 'name']).orderBy('sequence').orderBy('id').execute();
}

export async function lookupExists(db: Kysely<Database>, table: LookupTableName, id: number | string): Promise<boolean> {
  const lookups = db as unknown as Kysely<Record<LookupTableName, { id: number | string }>>;
  const row = await lookups.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
