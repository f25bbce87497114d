import { aqlText, type InspectionLevel, MSG, PRODUCT_LIMITS, type Product, type PublishStatus } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { lookupExists } from '../../platform/lookups.js';
import { findProduct, type ProductRow } from '../../platform/products.js';
import type { Database } from '../../platform/schema.js';
import { isUniqueViolation, type Tenancy } from '../../platform/tenancy.js';
import { formatTime } from '../../platform/time.js';
import {
  copyDefinition,
  flowHealth,
  insertProduct,
  type ProductFields,
  productValueTaken,
  removeProduct,
  type SamplingSettings,
  setPublishStatus,
  updateProduct,
  updateSampling,
} from './product.repository.js';

/** `型号(编号)`, how the operation log names a product. */
export const productLabel = (product: { number: string; code: string }) => `${product.number}(${product.code})`;

export function toProduct(row: ProductRow, timeZone: string): Product {
  return {
    id: row.id,
    productTypeId: row.productTypeId,
    productTypeName: row.productTypeName,
    number: row.number,
    code: row.code,
    connectInternet: Number(row.connectInternet) === 1,
    communicationId: row.communicationId,
    communicationName: row.communicationName,
    dataFormatId: row.dataFormatId,
    dataFormatName: row.dataFormatName,
    description: row.description,
    inspectionLevel: row.inspectionLevel as InspectionLevel,
    aql: row.aql,
    publishStatus: row.publishStatus as PublishStatus,
    createTime: formatTime(row.createTime, timeZone),
    publishTime: row.publishTime === null ? null : formatTime(row.publishTime, timeZone),
    flowCount: row.flowCount,
    propertyCount: row.propertyCount,
  };
}

/** Whether a production task that is not finished uses the product. */
export async function productInUseByTask(db: Kysely<Database>, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('task')
    .select('id')
    .where('productId', '=', productId)
    .where('status', '<>', 'FINISH')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A product of the caller's tenant (404 otherwise), its row locked on PostgreSQL
 * until the transaction `tx` ends. Pass the transaction the write runs in.
 */
export async function requireProductRow(tx: Db, tenancy: Tenancy, id: number): Promise<ProductRow> {
  const product = await findProduct(tx.kysely, tenancy, id, { lock: tx.dialect === 'postgres' });
  if (!product) throw notFound();
  return product;
}

/** The form's "required" message for a reference that names no seeded row. */
async function checkLookups(db: Kysely<Database>, fields: ProductFields): Promise<void> {
  if (!(await lookupExists(db, 'product_type', fields.productTypeId))) throw badRequest(MSG.productTypeRequired);
  if (!(await lookupExists(db, 'communication_type', fields.communicationId))) throw badRequest(MSG.communicationRequired);
  if (!(await lookupExists(db, 'data_format', fields.dataFormatId))) throw badRequest(MSG.dataFormatRequired);
}

async function checkUnique(db: Kysely<Database>, fields: ProductFields, exceptId?: number): Promise<void> {
  if (await productValueTaken(db, 'number', fields.number, exceptId)) throw conflict(MSG.productNumberTaken);
  if (await productValueTaken(db, 'code', fields.code, exceptId)) throw conflict(MSG.productCodeTaken);
}

/** Runs a write guarded by the unique indexes, answering 409 if a concurrent call won the race. */
async function withUniqueValues<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const text = `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message ?? ''}`;
      throw conflict(/number/.test(text) ? MSG.productNumberTaken : MSG.productCodeTaken);
    }
    throw error;
  }
}

/** A new product starts unpublished, owned by the creator's tenant. */
export async function createProduct(tx: Db, ownerId: number, fields: ProductFields): Promise<number> {
  const trx = tx.kysely;
  await checkLookups(trx, fields);
  await checkUnique(trx, fields);
  return withUniqueValues(() => insertProduct(trx, fields, ownerId, Date.now()));
}

/**
 * Only an unpublished product can be edited, its stock sampling (inspection level, AQL)
 * included: the rule forbids any edit of a published product (editSampling changes those
 * two alone, whatever the status). Answers the product as it was.
 */
export async function editProduct(
  tx: Db,
  tenancy: Tenancy,
  id: number,
  fields: ProductFields,
): Promise<ProductRow> {
  const product = await requireProductRow(tx, tenancy, id);
  const trx = tx.kysely;
  await checkLookups(trx, fields);
  if (product.publishStatus !== 'UNPUBLISH') throw conflict(MSG.productNotEditable);
  await checkUnique(trx, fields, id);
  await withUniqueValues(() => updateProduct(trx, id, fields));
  return product;
}

