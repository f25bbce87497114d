import type { Kysely, Selectable } from 'kysely';
import type { ProductScope } from '../../platform/product-guard.js';
import { propertiesWithNames, type PropertyRow } from '../../platform/product-properties.js';
import type { Database, ProductPropertyTable } from '../../platform/schema.js';

/** What a property stores: the common fields and only those of its data type (the others null). */
export type StoredPropertyFields = Omit<Selectable<ProductPropertyTable>, 'id' | 'productId' | 'createTime' | 'updateTime'>;

/** A product's properties in creation order; pageSize 0 answers all of them. */
export async function propertyPage(
  db: Kysely<Database>,
  productId: number,
  paging: { page: number; pageSize: number },
): Promise<{ rows: PropertyRow[]; total: number }> {
  const counted = await db
    .selectFrom('product_property')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('productId', '=', productId)
    .executeTakeFirstOrThrow();
  let list = propertiesWithNames(db).where('product_property.productId', '=', productId).orderBy('product_property.id');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: await list.execute(), total: Number(counted.count) };
}

/** One property whose product is in the scope, or undefined. */
export function findProperty(db: Kysely<Database>, scope: ProductScope, id: number): Promise<PropertyRow | undefined> {
  let query = propertiesWithNames(db)
    .innerJoin('product', 'product.id', 'product_property.productId')
    .where('product_property.id', '=', id);
  if (scope.ownerId !== null) query = query.where('product.ownerId', '=', scope.ownerId);
  return query.executeTakeFirst();
}

/** Whether another property of the product already has this code (the unique index would refuse it). */
export async function propertyCodeTaken(
  db: Kysely<Database>,
  productId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db.selectFrom('product_property').select('id').where('productId', '=', productId).where('code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function unitExists(db: Kysely<Database>, unitId: number): Promise<boolean> {
  return (await db.selectFrom('unit').select('id').where('id', '=', unitId).executeTakeFirst()) !== undefined;
}

export async function insertProperty(
  db: Kysely<Database>,
  productId: number,
  fields: StoredPropertyFields,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('product_property')
    .values({ productId, ...fields, createTime: now, updateTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProperty(db: Kysely<Database>, id: number, fields: StoredPropertyFields, now: number): Promise<void> {
  await db
    .updateTable('product_property')
    .set({ ...fields, updateTime: now })
    .where('id', '=', id)
    .execute();
}

/** The flows that check the property (have an auto-check item on it). */
export async function flowsCheckingProperty(db: Kysely<Database>, propertyId: number): Promise<number[]> {
  const rows = await db.selectFrom('flow_item').select('flowId').where('propertyId', '=', propertyId).execute();
  return rows.map((row) => row.flowId);
}

/** Flags flows whose checked properties changed since they were saved (the warning icon; publish waits). */
export async function markFlowsAbnormal(db: Kysely<Database>, flowIds: readonly number[]): Promise<void> {
  if (flowIds.length === 0) return;
  await db.updateTable('product_flow').set({ normal: 0 }).where('id', 'in', flowIds).execute();
}

/** The property and its auto-check items (the flows keep their other items). */
export async function removeProperty(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('flow_item').where('propertyId', '=', id).execute();
  await db.deleteFrom('product_property').where('id', '=', id).execute();
}
