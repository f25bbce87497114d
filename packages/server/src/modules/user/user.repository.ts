import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';
import { containsText } from '../../platform/text-match.js';

export interface UserListFilter {
  /** the accounts the viewer may see; null: every account (platform administrator) */
  scope: number[] | null;
  userName?: string | undefined;
  parentId?: number | undefined;
  status?: 0 | 1 | undefined;
  page: number;
  pageSize: number;
}

function userQuery(db: Kysely<Database>, filter: Omit<UserListFilter, 'page' | 'pageSize'>) {
  let query = db
    .selectFrom('account as a')
    .leftJoin('role as r', 'r.id', 'a.roleId')
    .leftJoin('account as p', 'p.id', 'a.parentId')
    // Platform administrators are not managed from the user list.
    .where('a.platformAdmin', '=', 0);
  if (filter.scope) query = query.where('a.id', 'in', filter.scope);
  if (filter.userName) query = query.where(containsText('a.userName', filter.userName));
  if (filter.parentId !== undefined) query = query.where('a.parentId', '=', filter.parentId);
  if (filter.status !== undefined) query = query.where('a.status', '=', filter.status);
  return query;
}

const userColumns = [
  'a.id',
  'a.userName',
  'a.roleId',
  'r.roleName',
  'a.createTime',
  'a.status',
  'a.parentId',
  'p.userName as parentName',
  'a.mustChangePassword',
] as const;

/** A page of users, newest first. */
export async function listUsers(db: Kysely<Database>, filter: UserListFilter) {
  if (filter.scope?.length === 0) return { rows: [], total: 0 };
  let query = userQuery(db, filter).select(userColumns).orderBy('a.createTime', 'desc').orderBy('a.id', 'desc');
  if (filter.pageSize > 0) query = query.limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize);
  const [rows, count] = await Promise.all([
    query.execute(),
    userQuery(db, filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findUserRow(db: Kysely<Database>, id: number) {
  return userQuery(db, { scope: null }).select(userColumns).where('a.id', '=', id).executeTakeFirst();
}

export function findAccount(db: Kysely<Database>, id: number) {
  return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function userNameTaken(db: Kysely<Database>, userName: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('account').select('id').where('userName', '=', userName);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The lines of an account grouped by factory, for the user form. */
export async function accountFactories(db: Kysely<Database>, accountId: number) {
  const rows = await db
    .selectFrom('account_line as al')
    .innerJoin('production_line as l', 'l.id', 'al.lineId')
    .innerJoin('factory as f', 'f.id', 'l.factoryId')
    .select(['f.id as factoryId', 'f.factoryName', 'l.id as lineId'])
    .where('al.accountId', '=', accountId)
    .orderBy('f.id')
    .orderBy('l.id')
    .execute();
  const factories = new Map<number, { factoryId: number; factoryName: string; lineId: number[] }>();
  for (const row of rows) {
    let factory = factories.get(row.factoryId);
    if (!factory) {
      factory = { factoryId: row.factoryId, factoryName: row.factoryName, lineId: [] };
      factories.set(row.factoryId, factory);
    }
    factory.lineId.push(row.lineId);
  }
  return [...factories.values()];
}

/**
 * Factories with their enabled lines: every one (accountId null, the platform
 * administrator) or only the lines the account holds itself.
 */
export async function enabledLineTree(db: Kysely<Database>, accountId: number | null) {
  let query = db
    .selectFrom('production_line as l')
    .innerJoin('factory as f', 'f.id', 'l.factoryId')
    .select(['f.id as factoryId', 'f.factoryName', 'l.id', 'l.lineName', 'l.lineNum'])
    .where('l.status', '=', 1);
  if (accountId !== null) {
    query = query.where('l.id', 'in', (eb) =>
      eb.selectFrom('account_line').select('account_line.lineId').where('account_line.accountId', '=', accountId),
    );
  }
  const rows = await query.orderBy('f.id').orderBy('l.id').execute();
  type FactoryLines = { factoryId: number; factoryName: string; lineList: { id: number; lineName: string; lineNum: string }[] };
  const factories = new Map<number, FactoryLines>();
  for (const row of rows) {
    let factory = factories.get(row.factoryId);
    if (!factory) {
      factory = { factoryId: row.factoryId, factoryName: row.factoryName, lineList: [] };
      factories.set(row.factoryId, factory);
    }
    factory.lineList.push({ id: row.id, lineName: row.lineName, lineNum: row.lineNum });
  }
  return [...factories.values()];
}

export function findLines(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('production_line').select(['id', 'factoryId']).where('id', 'in', ids).execute();
}

export async function accountLineIds(db: Kysely<Database>, accountId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('account_line').select('lineId').where('accountId', '=', accountId).execute();
  return new Set(rows.map((row) => row.lineId));
}

export async function replaceAccountLines(db: Kysely<Database>, accountId: number, lineIds: number[]): Promise<void> {
  await db.deleteFrom('account_line').where('accountId', '=', accountId).execute();
  if (lineIds.length > 0) {
    await db
      .insertInto('account_line')
      .values(lineIds.map((lineId) => ({ accountId, lineId })))
      .execute();
  }
}

/** An enabled role owned by the account: the only roles offered to the account's sub-users. */
export function findOfferedRole(db: Kysely<Database>, roleId: number, ownerId: number) {
  return db
    .selectFrom('role')
    .select(['id', 'roleName'])
    .where('id', '=', roleId)
    .where('ownerId', '=', ownerId)
    .where('status', '=', 1)
    .executeTakeFirst();
}

export function childAccounts(db: Kysely<Database>, parentId: number) {
  return db.selectFrom('account').select(['id', 'userName']).where('parentId', '=', parentId).orderBy('id').execute();
}

export async function hasChildAccounts(db: Kysely<Database>, accountId: number): Promise<boolean> {
  return (await db.selectFrom('account').select('id').where('parentId', '=', accountId).limit(1).executeTakeFirst()) !== undefined;
}
