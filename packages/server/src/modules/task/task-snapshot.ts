import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';
import { removeSnapshotRows } from './task.repository.js';

/**
 * The task's own copy of the product's flows (DESIGN.md §5): each flow in order,
 * its auto-check items with the property's definition and the standard value, and
 * its manual items. A product is frozen while published, but it can be withdrawn
 * and changed once its task finished, or deleted; the task, its detail and the
 * station API (issue 6) read the copy alone, so none of that reaches them.
 *
 * The work-instruction file row is shared, not copied: flow.repository's
 * dropUnusedPdf and platform/file-references.ts's deleteUnreferencedFiles keep a row a
 * task flow still names.
 */
export async function copyFlowSnapshot(db: Kysely<Database>, taskId: number, productId: number): Promise<void> {
  const flows = await db
    .selectFrom('product_flow')
    .select(['id', 'name', 'bindMac', 'flowType', 'pdfFileId'])
    .where('productId', '=', productId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
  if (flows.length === 0) return;
  const sourceIds = flows.map((flow) => flow.id);

  const items = await db
    .selectFrom('flow_item')
    .innerJoin('product_property', 'product_property.id', 'flow_item.propertyId')
    .leftJoin('unit', 'unit.id', 'product_property.unitId')
    .select([
      'flow_item.flowId',
      'flow_item.sequence',
      'flow_item.propertyId',
      'product_property.name',
      'product_property.code',
      'product_property.dataTypeId',
      'unit.name as unitName',
      'product_property.min',
      'product_property.max',
      'product_property.length',
      'product_property.enumerates',
      'product_property.trueValue',
      'product_property.falseValue',
      'flow_item.intervalNumber',
      'flow_item.normalValue',
      'flow_item.normalValueMax',
      'flow_item.normalStr',
      'flow_item.normalBoolean',
      'flow_item.normalEnums',
    ])
    .where('flow_item.flowId', 'in', sourceIds)
    .orderBy('flow_item.flowId')
    .orderBy('flow_item.sequence')
    .execute();
  const manualItems = await db
    .selectFrom('flow_manual_item')
    .select(['flowId', 'sequence', 'manualValue'])
    .where('flowId', 'in', sourceIds)
    .orderBy('flowId')
    .orderBy('sequence')
    .orderBy('id')
    .execute();

  // One insert per flow for its id (a product has a handful), then one per item table.
  const taskFlowIdOf = new Map<number, number>();
  for (const [index, flow] of flows.entries()) {
    const row = await db
      .insertInto('task_flow')
      .values({
        taskId,
        sourceFlowId: flow.id,
        name: flow.name,
        sequence: index + 1,
        bindMac: flow.bindMac,
        flowType: flow.flowType,
        pdfFileId: flow.pdfFileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    taskFlowIdOf.set(flow.id, row.id);
  }
  if (items.length > 0) {
    await db
      .insertInto('task_flow_item')
      .values(items.map(({ flowId, ...item }) => ({ ...item, taskFlowId: taskFlowIdOf.get(flowId)! })))
      .execute();
  }
  if (manualItems.length > 0) {
    // Renumbered 1..n per flow: the source's numbers may have gaps.
    const next = new Map<number, number>();
    await db
      .insertInto('task_flow_manual_item')
      .values(
        manualItems.map((item) => {
          const sequence = (next.get(item.flowId) ?? 0) + 1;
          next.set(item.flowId, sequence);
          return { taskFlowId: taskFlowIdOf.get(item.flowId)!, sequence, manualValue: item.manualValue };
        }),
      )
      .execute();
  }
}

/**
 * Replaces the task's snapshot with one of `productId` (the task now produces
 * another product). The task's terminals must be freed first: they point at its
 * flows. The old flows' instruction files stay: the old product still names them
 * (a product cannot be deleted while a task that is not finished uses it).
 */
export async function replaceFlowSnapshot(db: Kysely<Database>, taskId: number, productId: number): Promise<void> {
  await removeSnapshotRows(db, taskId);
  await copyFlowSnapshot(db, taskId, productId);
}
