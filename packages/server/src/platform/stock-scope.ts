import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { TaskScope } from './task-scope.js';

/**
 * The stock batches a caller sees: those of its account, and for a user tied to
 * lines those stocked on its lines (a batch is stocked on one line), as tasks and
 * terminals are scoped. Shared by the stock pages and the dashboard's stock figures.
 */
export function batchesInScope(db: Kysely<Database>, scope: TaskScope) {
  let query = db.selectFrom('stock_batch');
  if (scope.ownerId !== null) query = query.where('stock_batch.ownerId', '=', scope.ownerId);
  if (scope.lineIds !== null) {
    if (scope.lineIds.length === 0) return query.where((eb) => eb.val(1), '=', 0);
    query = query.where('stock_batch.lineId', 'in', scope.lineIds);
  }
  return query;
}
