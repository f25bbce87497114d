import { DTU_STATUS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import { dtuColumns, type DtuRow, dtusInScope, findDtu } from '../../platform/dtus.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import type { Tenancy } from '../../platform/tenancy.js';
import { containsText } from '../../platform/text-match.js';
import type { ModuleFields } from './communication-module.repository.js';

/** The enabled DTUs of a module, newest first. */
export async function moduleDtuPage(
  db: Kysely<Database>,
  tenancy: Tenancy,
  moduleId: number,
  dtuType: string | undefined,
  paging: PageRequest,
): Promise<{ rows: DtuRow[]; total: number }> {
  let query = dtusInScope(db, tenancy).where('dtu.communicationPartId', '=', moduleId).where('dtu.status', '=', DTU_STATUS.enabled);
  if (dtuType) query = query.where(containsText('dtu.dtuType', dtuType));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = query.select(dtuColumns).orderBy('dtu.createTime', 'desc').orderBy('dtu.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  const rows = (await list.execute()) as DtuRow[];
  return { rows: rows.map((row) => ({ ...row, createTime: Number(row.createTime) })), total: Number(counted.count) };
}

/**
 * A DTU of a module in the tenant (enabled or archived), or undefined: a DTU of
 * the parts screen is as unknown here as a missing one. `lock` (PostgreSQL) holds
 * the row until the transaction ends, so an edit and an archive run one after the other.
 */
export async function findModuleDtu(
  db: Kysely<Database>,
  tenancy: Tenancy,
  id: number,
  lock?: Dialect,
): Promise<DtuRow | undefined> {
  if (lock === 'postgres') {
    let locking = db.selectFrom('dtu').select('id').where('id', '=', id);
    if (tenancy.ownerId !== null) locking = locking.where('ownerId', '=', tenancy.ownerId);
    await locking.forUpdate().execute();
  }
  const row = await findDtu(db, tenancy, id);
  if (!row || row.communicationPartId === null) return undefined;
  return { ...row, createTime: Number(row.createTime) };
}

/** Whether another enabled DTU of the tenant, of either screen, has this model (dtu_type_enabled would refuse it). */
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

export interface ModuleDtuFiles {
  bomListFileId: number;
  productFileId: number;
  otherRequestFileId: number;
}

/**
 * The columns a module's DTU takes from its module: a module's DTUs are networked
 * by the module's method and have no serial line of their own (bandRate null).
 */
export function inheritedColumns(module: ModuleFields, communicationTypeDesc: string) {
  return {
    modelType: module.modelType,
    productCompany: module.productCompany,
    standardVoltage: module.standardVoltage,
    communicationType: module.communicationType,
    communicationTypeDesc,
    connectInternet: 1,
    bandRate: null,
  };
}

export async function insertModuleDtu(
  db: Kysely<Database>,
  module: { id: number; ownerId: number },
  values: ReturnType<typeof inheritedColumns> & ModuleDtuFiles & { dtuType: string },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('dtu')
    .values({
      ...values,
      ownerId: module.ownerId,
      communicationPartId: module.id,
      fittingId: null,
      status: DTU_STATUS.enabled,
      createTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateModuleDtu(
  db: Kysely<Database>,
  id: number,
  values: { dtuType: string } & Partial<ModuleDtuFiles>,
): Promise<void> {
  await db.updateTable('dtu').set(values).where('id', '=', id).execute();
}

/** Archives a DTU: it leaves every list and takes no task; its history stays. */
export async function archiveDtu(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db.updateTable('dtu').set({ status: DTU_STATUS.archived, archiveTime: now }).where('id', '=', id).execute();
}

/** The enabled DTUs of a module take its edited fields; archived ones keep what they were made with. */
export async function dtusFollowModule(
  db: Kysely<Database>,
  moduleId: number,
  columns: ReturnType<typeof inheritedColumns>,
): Promise<void> {
  await db
    .updateTable('dtu')
    .set(columns)
    .where('communicationPartId', '=', moduleId)
    .where('status', '=', DTU_STATUS.enabled)
    .execute();
}
