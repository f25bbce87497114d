import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';

/** The stored file of a public key, or undefined. */
export function findStoredFile(db: Kysely<Database>, fileKey: string) {
  return db
    .selectFrom('stored_file')
    .select(['fileKey', 'sha256', 'size', 'contentType', 'originName'])
    .where('fileKey', '=', fileKey)
    .executeTakeFirst();
}
