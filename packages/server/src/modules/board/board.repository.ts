import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/schema.js';

/**
 * Each flow of a task with the sums of its counter rows (one per terminal): the
 * whole of what schedule, problemChart and onePassDetail read. A task has a few
 * flows and each flow a row per terminal, so this costs the same at any history size.
 */
export async function flowFigures(db: Kysely<Database>, taskId: number) {
  const sum = (column: string) => sql<number>`coalesce(sum(${sql.ref(`flow_counter.${column}`)}), 0)`.as(column);
  const rows = await db
    .selectFrom('task_flow')
    .leftJoin('flow_counter', 'flow_counter.taskFlowId', 'task_flow.id')
    .select([
      'task_flow.id',
      'task_flow.name',
      'task_flow.sequence',
      sum('totalCount'),
      sum('failCount'),
      sum('finishNumber'),
      sum('testedUnits'),
      sum('repairUnits'),
      sum('onePassUnits'),
      sum('failedUnits'),
      sum('firstCount'),
      sum('firstPassCount'),
    ])
    .where('task_flow.taskId', '=', taskId)
    .groupBy(['task_flow.id', 'task_flow.name', 'task_flow.sequence'])
    .orderBy('task_flow.sequence')
    .execute();
  return rows.map((row) => ({
    ...row,
    totalCount: Number(row.totalCount),
    failCount: Number(row.failCount),
    finishNumber: Number(row.finishNumber),
    testedUnits: Number(row.testedUnits),
    repairUnits: Number(row.repairUnits),
    onePassUnits: Number(row.onePassUnits),
    failedUnits: Number(row.failedUnits),
    firstCount: Number(row.firstCount),
    firstPassCount: Number(row.firstPassCount),
  }));
}
export type FlowFigures = Awaited<ReturnType<typeof flowFigures>>[number];

/** The task's failed check items with their names, most failed first (ties by flow, then item). */
export async function itemFailures(db: Kysely<Database>, taskId: number) {
  const rows = await db
    .selectFrom('item_failure')
    .innerJoin('task_flow', 'task_flow.id', 'item_failure.taskFlowId')
    .leftJoin('task_flow_item', (join) =>
      join.onRef('task_flow_item.id', '=', 'item_failure.itemId').on('item_failure.kind', '=', 'auto'),
    )
    .leftJoin('task_flow_manual_item', (join) =>
      join.onRef('task_flow_manual_item.id', '=', 'item_failure.itemId').on('item_failure.kind', '=', 'manual'),
    )
    .select((eb) => [
      'item_failure.kind',
      'item_failure.itemId',
      'task_flow.sequence',
      eb.fn.coalesce('task_flow_item.name', 'task_flow_manual_item.manualValue').as('name'),
      eb.fn.sum<number>('item_failure.failCount').as('failures'),
    ])
    .where('task_flow.taskId', '=', taskId)
    .groupBy(['item_failure.kind', 'item_failure.itemId', 'task_flow.sequence', 'task_flow_item.name', 'task_flow_manual_item.manualValue'])
    .execute();
  return rows
    .map((row) => ({ kind: row.kind, itemId: row.itemId, sequence: row.sequence, name: row.name ?? '', failures: Number(row.failures) }))
    .sort((a, b) => b.failures - a.failures || a.sequence - b.sequence || a.itemId - b.itemId);
}

export function taskAim(db: Kysely<Database>, taskId: number) {
  return db.selectFrom('task').select(['productionCount']).where('id', '=', taskId).executeTakeFirstOrThrow();
}
