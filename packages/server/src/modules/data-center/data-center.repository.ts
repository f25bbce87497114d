import { TERMINAL_STATUS } from '@factory/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../platform/schema.js';
import { batchesInScope } from '../../platform/stock-scope.js';
import { finishedUnits } from '../../platform/task-facts.js';
import { type TaskScope, whereInScope } from '../../platform/task-scope.js';
import { terminalInScope } from '../../platform/terminal-scope.js';

/*
 * The dashboard's reads, each narrowed to what the caller sees (a TaskScope):
 * the platform administrator every account, an account's root user its
 * account, a user below it the tasks on its lines and the terminals there, as
 * the task list and the terminal page show them. The day figures come from
 * daily_output (at most sixteen rows a day per task), the rest from the
 * current tasks and terminals: nothing reads result history.
 */

export type Scope = TaskScope;

/** Tasks still to be produced: not finished, with terminals (NEW has none yet). */
export const RUNNING = ['UNSTART', 'START', 'STOP'] as const;

/** The tasks of the scope. */
const tasksOf = (db: Kysely<Database>, scope: Scope) => whereInScope(db.selectFrom('task'), scope);

/**
 * The day rows of the scope: its account's, and for a user tied to lines those
 * of the tasks it sees (rows are kept per task for this; the rows of results
 * stored before that, task 0, count for the account only).
 */
function dayRows(db: Kysely<Database>, scope: Scope) {
  let query = db.selectFrom('daily_output');
  if (scope.ownerId !== null) query = query.where('daily_output.ownerId', '=', scope.ownerId);
  if (scope.lineIds !== null) query = query.where('daily_output.taskId', 'in', tasksOf(db, scope).select('task.id'));
  return query;
}

/** Sums of daily_output over [fromDay, toDay] (YYYY-MM-DD, inclusive), per day. */
export async function daysBetween(db: Kysely<Database>, scope: Scope, fromDay: string, toDay: string) {
  const query = dayRows(db, scope)
    .select((eb) => [
      'day',
      eb.fn.sum<number>('produced').as('produced'),
      eb.fn.sum<number>('tested').as('tested'),
      eb.fn.sum<number>('onePassUnits').as('onePassUnits'),
      eb.fn.sum<number>('failedUnits').as('failedUnits'),
    ])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .groupBy('day');
  const rows = await query.execute();
  return rows.map((row) => ({
    day: row.day,
    produced: Number(row.produced),
    tested: Number(row.tested),
    onePassUnits: Number(row.onePassUnits),
    failedUnits: Number(row.failedUnits),
  }));
}

/** All days ever: the scope's totals. */
export async function allDays(db: Kysely<Database>, scope: Scope) {
  const query = dayRows(db, scope).select((eb) => [
    eb.fn.coalesce(eb.fn.sum<number>('produced'), eb.lit(0)).as('produced'),
    eb.fn.coalesce(eb.fn.sum<number>('onePassUnits'), eb.lit(0)).as('onePassUnits'),
    eb.fn.coalesce(eb.fn.sum<number>('failedUnits'), eb.lit(0)).as('failedUnits'),
  ]);
  const row = await query.executeTakeFirstOrThrow();
  return { produced: Number(row.produced), onePassUnits: Number(row.onePassUnits), failedUnits: Number(row.failedUnits) };
}

/**
 * The running tasks' units still to produce (each task's total less its produced
 * units, never below 0), products and lines (for a user tied to lines, its own
 * lines only). A few running tasks, each a sum over its last flow's counter rows.
 */
export async function runningInputs(db: Kysely<Database>, scope: Scope) {
  const tasks = tasksOf(db, scope).where('task.status', 'in', RUNNING);
  const perTask = tasks.select((eb) => ['task.productionCount', finishedUnits(eb.ref('task.id')).as('finished')]);
  const left = await db
    .selectFrom(perTask.as('t'))
    .select(sql<number>`coalesce(sum(case when t."productionCount" > t.finished then t."productionCount" - t.finished else 0 end), 0)`.as('n'))
    .executeTakeFirstOrThrow();
  const products = await tasks.select((eb) => eb.fn.count<number>('task.productId').distinct().as('n')).executeTakeFirstOrThrow();
  let onLines = tasks.innerJoin('task_line', 'task_line.taskId', 'task.id');
  // A task of its lines may be on other lines too: those are not the user's to count.
  if (scope.lineIds !== null && scope.lineIds.length > 0) onLines = onLines.where('task_line.lineId', 'in', scope.lineIds);
  const lines = await onLines.select((eb) => eb.fn.count<number>('task_line.lineId').distinct().as('n')).executeTakeFirstOrThrow();
  return { remaining: Number(left.n), productInput: Number(products.n), lineInput: Number(lines.n) };
}

