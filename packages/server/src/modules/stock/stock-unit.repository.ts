import type { Kysely, Selectable } from 'kysely';
import type { PageRequest } from '../../platform/paging.js';
import type { Database, StockMovementTable } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { containsText } from '../../platform/text-match.js';
import { batchesInScope } from '../../platform/stock-scope.js';

/* The units in stock and every movement of them. */

function unitsWithCodes(db: Kysely<Database>) {
  return db
    .selectFrom('stock_unit')
    .innerJoin('production_code', 'production_code.id', 'stock_unit.codeId')
    .select([
      'stock_unit.id',
      'stock_unit.batchId',
      'stock_unit.codeId',
      'production_code.code as produceCode',
      'production_code.sn',
      'production_code.mac',
      'production_code.imei',
      'production_code.taskId',
      'stock_unit.inTime',
      'stock_unit.inUserName',
      'stock_unit.checkPass',
      'stock_unit.defect',
      'stock_unit.checkTime',
      'stock_unit.checkUserName',
      'stock_unit.outTime',
      'stock_unit.outUserName',
    ]);
}
export type UnitRow = NonNullable<Awaited<ReturnType<typeof findStockUnit>>>;

/** The stock row of a unit, whatever its batch. */
export function findStockUnit(db: Kysely<Database>, codeId: number) {
  return unitsWithCodes(db).where('stock_unit.codeId', '=', codeId).executeTakeFirst();
}

/** The units of a batch in the order they were stocked; `text` matches the SN or production code. */
export async function unitPage(
  db: Kysely<Database>,
  batchId: number,
  text: string | undefined,
  paging: PageRequest,
): Promise<{ rows: UnitRow[]; total: number }> {
  let query = unitsWithCodes(db).where('stock_unit.batchId', '=', batchId);
  if (text) query = query.where((eb) => eb.or([containsText('production_code.sn', text), containsText('production_code.code', text)]));
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy('stock_unit.id')
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .execute();
  return { rows, total: Number(counted.n) };
}

/** A unit of the batch by its SN, or by its production code when it has no SN. */
export function unitOfBatch(db: Kysely<Database>, batchId: number, snOrCode: string) {
  return unitsWithCodes(db)
    .where('stock_unit.batchId', '=', batchId)
    .where((eb) => eb.or([eb('production_code.sn', '=', snOrCode), eb('production_code.code', '=', snOrCode)]))
    .orderBy('stock_unit.id')
    .executeTakeFirst();
}

/** The checked units of a batch, latest check first. */
export function checksOfBatch(db: Kysely<Database>, batchId: number) {
  return unitsWithCodes(db)
    .where('stock_unit.batchId', '=', batchId)
    .where('stock_unit.checkPass', 'is not', null)
    .orderBy('stock_unit.checkTime', 'desc')
    .orderBy('stock_unit.id', 'desc')
    .execute();
}

/** The production tests of a unit: every flow result, oldest first. */
export function testsOfUnit(db: Kysely<Database>, codeId: number) {
  return db
    .selectFrom('flow_result')
    .innerJoin('task_flow', 'task_flow.id', 'flow_result.taskFlowId')
    .select(['flow_result.endTime', 'task_flow.name', 'flow_result.userName', 'flow_result.status'])
    .where('flow_result.codeId', '=', codeId)
    .orderBy('flow_result.endTime')
    .orderBy('flow_result.id')
    .execute();
}

export interface OutputFilters {
  productId?: number | undefined;
  day?: string | undefined;
}

/** Shipped units of the scope, latest first. */
export async function outputPage(db: Kysely<Database>, scope: TaskScope, filters: OutputFilters, paging: PageRequest) {
  let query = batchesInScope(db, scope)
    .innerJoin('stock_unit', 'stock_unit.batchId', 'stock_batch.id')
    .innerJoin('production_code', 'production_code.id', 'stock_unit.codeId')
    .where('stock_unit.outTime', 'is not', null);
  // The batch's account again, on the unit: it leads the (ownerId, outDay, outTime) index of shipped units.
  if (scope.ownerId !== null) query = query.where('stock_unit.ownerId', '=', scope.ownerId);
  if (filters.productId !== undefined) query = query.where('stock_unit.productId', '=', filters.productId);
  if (filters.day !== undefined) query = query.where('stock_unit.outDay', '=', filters.day);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'stock_unit.id',
      'production_code.sn',
      'production_code.code as produceCode',
      'stock_batch.productNumber',
      'stock_batch.batchNo',
      'stock_unit.outTime',
      'stock_unit.outUserName',
    ])
    .orderBy('stock_unit.outTime', 'desc')
    .orderBy('stock_unit.id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .execute();
  return { rows, total: Number(counted.n) };
}

export type MovementRow = Selectable<StockMovementTable>;

/** The movement a handheld's clientId already made, if any. */
export function movementByClient(db: Kysely<Database>, terminalId: number, clientId: string): Promise<MovementRow | undefined> {
  return db.selectFrom('stock_movement').selectAll().where('terminalId', '=', terminalId).where('clientId', '=', clientId).executeTakeFirst();
}

export async function insertMovement(db: Kysely<Database>, movement: Omit<MovementRow, 'id'>): Promise<void> {
  await db.insertInto('stock_movement').values(movement).execute();
}

/** A terminal's movements since `from`, newest first, with the unit's codes and the batch. */
export function movementsOfTerminal(db: Kysely<Database>, terminalId: number, from: number, limit: number) {
  return db
    .selectFrom('stock_movement')
    .innerJoin('stock_batch', 'stock_batch.id', 'stock_movement.batchId')
    .leftJoin('production_code', 'production_code.id', 'stock_movement.codeId')
    .select([
      'stock_movement.id',
      'stock_movement.kind',
      'production_code.code as produceCode',
      'production_code.sn',
      'stock_batch.batchNo',
      'stock_batch.productNumber',
      'stock_movement.checkPass',
      'stock_movement.userName',
      'stock_movement.createTime',
    ])
    .where('stock_movement.terminalId', '=', terminalId)
    .where('stock_movement.createTime', '>=', from)
    .orderBy('stock_movement.createTime', 'desc')
    .orderBy('stock_movement.id', 'desc')
    .limit(limit)
    .execute();
}
