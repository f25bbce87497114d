import type { FirmwareType } from '@factory/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, FirmwareTable, StoredFileTable } from '../../platform/schema.js';
import type { Tenancy } from '../../platform/tenancy.js';

/** A firmware row with its stored file's key, hash, name and size. */
export type FirmwareRow = Selectable<FirmwareTable> & Pick<Selectable<StoredFileTable>, 'fileKey' | 'sha256' | 'originName' | 'size'>;

function firmwareInScope(db: Kysely<Database>, tenancy: Tenancy) {
  let query = db
    .selectFrom('firmware')
    .innerJoin('product', 'product.id', 'firmware.productId')
    .innerJoin('stored_file', 'stored_file.id', 'firmware.fileId')
    .select([
      'firmware.id',
      'firmware.productId',
      'firmware.type',
      'firmware.versionNumber',
      'firmware.description',
      'firmware.status',
      'firmware.fileId',
      'stored_file.fileKey',
      'stored_file.sha256',
      'stored_file.originName',
      'stored_file.size',
      'firmware.createTime',
      'firmware.updateTime',
    ]);
  if (tenancy.ownerId !== null) query = query.where('product.ownerId', '=', tenancy.ownerId);
  return query;
}

/** One type of firmware of a product, newest first. */
export async function firmwarePage(
  db: Kysely<Database>,
  productId: number,
  type: FirmwareType,
  paging: { page: number; pageSize: number },
): Promise<{ rows: FirmwareRow[]; total: number }> {
  const counted = await db
    .selectFrom('firmware')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('productId', '=', productId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  let list = firmwareInScope(db, { ownerId: null })
    .where('firmware.productId', '=', productId)
    .where('firmware.type', '=', type)
    .orderBy('firmware.createTime', 'desc')
    .orderBy('firmware.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: await list.execute(), total: Number(counted.n) };
}

/** A firmware of a product of the tenant, or undefined. */
export function findFirmware(db: Kysely<Database>, tenancy: Tenancy, id: number): Promise<FirmwareRow | undefined> {
  return firmwareInScope(db, tenancy).where('firmware.id', '=', id).executeTakeFirst();
}

export async function insertFirmware(
  db: Kysely<Database>,
  values: { productId: number; type: FirmwareType; versionNumber: string; description: string; fileId: number },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('firmware')
    .values({ ...values, status: 'STOP', createTime: now, updateTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFirmware(
  db: Kysely<Database>,
  id: number,
  values: { versionNumber: string; description: string; fileId?: number },
  now: number,
): Promise<void> {
  await db
    .updateTable('firmware')
    .set({ ...values, updateTime: now })
    .where('id', '=', id)
    .execute();
}

export async function setFirmwareStatus(db: Kysely<Database>, id: number, status: 'USE' | 'STOP', now: number): Promise<void> {
  await db.updateTable('firmware').set({ status, updateTime: now }).where('id', '=', id).execute();
}

/** Stops the firmware in use of the product and type (all but `exceptId`). */
export async function stopOthersInUse(
  db: Kysely<Database>,
  firmware: { id: number; productId: number; type: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('firmware')
    .set({ status: 'STOP', updateTime: now })
    .where('productId', '=', firmware.productId)
    .where('type', '=', firmware.type)
    .where('status', '=', 'USE')
    .where('id', '<>', firmware.id)
    .execute();
}

export async function deleteFirmwareRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('firmware').where('id', '=', id).execute();
}
