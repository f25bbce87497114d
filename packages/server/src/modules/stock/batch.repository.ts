import type { Kysely, Selectable } from 'kysely';
import type { PageRequest } from '../../platform/paging.js';
import type { Database, StockBatchTable } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { batchesInScope } from '../../platform/stock-scope.js';
import { containsText } from '../../platform/text-match.js';

/* Stock batches: reads and the open batch of a product on a line. */

export type BatchRow = Selectable<StockBatchTable>;

export function findBatch(db: Kysely<Database>, scope: TaskScope, id: number): Promise<BatchRow | undefined> {
  return batchesInScope(db, scope).selectAll('stock_batch').where('stock_batch.id', '=', id).executeTakeFirst();
}

export function findBatchByNo(db: Kysely<Database>, ownerId: number, batchNo: string): Promise<BatchRow | undefined> {
  return db.selectFrom('stock_batch').selectAll().where('ownerId', '=', ownerId).where('batchNo', '=', batchNo).executeTakeFirst();
}

export function findBatchById(db: Kysely<Database>, id: number): Promise<BatchRow | undefined> {
  return db.selectFrom('stock_batch').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface BatchFilters {
  productId?: number | undefined;
  day?: string | undefined;
  batchNo?: string | undefined;
}

/** The batches of the scope, newest first. */
export async function batchPage(
  db: Kysely<Database>,
  scope: TaskScope,
  filters: BatchFilters,
  paging: PageRequest,
): Promise<{ rows: BatchRow[]; total: number }> {
  let query = batchesInScope(db, scope);
  if (filters.productId !== undefined) query = query.where('stock_batch.productId', '=', filters.productId);
  if (filters.day !== undefined) query = query.where('stock_batch.stockDay', '=', filters.day);
  if (filters.batchNo) query = query.where(containsText('stock_batch.batchNo', filters.batchNo));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll('stock_batch')
    .orderBy('stock_batch.id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .execute();
  return { rows, total: Number(counted.n) };
}

/** The open batch of a product on a line, if any. */
export function findOpenBatch(db: Kysely<Database>, ownerId: number, productId: number, lineId: number): Promise<BatchRow | undefined> {
  return db
    .selectFrom('stock_batch')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .where('productId', '=', productId)
    .where('lineId', '=', lineId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
}

/** Batches opened on the day, for the day's sequence of batch numbers. */
export async function batchesOfDay(db: Kysely<Database>, ownerId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('stock_batch')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ownerId', '=', ownerId)
    .where('stockDay', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The open batches of a line, newest first (a PDA's 入库 list). */
export function openBatchesOfLine(db: Kysely<Database>, ownerId: number, lineId: number | null): Promise<BatchRow[]> {
  let query = db.selectFrom('stock_batch').selectAll().where('ownerId', '=', ownerId).where('status', '=', 'OPEN');
  if (lineId !== null) query = query.where('lineId', '=', lineId);
  return query.orderBy('id', 'desc').limit(50).execute();
}

/** Closed batches to spot-check: those pending first (oldest first, as they wait), then the latest decided. */
export async function batchesToCheck(db: Kysely<Database>, ownerId: number, limit: number): Promise<BatchRow[]> {
  const closed = db.selectFrom('stock_batch').selectAll().where('ownerId', '=', ownerId).where('status', '=', 'CLOSED');
  const pending = await closed.where('verdict', '=', 'PENDING').orderBy('id').limit(limit).execute();
  const decided = await closed.where('verdict', '<>', 'PENDING').orderBy('id', 'desc').limit(Math.max(0, Math.min(10, limit - pending.length))).execute();
  return [...pending, ...decided];
}
