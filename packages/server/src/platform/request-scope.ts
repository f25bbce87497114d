import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount, type SessionAccount } from './auth.js';
import type { Db } from './db.js';
import { prepared } from './prepared.js';
import { tenantOf } from './scope.js';

/**
 * What a signed-in caller sees (DESIGN.md §4), read once per request:
 * - `ownerId`: the tenant (root account of the caller's tree) whose master data,
 *   products and tasks it sees; null for the platform administrator (every tenant);
 * - `lineIds`: the production lines a user below the root is tied to (its tasks and
 *   terminals are those of these lines); null for a root account or the administrator.
 * Modules keep only their query-narrowing helpers (whereInScope and the like).
 */
export interface RequestScope {
  account: SessionAccount;
  ownerId: number | null;
  lineIds: number[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller's scope, read from the database on first use and kept for the request (401 without a session) */
    scope(): Promise<RequestScope>;
  }
}

const SCOPE = Symbol('request scope');
type WithScope = FastifyRequest & { [SCOPE]?: Promise<RequestScope> };

export async function scopeOfAccount(db: Db, account: SessionAccount): Promise<RequestScope> {
  if (account.platformAdmin) return { account, ownerId: null, lineIds: null };
  const ownerId = account.parentId === null ? account.id : await tenantOf(db.kysely, account.id);
  if (account.parentId === null) return { account, ownerId, lineIds: null };
  const { rows } = await linesOfAccountQuery(db.kysely, db.dialect, { accountId: account.id });
  return { account, ownerId, lineIds: rows.map((row) => row.lineId) };
}

// Every call of a user below a tenant's root reads its lines: prepared once (prepared.ts).
const linesOfAccountQuery = prepared(['accountId'], (db, _dialect, { accountId }: { accountId: number }) =>
  db.selectFrom('account_line').select('lineId').where('accountId', '=', accountId),
);

export function registerRequestScope(app: FastifyInstance, db: Db): void {
  app.decorateRequest('scope', function (this: WithScope) {
    // requireAccount throws before anything is kept, so a later call after sign-in would still work
    const account = requireAccount(this);
    this[SCOPE] ??= scopeOfAccount(db, account);
    return this[SCOPE];
  });
}
