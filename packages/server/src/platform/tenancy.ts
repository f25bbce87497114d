/**
 * Whose master data (factories, lines, terminals) a caller sees: its tenant's,
 * the root account of its tree, or every tenant's for the platform
 * administrator (`ownerId` null). request.scope() answers it (platform/request-scope.ts).
 */
export interface Tenancy {
  ownerId: number | null;
}

/** A database refusal of a duplicate key, so a race past the friendly check still answers 409. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
