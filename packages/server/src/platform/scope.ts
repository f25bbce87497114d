import { type Kysely, sql } from 'kysely';
import type { SessionAccount } from './auth.js';
import { prepared } from './prepared.js';
import { dialectOfKysely } from './prepared-lists.js';
import type { Database } from './schema.js';

/**
 * Accounts form a tree by parentId (DESIGN.md §4). A user sees and manages the
 * accounts (and their roles) of its own subtree; the platform administrator sees
 * everything. Master data (factories, lines, terminals, documents) belongs to the
 * root of the tree, the tenant.
 */
export async function subtreeIds(db: Kysely<Database>, accountId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('tree(id)', (qb) =>
      qb
        .selectFrom('account')
        .select('id')
        .where('id', '=', accountId)
        .unionAll((q) => q.selectFrom('account').innerJoin('tree', 'tree.id', 'account.parentId').select('account.id')),
    )
    .selectFrom('tree')
    .select('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Whether `accountId` is `rootId` or below it. */
export async function inSubtree(db: Kysely<Database>, rootId: number, accountId: number): Promise<boolean> {
  if (rootId === accountId) return true;
  const ids = await subtreeIds(db, rootId);
  return ids.includes(accountId);
}

/** Whether the signed-in user may see or manage the account `accountId`. */
export async function canManageAccount(db: Kysely<Database>, viewer: SessionAccount, accountId: number): Promise<boolean> {
  if (viewer.platformAdmin) return true;
  return inSubtree(db, viewer.id, accountId);
}

/** The root account (tenant) of an account's tree. */
export async function tenantOf(db: Kysely<Database>, accountId: number): Promise<number> {
  const [row] = (await tenantQuery(db, dialectOfKysely(db), { accountId })).rows;
  return row?.id ?? accountId;
}

// Every call of a user below a tenant's root reads its tenant (request-scope.ts): prepared once (prepared.ts).
const tenantQuery = prepared(['accountId'], (db, _dialect, { accountId }: { accountId: number }) =>
  db
    .withRecursive('up(id, parentId, depth)', (qb) =>
      qb
        .selectFrom('account')
        .select(['id', 'parentId', sql<number>`0`.as('depth')])
        .where('id', '=', accountId)
        .unionAll((q) =>
          q
            .selectFrom('account')
            .innerJoin('up', 'up.parentId', 'account.id')
            .select(['account.id', 'account.parentId', sql<number>`up.depth + 1`.as('depth')]),
        ),
    )
    .selectFrom('up')
    .select('id')
    .orderBy('depth', 'desc')
    .limit(1),
);
