import type { Kysely } from 'kysely';
import type { SessionAccount } from './auth.js';
import type { Database } from './schema.js';
import { tenantOf } from './scope.js';

/**
 * Whose master data (factories, lines, terminals) a caller sees: its tenant's,
 * the root account of its tree, or every tenant's for the platform
 * administrator (`ownerId` null).
 */
export interface Tenancy {
  ownerId: number | null;
}

export async function tenancyOf(db: Kysely<Database>, account: SessionAccount): Promise<Tenancy> {
  return { ownerId: account.platformAdmin ? null : await tenantOf(db, account.id) };
}

/** A database refusal of a duplicate key, so a race past the friendly check still answers 409. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
