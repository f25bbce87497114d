import { DTU_STATUS, type DtuFields } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import { dtuColumns, type DtuRow, dtusInScope } from '../../platform/dtus.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import type { Tenancy } from '../../platform/tenancy.js';
import { containsText } from '../../platform/text-match.js';

export interface DtuFilters {
  fittingId: number;
  communicationType?: string | undefined;
  /** model, contains */
  dtuType?: string | undefined;
}

/** The enabled DTUs of a part, newest first; pageSize 0 answers all of them. */
export async function dtuPage(
  db: Kysely<Database>,
  tenancy: Tenancy,
  filters: DtuFilters,
  paging: PageRequest,
): Promise<{ rows: DtuRow[]; total: number }> {
  let query = dtusInScope(db, tenancy).where('dtu.fittingId', '=', filters.fittingId).where('dtu.status', '=', DTU_STATUS.enabled);
  if (filters.communicationType) query = query.where('dtu.communicationType', '=', filters.communicationType);
  if (filters.dtuType) query = query.where(containsText('dtu.dtuType', filters.dtuType));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = query.select(dtuColumns).orderBy('dtu.createTime', 'desc').orderBy('dtu.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: (await list.execute()) as DtuRow[], total: Number(counted.count) };
}

export interface ListedPart {
  id: number;
  ownerId: number;
  fittingType: number;
}

/** A listed part (status 1) of the tenant, or undefined: a deleted part takes no DTU. */
export function findListedPart(db: Kysely<Database>, tenancy: Tenancy, id: number): Promise<ListedPart | undefined> {
  let query = db.selectFrom('fitting').select(['id', 'ownerId', 'fittingType']).where('id', '=', id).where('status', '=', 1);
  if (tenancy.ownerId !== null) query = query.where('ownerId', '=', tenancy.ownerId);
  return query.executeTakeFirst();
}

/** What a DTU write reads of the DTU it changes. */
export interface LockedDtu {
  id: number;
  ownerId: number;
  fittingId: number | null;
  dtuType: string;
  status: number;
  communicationType: string | null;
}

/**
 * The DTU in the caller's scope, read inside the write's transaction. On PostgreSQL
 * the row stays locked until the transaction ends, so an archive and an edit of one
 * DTU (or a property added to it meanwhile) run one after the other.
 */
export function lockDtu(tx: Db, tenancy: Tenancy, id: number): Promise<LockedDtu | undefined> {
  let query = tx.kysely.selectFrom('dtu').select(['id', 'ownerId', 'fittingId', 'dtuType', 'status', 'communicationType']).where('id', '=', id);
  if (tenancy.ownerId !== null) query = query.where('ownerId', '=', tenancy.ownerId);
  if (tx.dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Whether another enabled DTU of the tenant already has this model (the partial unique index would refuse it). */
export async function dtuTypeTaken(db: Kysely<Database>, ownerId: number, dtuType: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('dtu')
    .select('id')
    .where('ownerId', '=', ownerId)
    .where('dtuType', '=', dtuType)
    .where('status', '=', DTU_STATUS.enabled);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The stored-file ids a DTU names, by column. */
export interface DtuFileIds {
  testFirmwareFileId: number | null;
  productFileId: number | null;
  bomListFileId: number | null;
  otherRequestFileId: number | null;
  frontImageFileId: number | null;
  backImageFileId: number | null;
}

/** What a part's DTU stores of a validated form: its fields with the files resolved to stored_file ids. */
export type StoredDtuFields = Omit<
  DtuFields,
  'fittingId' | 'connectInternet' | 'testFirmwareUrl' | 'productFileUrl' | 'bomListFileUrl' | 'otherRequestFileUrl' | 'frontImageUrl' | 'backImageUrl'
> &
  DtuFileIds & { connectInternet: number };

export async function insertDtu(
  db: Kysely<Database>,
  owner: { ownerId: number; fittingId: number },
  fields: StoredDtuFields,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('dtu')
    .values({ ...owner, ...fields, communicationPartId: null, status: DTU_STATUS.enabled, createTime: now, archiveTime: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDtu(db: Kysely<Database>, id: number, fields: StoredDtuFields): Promise<void> {
  await db.updateTable('dtu').set(fields).where('id', '=', id).execute();
}

export async function dtuFileIds(db: Kysely<Database>, id: number): Promise<DtuFileIds> {
  return db
    .selectFrom('dtu')
    .select(['testFirmwareFileId', 'productFileId', 'bomListFileId', 'otherRequestFileId', 'frontImageFileId', 'backImageFileId'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function archiveDtuRow(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db.updateTable('dtu').set({ status: DTU_STATUS.archived, archiveTime: now }).where('id', '=', id).execute();
}

export async function serialPropertyCount(db: Kysely<Database>, dtuId: number): Promise<number> {
  const row = await db
    .selectFrom('dtu_serial_property')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('dtuId', '=', dtuId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
