import type { InspectionLevel, PublishStatus } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { deleteUnreferencedFiles } from '../../platform/file-references.js';
import { normalise, type ProductRow, productsInScope, withColumns } from '../../platform/products.js';
import type { Database } from '../../platform/schema.js';
import type { Tenancy } from '../../platform/tenancy.js';

export interface ProductFilters {
  productTypeId?: number | undefined;
  publishStatus?: PublishStatus | undefined;
}

export interface ProductCounts {
  producingCount: number;
  unPublishCount: number;
  publishCount: number;
}

/**
 * The tenant's products, newest first, with the totals of each status over the
 * type filter only (the center shows them whatever status is picked).
 */
export async function productPage(
  db: Kysely<Database>,
  tenancy: Tenancy,
  filters: ProductFilters,
  paging: { page: number; pageSize: number },
): Promise<{ rows: ProductRow[]; total: number; counts: ProductCounts }> {
  let typed = productsInScope(db, tenancy);
  if (filters.productTypeId !== undefined) typed = typed.where('product.productTypeId', '=', filters.productTypeId);
  const byStatus = await typed
    .select((eb) => ['product.publishStatus', eb.fn.countAll<number>().as('n')])
    .groupBy('product.publishStatus')
    .execute();
  const countOf = (status: PublishStatus) => Number(byStatus.find((row) => row.publishStatus === status)?.n ?? 0);
  const counts = { producingCount: countOf('PRODUCTING'), unPublishCount: countOf('UNPUBLISH'), publishCount: countOf('PUBLISH') };

  const filtered = filters.publishStatus !== undefined ? typed.where('product.publishStatus', '=', filters.publishStatus) : typed;
  const total =
    filters.publishStatus !== undefined
      ? countOf(filters.publishStatus)
      : byStatus.reduce((sum, row) => sum + Number(row.n), 0);
  let list = withColumns(filtered).orderBy('product.createTime', 'desc').orderBy('product.id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: (await list.execute()).map(normalise), total, counts };
}

export interface ProductFields {
  productTypeId: number;
  number: string;
  code: string;
  connectInternet: boolean;
  communicationId: string;
  dataFormatId: number;
  description: string;
  /** GB/T 2828.1 sampling of its stock batches */
  inspectionLevel: InspectionLevel;
  aql: number;
}

/** Whether another product already has this model number (column `number`) or code. */
export async function productValueTaken(
  db: Kysely<Database>,
  column: 'number' | 'code',
  value: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db.selectFrom('product').select('id').where(column, '=', value);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

function columnsOf(fields: ProductFields) {
  return { ...fields, connectInternet: fields.connectInternet ? 1 : 0 };
}

export async function insertProduct(db: Kysely<Database>, fields: ProductFields, ownerId: number, now: number): Promise<number> {
  const row = await db
    .insertInto('product')
    .values({ ...columnsOf(fields), ownerId, publishStatus: 'UNPUBLISH', createTime: now, publishTime: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(db: Kysely<Database>, id: number, fields: ProductFields): Promise<void> {
  await db.updateTable('product').set(columnsOf(fields)).where('id', '=', id).execute();
}

/** The GB/T 2828.1 sampling settings of a product, and nothing else of it. */
export interface SamplingSettings {
  inspectionLevel: InspectionLevel;
  aql: number;
}

export async function updateSampling(db: Kysely<Database>, id: number, settings: SamplingSettings): Promise<void> {
  await db
    .updateTable('product')
    .set({ inspectionLevel: settings.inspectionLevel, aql: settings.aql })
    .where('id', '=', id)
    .execute();
}

export async function setPublishStatus(
  db: Kysely<Database>,
  id: number,
  publishStatus: PublishStatus,
  publishTime: number | null,
): Promise<void> {
  await db.updateTable('product').set({ publishStatus, publishTime }).where('id', '=', id).execute();
}

/** How many flows the product has, and how many of them are not normal. */
export async function flowHealth(db: Kysely<Database>, productId: number): Promise<{ flows: number; abnormal: number }> {
  const rows = await db
    .selectFrom('product_flow')
    .select((eb) => ['normal', eb.fn.countAll<number>().as('n')])
    .where('productId', '=', productId)
    .groupBy('normal')
    .execute();
  const flows = rows.reduce((sum, row) => sum + Number(row.n), 0);
  const abnormal = rows.filter((row) => Number(row.normal) !== 1).reduce((sum, row) => sum + Number(row.n), 0);
  return { flows, abnormal };
}

/**
 * Copies the properties and flows (auto-check items remapped to the new
 * properties, manual items, the same work-instruction file row) of `fromId` to
 * `toId`. Firmware is not copied.
 */
export async function copyDefinition(db: Kysely<Database>, fromId: number, toId: number, now: number): Promise<void> {
  const properties = await db.selectFrom('product_property').selectAll().where('productId', '=', fromId).orderBy('id').execute();
  const propertyIds = new Map<number, number>();
  for (const { id, ...property } of properties) {
    const copy = await db
      .insertInto('product_property')
      .values({ ...property, productId: toId, createTime: now, updateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    propertyIds.set(id, copy.id);
  }

  const flows = await db.selectFrom('product_flow').selectAll().where('productId', '=', fromId).orderBy('sequence').execute();
  for (const { id, ...flow } of flows) {
    const copy = await db
      .insertInto('product_flow')
      .values({ ...flow, productId: toId, createTime: now, updateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = await db.selectFrom('flow_item').selectAll().where('flowId', '=', id).orderBy('sequence').execute();
    const copiedItems = items
      .filter((item) => propertyIds.has(item.propertyId))
      .map((item) => ({ ...item, flowId: copy.id, propertyId: propertyIds.get(item.propertyId)! }));
    if (copiedItems.length > 0) await db.insertInto('flow_item').values(copiedItems).execute();
    const manual = await db
      .selectFrom('flow_manual_item')
      .select(['sequence', 'manualValue'])
      .where('flowId', '=', id)
      .orderBy('sequence')
      .orderBy('id')
      .execute();
    if (manual.length > 0) {
      await db
        .insertInto('flow_manual_item')
        .values(manual.map((item) => ({ ...item, flowId: copy.id })))
        .execute();
    }
  }
}

/**
 * Deletes a product with everything defined under it (spelled out rather than left
 * to the cascades) and the stored_file rows of its flows' instructions and its
 * firmware that nothing else names any more (a copy shares its original's
 * instruction rows). Answers the sha-256 of the file rows removed, whose blobs the
 * caller releases after the commit.
 */
export async function removeProduct(db: Kysely<Database>, id: number): Promise<string[]> {
  const flowIds = (await db.selectFrom('product_flow').select('id').where('productId', '=', id).execute()).map((row) => row.id);
  const pdfFileIds = (
    await db.selectFrom('product_flow').select('pdfFileId').where('productId', '=', id).where('pdfFileId', 'is not', null).execute()
  ).map((row) => row.pdfFileId!);
  const firmwareFileIds = (await db.selectFrom('firmware').select('fileId').where('productId', '=', id).execute()).map(
    (row) => row.fileId,
  );

  if (flowIds.length > 0) {
    await db.deleteFrom('flow_manual_item').where('flowId', 'in', flowIds).execute();
    await db.deleteFrom('flow_item').where('flowId', 'in', flowIds).execute();
  }
  await db.deleteFrom('product_flow').where('productId', '=', id).execute();
  await db.deleteFrom('product_property').where('productId', '=', id).execute();
  await db.deleteFrom('firmware').where('productId', '=', id).execute();
  await db.deleteFrom('product').where('id', '=', id).execute();

  return deleteUnreferencedFiles(db, [...new Set([...pdfFileIds, ...firmwareFileIds])]);
}
