import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import type { Tenancy } from '../../platform/tenancy.js';
import { containsText } from '../../platform/text-match.js';

export interface FittingRow {
  id: number;
  ownerId: number;
  fittingType: number;
  partDesc: string;
  imageFileId: number | null;
  imageKey: string | null;
  status: number;
  createTime: number;
  /** enabled DTU models of the part */
  dtuCount: number;
}

/** The listed parts (status 1) of the tenant, every tenant's for the platform administrator. */
function listedFittings(db: Kysely<Database>, tenancy: Tenancy) {
  let query = db
    .selectFrom('fitting')
    .leftJoin('stored_file as image', 'image.id', 'fitting.imageFileId')
    .where('fitting.status', '=', 1);
  if (tenancy.ownerId !== null) query = query.where('fitting.ownerId', '=', tenancy.ownerId);
  return query;
}

function selectFitting(query: ReturnType<typeof listedFittings>) {
  return query.select((eb) => [
    'fitting.id',
    'fitting.ownerId',
    'fitting.fittingType',
    'fitting.partDesc',
    'fitting.imageFileId',
    'image.fileKey as imageKey',
    'fitting.status',
    'fitting.createTime',
    eb
      .selectFrom('dtu')
      .select((sub) => sub.fn.countAll<number>().as('count'))
      .whereRef('dtu.fittingId', '=', 'fitting.id')
      .where('dtu.status', '=', 1)
      .as('dtuCount'),
  ]);
}

const withCount = (row: Omit<FittingRow, 'dtuCount'> & { dtuCount: number | string | null }): FittingRow => ({
  ...row,
  createTime: Number(row.createTime),
  dtuCount: Number(row.dtuCount ?? 0),
});

export interface FittingFilters {
  fittingType?: number | undefined;
  /** description, contains */
  partDesc?: string | undefined;
}

/** The listed parts, newest first. */
export async function fittingPage(
  db: Kysely<Database>,
  tenancy: Tenancy,
  filters: FittingFilters,
  paging: PageRequest,
): Promise<{ rows: FittingRow[]; total: number }> {
  let query = listedFittings(db, tenancy);
  if (filters.fittingType !== undefined) query = query.where('fitting.fittingType', '=', filters.fittingType);
  if (filters.partDesc) query = query.where(containsText('fitting.partDesc', filters.partDesc));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = selectFitting(query).orderBy('fitting.createTime', 'desc').orderBy('fitting.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: (await list.execute()).map(withCount), total: Number(counted.count) };
}

/**
 * A listed part of the tenant, or undefined (deleted, missing and another tenant's
 * alike). `lock` (PostgreSQL) holds the row until the transaction ends, so a
 * delete and a change of the part run one after the other.
 */
export async function findFitting(
  db: Kysely<Database>,
  tenancy: Tenancy,
  id: number,
  lock?: Dialect,
): Promise<FittingRow | undefined> {
  if (lock === 'postgres') {
    let locking = db.selectFrom('fitting').select('id').where('id', '=', id);
    if (tenancy.ownerId !== null) locking = locking.where('ownerId', '=', tenancy.ownerId);
    await locking.forUpdate().execute();
  }
  const row = await selectFitting(listedFittings(db, tenancy).where('fitting.id', '=', id)).executeTakeFirst();
  return row ? withCount(row) : undefined;
}

export interface FittingFields {
  fittingType: number;
  partDesc: string;
}

export async function insertFitting(
  db: Kysely<Database>,
  ownerId: number,
  fields: FittingFields & { imageFileId: number },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('fitting')
    .values({ ownerId, ...fields, status: 1, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFitting(
  db: Kysely<Database>,
  id: number,
  fields: FittingFields & { imageFileId?: number },
): Promise<void> {
  await db.updateTable('fitting').set(fields).where('id', '=', id).execute();
}

/** Takes the part out of the lists; the row stays for the history of its archived DTUs. */
export async function markFittingDeleted(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('fitting').set({ status: -1 }).where('id', '=', id).execute();
}
