import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import type { Tenancy } from '../../platform/tenancy.js';
import { containsText } from '../../platform/text-match.js';

export interface ModuleRow {
  id: number;
  ownerId: number;
  modelType: string;
  communicationType: string;
  standardVoltage: string;
  productCompany: string;
  imageFileId: number | null;
  imageKey: string | null;
  status: number;
  createTime: number;
  /** enabled DTUs of the module */
  dtuCount: number;
}

/** The listed modules (status 1) of the tenant, every tenant's for the platform administrator. */
function listedModules(db: Kysely<Database>, tenancy: Tenancy) {
  let query = db
    .selectFrom('communication_module as module')
    .leftJoin('stored_file as image', 'image.id', 'module.imageFileId')
    .where('module.status', '=', 1);
  if (tenancy.ownerId !== null) query = query.where('module.ownerId', '=', tenancy.ownerId);
  return query;
}

function selectModule(query: ReturnType<typeof listedModules>) {
  return query.select((eb) => [
    'module.id',
    'module.ownerId',
    'module.modelType',
    'module.communicationType',
    'module.standardVoltage',
    'module.productCompany',
    'module.imageFileId',
    'image.fileKey as imageKey',
    'module.status',
    'module.createTime',
    eb
      .selectFrom('dtu')
      .select((sub) => sub.fn.countAll<number>().as('count'))
      .whereRef('dtu.communicationPartId', '=', 'module.id')
      .where('dtu.status', '=', 1)
      .as('dtuCount'),
  ]);
}

const withCount = (row: Omit<ModuleRow, 'dtuCount'> & { dtuCount: number | string | null }): ModuleRow => ({
  ...row,
  createTime: Number(row.createTime),
  dtuCount: Number(row.dtuCount ?? 0),
});

export interface ModuleFilters {
  communicationType?: string | undefined;
  /** model, contains */
  modelType?: string | undefined;
}

/** The listed modules, newest first. */
export async function modulePage(
  db: Kysely<Database>,
  tenancy: Tenancy,
  filters: ModuleFilters,
  paging: PageRequest,
): Promise<{ rows: ModuleRow[]; total: number }> {
  let query = listedModules(db, tenancy);
  if (filters.communicationType) query = query.where('module.communicationType', '=', filters.communicationType);
  if (filters.modelType) query = query.where(containsText('module.modelType', filters.modelType));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = selectModule(query).orderBy('module.createTime', 'desc').orderBy('module.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: (await list.execute()).map(withCount), total: Number(counted.count) };
}

/**
 * A listed module of the tenant, or undefined (deleted, missing and another
 * tenant's alike). `lock` (PostgreSQL): `update` for a change of the module
 * itself, `share` for a DTU written under it, so a delete or an edit never runs
 * beside a DTU being added to the module.
 */
export async function findModule(
  db: Kysely<Database>,
  tenancy: Tenancy,
  id: number,
  lock?: { dialect: Dialect; mode: 'update' | 'share' },
): Promise<ModuleRow | undefined> {
  if (lock?.dialect === 'postgres') {
    let locking = db.selectFrom('communication_module').select('id').where('id', '=', id);
    if (tenancy.ownerId !== null) locking = locking.where('ownerId', '=', tenancy.ownerId);
    await (lock.mode === 'update' ? locking.forUpdate() : locking.forShare()).execute();
  }
  const row = await selectModule(listedModules(db, tenancy).where('module.id', '=', id)).executeTakeFirst();
  return row ? withCount(row) : undefined;
}

/** Whether another listed module of the tenant has this model (the partial unique index would refuse it). */
export async function modelTypeTaken(db: Kysely<Database>, ownerId: number, modelType: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('communication_module')
    .select('id')
    .where('ownerId', '=', ownerId)
    .where('modelType', '=', modelType)
    .where('status', '=', 1);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export interface ModuleFields {
  modelType: string;
  communicationType: string;
  standardVoltage: string;
  productCompany: string;
}

export async function insertModule(
  db: Kysely<Database>,
  ownerId: number,
  fields: ModuleFields & { imageFileId: number | null },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('communication_module')
    .values({ ownerId, ...fields, status: 1, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateModule(db: Kysely<Database>, id: number, fields: ModuleFields & { imageFileId?: number }): Promise<void> {
  await db.updateTable('communication_module').set(fields).where('id', '=', id).execute();
}

/** Takes the module out of the lists; the row stays for the history of its archived DTUs. */
export async function markModuleDeleted(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('communication_module').set({ status: -1 }).where('id', '=', id).execute();
}
