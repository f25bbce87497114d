import { isTaskStatusIn, TASK_TRANSITIONS, type TaskStatus, TERMINAL_STATUS } from '@factory/contracts';
import type { Kysely, Selectable } from 'kysely';
import { type Db, inTransaction } from './db.js';
import type { Database, TaskTable } from './schema.js';
import { finishedUnits } from './task-facts.js';

// How a task's status moves on besides the task module's own routes: the station's
// results start and finish it, and a terminal leaving a task may send it back to NEW.
// The task module's start, finish and terminal assignment use the same steps.

/*
 * A PAD serves a production task while its status is overall check (2) with the
 * task's id and one of its flows (modules/task/task-terminals.ts). The status is
 * part of every query here: a parts-check PAD (3) carries the id of an accessory
 * task, another table whose ids may coincide.
 */
const { idle, overallCheck } = TERMINAL_STATUS;

/** The fields a call changes (updateTime is always set). */
export type TaskChange = Partial<
  Pick<Selectable<TaskTable>, 'productTypeId' | 'productId' | 'productNumber' | 'productCode' | 'communicationId' | 'productionCount'> & {
    expireTime: number;
    status: TaskStatus;
    startTime: number;
    finishTime: number;
  }
>;

export async function updateTask(db: Kysely<Database>, id: number, change: TaskChange, now: number): Promise<void> {
  await db
    .updateTable('task')
    .set({ ...change, updateTime: now })
    .where('id', '=', id)
    .execute();
}