/**
 * The stock sampling settings (inspection level, AQL) of a product, whatever its publish
 * status: unlike the rest of the product they may change while it is published or made
 * (a quality manager tightens the AQL after rejected batches). A batch copies them when it
 * is closed, so the batches closed already keep their plan; only batches closed from now
 * on take the new one. Answers the product as it was.
 */
export async function editSampling(tx: Db, tenancy: Tenancy, id: number, settings: SamplingSettings): Promise<ProductRow> {
  const product = await requireProductRow(tx, tenancy, id);
  await updateSampling(tx.kysely, id, settings);
  return product;
}

/** `检验水平 II → III, AQL 1.0 → 0.65`: what changed, as the operation log says it (both, even if one is unchanged). */
export function samplingChange(before: SamplingSettings, after: SamplingSettings): string {
  const change = (from: string, to: string) => (from === to ? to : `${from} → ${to}`);
  return `检验水平 ${change(before.inspectionLevel, after.inspectionLevel)}, AQL ${change(aqlText(before.aql), aqlText(after.aql))}`;
}

/** UNPUBLISH → PUBLISH, with at least one flow and every flow normal. */
export async function publishProduct(tx: Db, tenancy: Tenancy, id: number): Promise<ProductRow> {
  const product = await requireProductRow(tx, tenancy, id);
  const trx = tx.kysely;
  if (product.publishStatus !== 'UNPUBLISH') throw conflict(MSG.productNotUnpublished);
  const health = await flowHealth(trx, id);
  if (health.flows === 0) throw conflict(MSG.productHasNoFlow);
  if (health.abnormal > 0) throw conflict(MSG.productHasAbnormalFlow);
  await setPublishStatus(trx, id, 'PUBLISH', Date.now());
  return product;
}

/**
 * PUBLISH or PRODUCTING → UNPUBLISH, unless a task that is not finished uses the
 * product. The publish time is cleared: it is the time of the current publication.
 */
export async function revokeProduct(tx: Db, tenancy: Tenancy, id: number): Promise<ProductRow> {
  const product = await requireProductRow(tx, tenancy, id);
  const trx = tx.kysely;
  if (product.publishStatus === 'UNPUBLISH') throw conflict(MSG.productAlreadyUnpublished);
  if (await productInUseByTask(trx, id)) throw conflict(MSG.productInUse);
  await setPublishStatus(trx, id, 'UNPUBLISH', null);
  return product;
}

/** `value_copy`, then `value_copy2`, `value_copy3` …, cut so the whole fits 32 characters. */
export async function copyValue(db: Kysely<Database>, column: 'number' | 'code', value: string): Promise<string> {
  const max = column === 'number' ? PRODUCT_LIMITS.numberMax : PRODUCT_LIMITS.codeMax;
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '_copy' : `_copy${n}`;
    const candidate = `${value.slice(0, max - suffix.length)}${suffix}`;
    if (!(await productValueTaken(db, column, candidate))) return candidate;
  }
}

/**
 * A new unpublished product of the same tenant with the same fields, properties
 * and flows, whatever the original's status. Answers the copy's id and label.
 */
export async function copyProduct(
  tx: Db,
  tenancy: Tenancy,
  id: number,
): Promise<{ original: ProductRow; id: number; number: string; code: string }> {
  const original = await requireProductRow(tx, tenancy, id);
  const trx = tx.kysely;
  const number = await copyValue(trx, 'number', original.number);
  const code = await copyValue(trx, 'code', original.code);
  const now = Date.now();
  const fields: ProductFields = {
    productTypeId: original.productTypeId,
    number,
    code,
    connectInternet: Number(original.connectInternet) === 1,
    communicationId: original.communicationId,
    dataFormatId: original.dataFormatId,
    description: original.description,
    inspectionLevel: original.inspectionLevel as InspectionLevel,
    aql: original.aql,
  };
  const copyId = await withUniqueValues(() => insertProduct(trx, fields, original.ownerId, now));
  await copyDefinition(trx, id, copyId, now);
  return { original, id: copyId, number, code };
}

/**
 * Only an unpublished product can be deleted, with its properties, flows and
 * firmware. Answers the product and the sha-256 of the file rows removed.
 */
export async function deleteProduct(
  tx: Db,
  tenancy: Tenancy,
  id: number,
): Promise<{ product: ProductRow; releasedFiles: string[] }> {
  const product = await requireProductRow(tx, tenancy, id);
  const trx = tx.kysely;
  if (product.publishStatus !== 'UNPUBLISH') throw conflict(MSG.productNotUnpublished);
  const releasedFiles = await removeProduct(trx, id);
  return { product, releasedFiles };
}
