import { TERMINAL_STATUS } from '@factory/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../platform/schema.js';
import { finishedUnits } from '../task/task.repository.js';

/*
 * The dashboard's reads, each narrowed to an account (ownerId) or, for the
 * platform administrator (null), every account. The day figures come from
 * daily_output (sixteen rows a day at most per account), the rest from the
 * current tasks and terminals: nothing reads result history.
 */

export type Owner = number | null;

/** Tasks still to be produced: not finished, with terminals (NEW has none yet). */
export const RUNNING = ['UNSTART', 'START', 'STOP'] as const;

function owned<T extends 'task' | 'terminal' | 'product', O>(query: SelectQueryBuilder<Database, T, O>, table: T, owner: Owner) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same ownerId column on each of the three tables
  return owner === null ? query : (query as any).where(`${table}.ownerId`, '=', owner) as SelectQueryBuilder<Database, T, O>;
}

/** Sums of daily_output over [fromDay, toDay] (YYYY-MM-DD, inclusive), per day. */
export async function daysBetween(db: Kysely<Database>, owner: Owner, fromDay: string, toDay: string) {
  let query = db
    .selectFrom('daily_output')
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
  if (owner !== null) query = query.where('ownerId', '=', owner);
  const rows = await query.execute();
  return rows.map((row) => ({
    day: row.day,
    produced: Number(row.produced),
    tested: Number(row.tested),
    onePassUnits: Number(row.onePassUnits),
    failedUnits: Number(row.failedUnits),
  }));
}

/** All days ever: the account's totals. */
export async function allDays(db: Kysely<Database>, owner: Owner) {
  let query = db
    .selectFrom('daily_output')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('produced'), eb.lit(0)).as('produced'),
      eb.fn.coalesce(eb.fn.sum<number>('onePassUnits'), eb.lit(0)).as('onePassUnits'),
      eb.fn.coalesce(eb.fn.sum<number>('failedUnits'), eb.lit(0)).as('failedUnits'),
    ]);
  if (owner !== null) query = query.where('ownerId', '=', owner);
  const row = await query.executeTakeFirstOrThrow();
  return { produced: Number(row.produced), onePassUnits: Number(row.onePassUnits), failedUnits: Number(row.failedUnits) };
}

/** The running tasks' total, products and lines. */
export async function runningInputs(db: Kysely<Database>, owner: Owner) {
  const tasks = owned(db.selectFrom('task'), 'task', owner).where('task.status', 'in', RUNNING);
  const aim = await tasks.select((eb) => eb.fn.coalesce(eb.fn.sum<number>('task.productionCount'), eb.lit(0)).as('n')).executeTakeFirstOrThrow();
  const products = await tasks.select((eb) => eb.fn.count<number>('task.productId').distinct().as('n')).executeTakeFirstOrThrow();
  const lines = await tasks
    .innerJoin('task_line', 'task_line.taskId', 'task.id')
    .select((eb) => eb.fn.count<number>('task_line.lineId').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return { targetProduction: Number(aim.n), productInput: Number(products.n), lineInput: Number(lines.n) };
}

/** Terminals on a task, and the users signed in at stations within the idle window. */
export async function stationInputs(db: Kysely<Database>, owner: Owner, activeSince: number) {
  const terminals = await owned(db.selectFrom('terminal'), 'terminal', owner)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('terminal.taskId', 'is not', null)
    .executeTakeFirstOrThrow();
  let people = db
    .selectFrom('station_session')
    .innerJoin('terminal', 'terminal.id', 'station_session.terminalId')
    .select((eb) => eb.fn.count<number>('station_session.accountId').distinct().as('n'))
    .where('station_session.lastSeenAt', '>=', activeSince);
  if (owner !== null) people = people.where('terminal.ownerId', '=', owner);
  return { terminalInput: Number(terminals.n), personInput: Number((await people.executeTakeFirstOrThrow()).n) };
}

/** Terminals of a type by status, with a count per status. */
export async function terminalsByStatus(db: Kysely<Database>, owner: Owner, terminalType: 'PAD' | 'PDA') {
  const rows = await owned(db.selectFrom('terminal'), 'terminal', owner)
    .select((eb) => ['terminal.status', eb.fn.countAll<number>().as('n')])
    .where('terminal.terminalType', '=', terminalType)
    .groupBy('terminal.status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}
export { TERMINAL_STATUS };

/** Products defined, units planned in every task. */
export async function developmentAndPlan(db: Kysely<Database>, owner: Owner) {
  const products = await owned(db.selectFrom('product'), 'product', owner)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const planned = await owned(db.selectFrom('task'), 'task', owner)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('task.productionCount'), eb.lit(0)).as('n'))
    .executeTakeFirstOrThrow();
  return { developmentCount: Number(products.n), planned: Number(planned.n) };
}

/** Units produced per product model (every task's finished units), most first. */
export async function producedPerProduct(db: Kysely<Database>, owner: Owner, top: number) {
  const perTask = owned(db.selectFrom('task'), 'task', owner).select((eb) => [
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
export async function taskOutcomes(db: Kysely<Database>, owner: Owner) {
  const count = async (build: (q: SelectQueryBuilder<Database, 'task', object>) => SelectQueryBuilder<Database, 'task', object>) =>
    Number(
      (
        await build(owned(db.selectFrom('task'), 'task', owner))
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