/** Whether a task other than `exceptTaskId` that is not finished produces the product. */
export async function otherUnfinishedTask(db: Kysely<Database>, productId: number, exceptTaskId: number): Promise<boolean> {
  const row = await db
    .selectFrom('task')
    .select('id')
    .where('productId', '=', productId)
    .where('status', '<>', 'FINISH')
    .where('id', '<>', exceptTaskId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the product rows (PostgreSQL) in id order, so two calls locking the same
 * two products never wait on each other crosswise.
 */
export async function lockProducts(tx: Db, ids: number[]): Promise<void> {
  if (tx.dialect !== 'postgres' || ids.length === 0) return;
  await tx.kysely.selectFrom('product').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/**
 * The product goes back to PUBLISH once no task but `taskId` that is not finished
 * uses it. Its row is locked first (PostgreSQL) so a concurrent plan of the same
 * product reads either the old status or the new one, never half of it.
 */
export async function releaseProduct(tx: Db, productId: number, taskId: number): Promise<void> {
  await lockProducts(tx, [productId]);
  if (await otherUnfinishedTask(tx.kysely, productId, taskId)) return;
  await tx.kysely
    .updateTable('product')
    .set({ publishStatus: 'PUBLISH' })
    .where('id', '=', productId)
    .where('publishStatus', '=', 'PRODUCTING')
    .execute();
}

/**
 * UNSTART → START on the first station result (DESIGN.md §5). Conditional, so
 * the first results of several stations at once start it once and none fails.
 */
export async function startTaskOnFirstResult(trx: Kysely<Database>, taskId: number, now: number): Promise<void> {
  await trx
    .updateTable('task')
    .set((eb) => ({ status: 'START', startTime: eb.fn.coalesce('startTime', eb.val(now)), updateTime: now }))
    .where('id', '=', taskId)
    .where('status', '=', 'UNSTART')
    .execute();
}

/**
 * START or STOP → FINISH, for good: the terminals are freed and the product is
 * PUBLISH again. The caller has locked the task and checked it may finish
 * (finishTask, finishWhenAllPassed).
 */
export async function closeTask(tx: Db, task: { id: number; productId: number }): Promise<void> {
  const now = Date.now();
  await updateTask(tx.kysely, task.id, { status: 'FINISH', finishTime: now }, now);
  await freeTaskTerminals(tx.kysely, task.id);
  await releaseProduct(tx, task.productId, task.id);
}

/**
 * After a result that newly passed a unit at the task's last flow committed:
 * finishes the task as finishTask does (closeTask: terminals freed, product PUBLISH) when
 * the units passed there reach the total. Every such result asks after its own
 * commit, so the last of them sees every other one committed and the task
 * finishes even when several last units pass at once; the task row, locked
 * (PostgreSQL) and read again, makes it finish once. A first read without a lock
 * spares every result before the last its own transaction. If the process dies
 * between a result's commit and this, the task stays START with every unit
 * passed until someone finishes it (docs/decisions.md).
 */
export async function finishWhenAllPassed(db: Db, taskId: number): Promise<void> {
  /** The task when all its units passed and it may finish. */
  const done = async (from: Kysely<Database>) => {
    const task = await from
      .selectFrom('task')
      .select((eb) => [
        'task.id',
        'task.productId',
        'task.status',
        'task.productionCount',
        finishedUnits(eb.ref('task.id')).as('finishNumber'),
      ])
      .where('task.id', '=', taskId)
      .executeTakeFirst();
    const finishing =
      task !== undefined &&
      Number(task.finishNumber) >= task.productionCount &&
      isTaskStatusIn(task.status as TaskStatus, TASK_TRANSITIONS.finish);
    return finishing ? task : undefined;
  };
  if (!(await done(db.kysely))) return;
  await inTransaction(db, async (tx) => {
    // Locked in a statement of its own: the read after it sees what a concurrent finish committed.
    if (tx.dialect === 'postgres') await tx.kysely.selectFrom('task').select('id').where('id', '=', taskId).forUpdate().execute();
    const task = await done(tx.kysely);
    if (task) await closeTask(tx, task);
  });
}

/**
 * Finishes every running task whose units have all passed its last flow. A
 * result asks this of its own task only near the end (station-result.ts) and
 * after its commit, so a process killed between the commit and that question,
 * or a count read too early, would leave a complete task running: the station
 * routes run this at start-up and every minute. Few tasks run at once, and the
 * count is a sum over a few counter rows each.
 */
export async function finishCompletedTasks(db: Db): Promise<void> {
  const complete = await db.kysely
    .selectFrom('task')
    .select('task.id')
    .where('task.status', '=', 'START')
    .where((eb) => eb(finishedUnits(eb.ref('task.id')), '>=', eb.ref('task.productionCount')))
    .execute();
  for (const { id } of complete) await finishWhenAllPassed(db, id);
}

/**
 * Frees the task's terminals, all of them or those no longer on `keepLineIds`:
 * idle on their line, with no task, flow or worker (the worker signed in for
 * that task's flow).
 */
export async function freeTaskTerminals(db: Kysely<Database>, taskId: number, keepLineIds?: readonly number[]): Promise<void> {
  let query = db
    .updateTable('terminal')
    .set({ status: idle, taskId: null, flowId: null, workerId: null })
    .where('taskId', '=', taskId)
    .where('status', '=', overallCheck);
  if (keepLineIds && keepLineIds.length > 0) {
    query = query.where((eb) => eb.or([eb('lineId', 'is', null), eb('lineId', 'not in', keepLineIds)]));
  }
  await query.execute();
}

/** How many flows of the task have no terminal. */
export async function flowsWithoutTerminal(db: Kysely<Database>, taskId: number): Promise<number> {
  const row = await db
    .selectFrom('task_flow')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('task_flow.taskId', '=', taskId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('terminal')
            .select('terminal.id')
            .whereRef('terminal.flowId', '=', 'task_flow.id')
            .where('terminal.taskId', '=', taskId)
            .where('terminal.status', '=', overallCheck),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * After a task lost terminals (its lines changed, a PAD was unbound): an UNSTART
 * task with a flow left without one waits for terminals again (NEW), so it cannot
 * be started with a flow nobody works at. START and STOP keep their status; a
 * START task goes on at the flows that still have terminals, a STOP one is given
 * terminals again before it restarts (start checks every flow has one).
 */
export async function settleTerminalLoss(db: Kysely<Database>, taskId: number, now: number): Promise<void> {
  const task = await db.selectFrom('task').select('status').where('id', '=', taskId).executeTakeFirst();
  if (task?.status !== 'UNSTART') return;
  if ((await flowsWithoutTerminal(db, taskId)) > 0) await updateTask(db, taskId, { status: 'NEW' }, now);
}
