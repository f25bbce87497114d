import type { Kysely, Selectable } from 'kysely';
import type { ProductScope } from '../../platform/product-guard.js';
import type { Database, FlowItemTable, FlowManualItemTable, ProductFlowTable } from '../../platform/schema.js';

/** A flow row with the name and key of its work-instruction PDF. */
export type FlowRow = Omit<Selectable<ProductFlowTable>, 'createTime'> & { pdfFileName: string | null; pdfFileKey: string | null };

export type FlowItemRow = Omit<Selectable<FlowItemTable>, 'sequence'>;

export type ManualItemRow = Omit<Selectable<FlowManualItemTable>, 'sequence'>;

/** The position of a flow within its product. */
export interface FlowPosition {
  id: number;
  sequence: number;
}

function flowsWithPdf(db: Kysely<Database>) {
  return db
    .selectFrom('product_flow')
    .leftJoin('stored_file', 'stored_file.id', 'product_flow.pdfFileId')
    .select([
      'product_flow.id',
      'product_flow.productId',
      'product_flow.name',
      'product_flow.sequence',
      'product_flow.bindMac',
      'product_flow.normal',
      'product_flow.flowType',
      'product_flow.pdfFileId',
      'stored_file.originName as pdfFileName',
      'stored_file.fileKey as pdfFileKey',
      'product_flow.updateTime',
    ]);
}

/** A product's flows in order. */
export function flowsOfProduct(db: Kysely<Database>, productId: number): Promise<FlowRow[]> {
  return flowsWithPdf(db)
    .where('product_flow.productId', '=', productId)
    .orderBy('product_flow.sequence')
    .orderBy('product_flow.id')
    .execute();
}

/** One flow whose product is in the scope, or undefined. */
export function findFlow(db: Kysely<Database>, scope: ProductScope, id: number): Promise<FlowRow | undefined> {
  let query = flowsWithPdf(db).innerJoin('product', 'product.id', 'product_flow.productId').where('product_flow.id', '=', id);
  if (scope.ownerId !== null) query = query.where('product.ownerId', '=', scope.ownerId);
  return query.executeTakeFirst();
}

/** The current order of a product's flows (read inside the reordering transaction, after the lock). */
export function flowOrder(db: Kysely<Database>, productId: number): Promise<FlowPosition[]> {
  return db
    .selectFrom('product_flow')
    .select(['id', 'sequence'])
    .where('productId', '=', productId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

/** Numbers the flows 1..n in the order given, writing only the rows whose number changes. */
export async function writeFlowOrder(db: Kysely<Database>, current: readonly FlowPosition[], ordered: readonly number[]): Promise<void> {
  const sequenceOf = new Map(current.map((flow) => [flow.id, flow.sequence]));
  for (const [index, id] of ordered.entries()) {
    if (sequenceOf.get(id) !== index + 1) {
      await db.updateTable('product_flow').set({ sequence: index + 1 }).where('id', '=', id).execute();
    }
  }
}

export function itemsOfFlows(db: Kysely<Database>, flowIds: readonly number[]): Promise<FlowItemRow[]> {
  if (flowIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('flow_item')
    .select(['flowId', 'propertyId', 'intervalNumber', 'normalValue', 'normalValueMax', 'normalStr', 'normalBoolean', 'normalEnums'])
    .where('flowId', 'in', flowIds)
    .orderBy('flowId')
    .orderBy('sequence')
    .execute();
}

export function manualItemsOfFlows(db: Kysely<Database>, flowIds: readonly number[]): Promise<ManualItemRow[]> {
  if (flowIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('flow_manual_item')
    .select(['id', 'flowId', 'manualValue'])
    .where('flowId', 'in', flowIds)
    .orderBy('flowId')
    .orderBy('sequence')
    .execute();
}

export interface FlowFields {
  name: string;
  bindMac: number;
  flowType: string;
  pdfFileId: number | null;
}

export async function insertFlow(
  db: Kysely<Database>,
  productId: number,
  sequence: number,
  fields: FlowFields,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('product_flow')
    .values({ productId, sequence, ...fields, normal: 1, createTime: now, updateTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Saving a flow makes it normal again: its standard values were just checked against the properties. */
export async function updateFlow(db: Kysely<Database>, id: number, fields: FlowFields, now: number): Promise<void> {
  await db
    .updateTable('product_flow')
    .set({ ...fields, normal: 1, updateTime: now })
    .where('id', '=', id)
    .execute();
}

export async function replaceItems(
  db: Kysely<Database>,
  flowId: number,
  items: readonly Omit<FlowItemRow, 'flowId'>[],
  manualItems: readonly string[],
): Promise<void> {
  await db.deleteFrom('flow_item').where('flowId', '=', flowId).execute();
  await db.deleteFrom('flow_manual_item').where('flowId', '=', flowId).execute();
  if (items.length > 0) {
    await db
      .insertInto('flow_item')
      .values(items.map((item, index) => ({ ...item, flowId, sequence: index + 1 })))
      .execute();
  }
  if (manualItems.length > 0) {
    await db
      .insertInto('flow_manual_item')
      .values(manualItems.map((manualValue, index) => ({ flowId, sequence: index + 1, manualValue })))
      .execute();
  }
}

export async function removeFlow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('flow_item').where('flowId', '=', id).execute();
  await db.deleteFrom('flow_manual_item').where('flowId', '=', id).execute();
  await db.deleteFrom('product_flow').where('id', '=', id).execute();
}

/**
 * Drops a work-instruction file row no flow names any more (a copied product's
 * flows, and tasks' snapshots of flows, share their PDF row with the original's). Answers the blob's sha-256 to
 * release from disk after the commit, or null when the row stays.
 */
export async function dropUnusedPdf(db: Kysely<Database>, fileId: number): Promise<string | null> {
  const user = await db.selectFrom('product_flow').select('id').where('pdfFileId', '=', fileId).limit(1).executeTakeFirst();
  if (user) return null;
  // A task keeps the instruction its flow was planned with.
  const task = await db.selectFrom('task_flow').select('id').where('pdfFileId', '=', fileId).limit(1).executeTakeFirst();
  if (task) return null;
  const file = await db.selectFrom('stored_file').select('sha256').where('id', '=', fileId).executeTakeFirst();
  if (!file) return null;
  await db.deleteFrom('stored_file').where('id', '=', fileId).execute();
  return file.sha256;
}