/** Terminals on a task, and the users signed in at stations within the idle window. */
export async function stationInputs(db: Kysely<Database>, scope: Scope, activeSince: number) {
  const terminals = await db
    .selectFrom('terminal')
    .where((eb) => terminalInScope(eb, scope))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('terminal.taskId', 'is not', null)
    .executeTakeFirstOrThrow();
  const people = db
    .selectFrom('station_session')
    .innerJoin('terminal', 'terminal.id', 'station_session.terminalId')
    .select((eb) => eb.fn.count<number>('station_session.accountId').distinct().as('n'))
    .where('station_session.lastSeenAt', '>=', activeSince)
    .where((eb) => terminalInScope(eb, scope));
  return { terminalInput: Number(terminals.n), personInput: Number((await people.executeTakeFirstOrThrow()).n) };
}

/** Terminals of a type by status, with a count per status. */
export async function terminalsByStatus(db: Kysely<Database>, scope: Scope, terminalType: 'PAD' | 'PDA') {
  const rows = await db
    .selectFrom('terminal')
    .where((eb) => terminalInScope(eb, scope))
    .select((eb) => ['terminal.status', eb.fn.countAll<number>().as('n')])
    .where('terminal.terminalType', '=', terminalType)
    .groupBy('terminal.status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}
export { TERMINAL_STATUS };

/**
 * Products defined, units planned in every task. Products belong to the account,
 * not to a line (a sub-user's product center lists them all), so they are counted
 * for the account; the units planned are those of the scope's tasks.
 */
export async function developmentAndPlan(db: Kysely<Database>, scope: Scope) {
  let products = db.selectFrom('product').select((eb) => eb.fn.countAll<number>().as('n'));
  if (scope.ownerId !== null) products = products.where('product.ownerId', '=', scope.ownerId);
  const developed = await products.executeTakeFirstOrThrow();
  const planned = await tasksOf(db, scope)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('task.productionCount'), eb.lit(0)).as('n'))
    .executeTakeFirstOrThrow();
  return { developmentCount: Number(developed.n), planned: Number(planned.n) };
}

/** Units produced per product model (every task's finished units), most first. */
export async function producedPerProduct(db: Kysely<Database>, scope: Scope, top: number) {
  const perTask = tasksOf(db, scope).select((eb) => [
    'task.productNumber',
    finishedUnits(eb.ref('task.id')).as('finished'),
  ]);
  const rows = await db
    .selectFrom(perTask.as('t'))
    .select((eb) => ['t.productNumber', eb.fn.sum<number>('t.finished').as('produced')])
    .groupBy('t.productNumber')
    .orderBy(sql`sum(t.finished)`, 'desc')
    .orderBy('t.productNumber')
    .limit(top)
    .execute();
  return rows.map((row) => ({ xVal: row.productNumber, yVal: Number(row.produced) })).filter((point) => point.yVal > 0);
}

/** Finished tasks, those finished by their deadline, and the running ones stopped. */
export async function taskOutcomes(db: Kysely<Database>, scope: Scope) {
  const count = async (build: (q: SelectQueryBuilder<Database, 'task', object>) => SelectQueryBuilder<Database, 'task', object>) =>
    Number(
      (
        await build(tasksOf(db, scope))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const finished = await count((q) => q.where('task.status', '=', 'FINISH'));
  const inTime = await count((q) =>
    q
      .where('task.status', '=', 'FINISH')
      .where((eb) => eb.or([eb('task.expireTime', 'is', null), eb('task.finishTime', '<=', eb.ref('task.expireTime'))])),
  );
  const stopped = await count((q) => q.where('task.status', '=', 'STOP'));
  const producing = await count((q) => q.where('task.status', 'in', ['START', 'STOP']));
  return { finished, inTime, stopped, producing };
}

/**
 * The stock figures of the scope, summed over its batches (each batch keeps its
 * counters as its units are stocked, checked and shipped): the account's batches,
 * and for a user tied to lines those stocked on its lines.
 */
export async function stockFigures(db: Kysely<Database>, scope: Scope) {
  const row = await batchesInScope(db, scope)
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('stock_batch.count'), eb.lit(0)).as('stockedUnits'),
      eb.fn.coalesce(eb.fn.sum<number>('stock_batch.checkedCount'), eb.lit(0)).as('checkedUnits'),
      eb.fn.coalesce(eb.fn.sum<number>('stock_batch.recheckCount'), eb.lit(0)).as('recheckedUnits'),
      eb.fn.coalesce(eb.fn.sum<number>('stock_batch.outCount'), eb.lit(0)).as('shippedUnits'),
      eb.fn.sum<number>(eb.case().when('stock_batch.verdict', '<>', 'PENDING').then(1).else(0).end()).as('decidedBatches'),
      eb.fn.sum<number>(eb.case().when('stock_batch.verdict', '=', 'ACCEPT').then(1).else(0).end()).as('acceptedBatches'),
    ])
    .executeTakeFirstOrThrow();
  return {
    stockedUnits: Number(row.stockedUnits),
    checkedUnits: Number(row.checkedUnits),
    recheckedUnits: Number(row.recheckedUnits),
    shippedUnits: Number(row.shippedUnits),
    decidedBatches: Number(row.decidedBatches ?? 0),
    acceptedBatches: Number(row.acceptedBatches ?? 0),
  };
}
