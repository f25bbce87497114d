import type { PublishStatus } from '@factory/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductTable } from '../../platform/schema.js';
import type { Tenancy } from '../../platform/tenancy.js';

/** The five seeded reference lists, each served as `{ id, name }` in sequence order. */
export type LookupTableName = 'product_type' | 'communication_type' | 'data_format' | 'data_type' | 'unit';

export function lookupList(db: Kysely<Database>, table: LookupTableName): Promise<{ id: number | string; name: string }[]> {
  // The five tables have the same shape; only the type of `id` differs.
  const lookups = db as unknown as Kysely<Record<LookupTableName, { id: number | string; name: string; sequence: number }>>;
  return lookups.selectFrom(table).select(['id', 'name']).orderBy('sequence').orderBy('id').execute();
}

export async function lookupExists(db: Kysely<Database>, table: LookupTableName, id: number | string): Promise<boolean> {
  const lookups = db as unknown as Kysely<Record<LookupTableName, { id: number | string }>>;
  const row = await lookups.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** A product row with the names of its references and the counts of its flows and properties. */
export type ProductRow = Selectable<ProductTable> & {
  productTypeName: string;
  communicationName: string;
  dataFormatName: string;
  flowCount: number;
  propertyCount: number;
};

function productsInScope(db: Kysely<Database>, tenancy: Tenancy) {
  let query = db
    .selectFrom('product')
    .innerJoin('product_type', 'product_type.id', 'product.productTypeId')
    .innerJoin('communication_type', 'communication_type.id', 'product.communicationId')
    .innerJoin('data_format', 'data_format.id', 'product.dataFormatId');
  if (tenancy.ownerId !== null) query = query.where('product.ownerId', '=', tenancy.ownerId);
  return query;
}

function withColumns(query: ReturnType<typeof productsInScope>) {
  return query.select((eb) => [
    'product.id',
    'product.productTypeId',
    'product_type.name as productTypeName',
    'product.number',
    'product.code',
    'product.connectInternet',
    'product.communicationId',
    'communication_type.name as communicationName',
    'product.dataFormatId',
    'data_format.name as dataFormatName',
    'product.description',
    'product.publishStatus',
    'product.ownerId',
    'product.createTime',
    'product.publishTime',
    eb
      .selectFrom('product_flow')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('product_flow.productId', '=', 'product.id')
      .$asScalar()
      .as('flowCount'),
    eb
      .selectFrom('product_property')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('product_property.productId', '=', 'product.id')
      .$asScalar()
      .as('propertyCount'),
  ]);
}

function normalise(row: Omit<ProductRow, 'flowCount' | 'propertyCount'> & { flowCount: unknown; propertyCount: unknown }): ProductRow {
  return {
    ...row,
    createTime: Number(row.createTime),
    publishTime: row.publishTime === null ? null : Number(row.publishTime),
    flowCount: Number(row.flowCount ?? 0),
    propertyCount: Number(row.propertyCount ?? 0),
  };
}

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

/**
 * One product of the tenant, or undefined (another tenant's product is as unknown
 * as a missing one). `lock` takes the row `for update` (PostgreSQL only: SQLite
 * runs one writing transaction at a time anyway), so status checks and the writes
 * that depend on them can not interleave with another call on the same product.
 */
export async function findProduct(
  db: Kysely<Database>,
  tenancy: Tenancy,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ProductRow | undefined> {
  if (options.lock) await db.selectFrom('product').select('id').where('id', '=', id).forUpdate().execute();
  const row = await withColumns(productsInScope(db, tenancy)).where('product.id', '=', id).executeTakeFirst();
  return row ? normalise(row) : undefined;
}

export interface ProductFields {
  productTypeId: number;
  number: string;
  code: string;
  connectInternet: boolean;
  communicationId: string;
  dataFormatId: number;
  description: string;
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

/**
 * Deletes those of the stored_file rows `fileIds` that no flow (of a product or a
 * task's snapshot), firmware or document names any more; answers their sha-256 (blobs to release after commit).
 */
export async function deleteUnreferencedFiles(db: Kysely<Database>, fileIds: readonly number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const named = new Set<number>();
  const flows = await db.selectFrom('product_flow').select('pdfFileId as fileId').where('pdfFileId', 'in', fileIds).execute();
  const firmware = await db.selectFrom('firmware').select('fileId').where('fileId', 'in', fileIds).execute();
  const documents = await db.selectFrom('document').select('fileId').where('fileId', 'in', fileIds).execute();
  const taskFlows = await db.selectFrom('task_flow').select('pdfFileId as fileId').where('pdfFileId', 'in', fileIds).execute();
  for (const row of [...flows, ...firmware, ...documents, ...taskFlows]) if (row.fileId !== null) named.add(row.fileId);
  const orphans = fileIds.filter((fileId) => !named.has(fileId));
  if (orphans.length === 0) return [];
  const files = await db.selectFrom('stored_file').select('sha256').where('id', 'in', orphans).execute();
  await db.deleteFrom('stored_file').where('id', 'in', orphans).execute();
  return [...new Set(files.map((file) => file.sha256))];
}
