import type { Kysely } from 'kysely';
import { type LineRow, lineColumns, linesInScope } from '../../platform/lines.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import type { Tenancy } from '../../platform/tenancy.js';
import { containsText } from '../../platform/text-match.js';

export interface LineFilters {
  factoryId?: number | undefined;
  status?: 0 | 1 | undefined;
  /** line name or code, contains */
  searchContext?: string | undefined;
}

/** The lines of the tenant, newest first. */
export async function linePage(
  db: Kysely<Database>,
  tenancy: Tenancy,
  filters: LineFilters,
  paging: PageRequest,
): Promise<{ rows: LineRow[]; total: number }> {
  let query = linesInScope(db, tenancy);
  if (filters.factoryId !== undefined) query = query.where('production_line.factoryId', '=', filters.factoryId);
  if (filters.status !== undefined) query = query.where('production_line.status', '=', filters.status);
  const search = filters.searchContext;
  if (search) {
    query = query.where((eb) =>
      eb.or([containsText('production_line.lineName', search), containsText('production_line.lineNum', search)]),
    );
  }
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = query.select(lineColumns).orderBy('production_line.createTime', 'desc').orderBy('production_line.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: await list.execute(), total: Number(counted.count) };
}

export function findFactory(
  db: Kysely<Database>,
  tenancy: Tenancy,
  id: number,
): Promise<{ id: number; factoryName: string } | undefined> {
  let query = db.selectFrom('factory').select(['id', 'factoryName']).where('id', '=', id);
  if (tenancy.ownerId !== null) query = query.where('ownerId', '=', tenancy.ownerId);
  return query.executeTakeFirst();
}

export interface FactoryWithLines {
  id: number;
  factoryName: string;
  lineList: { id: number; lineName: string; lineNum: string; status: number }[];
}

/** The tenant's factories in creation order, each with all its lines (enabled or not). */
export async function factoryPage(
  db: Kysely<Database>,
  tenancy: Tenancy,
  paging: PageRequest,
): Promise<{ rows: FactoryWithLines[]; total: number }> {
  let query = db.selectFrom('factory');
  if (tenancy.ownerId !== null) query = query.where('ownerId', '=', tenancy.ownerId);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = query.select(['id', 'factoryName']).orderBy('id');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  const factories = await list.execute();
  const ids = factories.map((factory) => factory.id);
  const lines = ids.length
    ? await db
        .selectFrom('production_line')
        .select(['id', 'factoryId', 'lineName', 'lineNum', 'status'])
        .where('factoryId', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  const rows = factories.map((factory) => ({
    ...factory,
    lineList: lines
      .filter((line) => line.factoryId === factory.id)
      .map(({ id, lineName, lineNum, status }) => ({ id, lineName, lineNum, status })),
  }));
  return { rows, total: Number(counted.count) };
}

export interface LineOptionRow {
  id: number;
  lineName: string;
  lineNum: string;
}

/** Every enabled line of the tenant (the platform administrator: of every tenant). */
export function enabledLines(db: Kysely<Database>, tenancy: Tenancy): Promise<LineOptionRow[]> {
  return linesInScope(db, tenancy)
    .select(['production_line.id', 'production_line.lineName', 'production_line.lineNum'])
    .where('production_line.status', '=', 1)
    .orderBy('production_line.factoryId')
    .orderBy('production_line.id')
    .execute();
}

/** The enabled lines assigned to one user (account_line). */
export function enabledLinesOfAccount(db: Kysely<Database>, accountId: number): Promise<LineOptionRow[]> {
  return db
    .selectFrom('account_line')
    .innerJoin('production_line', 'production_line.id', 'account_line.lineId')
    .select(['production_line.id', 'production_line.lineName', 'production_line.lineNum'])
    .where('account_line.accountId', '=', accountId)
    .where('production_line.status', '=', 1)
    .orderBy('production_line.factoryId')
    .orderBy('production_line.id')
    .execute();
}

/** Whether another line of the factory already has this code (the unique index would refuse it). */
export async function lineNumTaken(
  db: Kysely<Database>,
  factoryId: number,
  lineNum: string,
  exceptLineId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('production_line')
    .select('id')
    .where('factoryId', '=', factoryId)
    .where('lineNum', '=', lineNum);
  if (exceptLineId !== undefined) query = query.where('id', '<>', exceptLineId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export interface LineFields {
  factoryId: number;
  lineName: string;
  lineNum: string;
}

export async function insertLine(db: Kysely<Database>, fields: LineFields, now: number): Promise<number> {
  const row = await db
    .insertInto('production_line')
    .values({ ...fields, status: 1, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLine(db: Kysely<Database>, id: number, fields: LineFields): Promise<void> {
  await db.updateTable('production_line').set(fields).where('id', '=', id).execute();
}

export async function setLineStatus(db: Kysely<Database>, id: number, status: 0 | 1): Promise<void> {
  await db.updateTable('production_line').set({ status }).where('id', '=', id).execute();
}

export async function terminalCountOnLine(db: Kysely<Database>, lineId: number): Promise<number> {
  const row = await db
    .selectFrom('terminal')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('lineId', '=', lineId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function removeLine(db: Kysely<Database>, id: number): Promise<void> {
  // account_line cascades, but saying it keeps the delete independent of the FK pragma.
  await db.deleteFrom('account_line').where('lineId', '=', id).execute();
  await db.deleteFrom('production_line').where('id', '=', id).execute();
}
