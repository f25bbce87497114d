import { expireDateAllowed, isTaskStatusIn, TASK_MSG, TASK_TRANSITIONS, type TaskFields } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { lookupExists } from '../../platform/lookups.js';
import { codeCount, createProductionCodes, removeCodesAbove } from '../../platform/production-codes.js';
import { findProduct, type ProductRow } from '../../platform/products.js';
import type { RequestScope } from '../../platform/request-scope.js';
import type { Database } from '../../platform/schema.js';
import { tenantOf } from '../../platform/scope.js';
import {
  closeTask,
  flowsWithoutTerminal,
  freeTaskTerminals,
  lockProducts,
  releaseProduct,
  settleTerminalLoss,
  type TaskChange,
  updateTask,
} from '../../platform/task-lifecycle.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { formatTime, parseZonedTime } from '../../platform/time.js';
import { copyFlowSnapshot, replaceFlowSnapshot } from './task-snapshot.js';
import {
  findTask,
  insertTask,
  lineIdsOfTask,
  type PlannedLine,
  removeTask,
  replaceTaskLines,
  type TaskRow,
} from './task.repository.js';

/** Who plans: what it sees (scope) and the tenant its new tasks belong to. */
export interface TaskCaller {
  accountId: number;
  /** the tenant, as products set it (product.routes.ts): the root of the caller's tree */
  ownerId: number;
  scope: TaskScope;
}

/** The caller of the request's scope; the platform administrator plans as the root of its own tree. */
export async function taskCallerOf(db: Kysely<Database>, scope: RequestScope): Promise<TaskCaller> {
  const { account, ownerId, lineIds } = scope;
  return { accountId: account.id, ownerId: ownerId ?? (await tenantOf(db, account.id)), scope: { ownerId, lineIds } };
}

/**
 * The lines of the form in the order chosen. A new line must be one the form
 * offers (productionLine/getList): an enabled line of the tenant, for a sub-user
 * one of its own. A line the task already has may stay whatever became of it
 * (disabled since, or another user's line on a task this sub-user shares), so
 * editing the other fields never forces dropping it.
 */
async function plannedLines(
  db: Kysely<Database>,
  scope: TaskScope,
  lineIds: readonly number[],
  currentLineIds: readonly number[],
): Promise<PlannedLine[]> {
  let query = db
    .selectFrom('production_line')
    .innerJoin('factory', 'factory.id', 'production_line.factoryId')
    .select(['production_line.id', 'production_line.lineName', 'production_line.lineNum', 'production_line.status'])
    .where('production_line.id', 'in', lineIds);
  if (scope.ownerId !== null) query = query.where('factory.ownerId', '=', scope.ownerId);
  const found = new Map((await query.execute()).map((line) => [line.id, line]));
  return lineIds.map((id) => {
    const line = found.get(id);
    const kept = line !== undefined && currentLineIds.includes(id);
    const offered = line?.status === 1 && (scope.lineIds === null || scope.lineIds.includes(id));
    if (!line || !(kept || offered)) throw badRequest(TASK_MSG.lineNotOffered);
    return { id, lineName: line.lineName, lineNum: line.lineNum };
  });
}

interface CheckedFields {
  product: ProductRow;
  lines: PlannedLine[];
  expireTime: number;
}

/** The checks of step 1 that read the database or the clock, in the order of the form's fields. */
async function checkFields(
  trx: Kysely<Database>,
  scope: TaskScope,
  fields: TaskFields,
  currentLineIds: readonly number[],
  timeZone: string,
): Promise<CheckedFields> {
  if (!(await lookupExists(trx, 'product_type', fields.productTypeId))) throw badRequest(TASK_MSG.productTypeRequired);
  const product = await findProduct(trx, { ownerId: scope.ownerId }, fields.productId);
  if (!product) throw badRequest(TASK_MSG.productRequired);
  if (product.productTypeId !== fields.productTypeId) throw badRequest(TASK_MSG.productTypeMismatch);
  const lines = await plannedLines(trx, scope, fields.productionLineIds, currentLineIds);
  // The contract made a bare date the end of that day; "not earlier than yesterday" is the factory's yesterday.
  const expire = parseZonedTime(fields.expireTime, timeZone);
  if (!expire) throw badRequest(TASK_MSG.expireRule);
  if (!expireDateAllowed(fields.expireTime, formatTime(Date.now(), timeZone).slice(0, 10))) throw badRequest(TASK_MSG.expireTooEarly);
  return { product, lines, expireTime: expire.epochMs };
}

/** A product gets a task only while PUBLISH: a product has at most one unfinished task. */
function requirePlannable(product: ProductRow): void {
  if (product.publishStatus === 'UNPUBLISH') throw conflict(TASK_MSG.productNotPublished);
  if (product.publishStatus === 'PRODUCTING') throw conflict(TASK_MSG.productProducing);
}

async function markProducing(db: Kysely<Database>, productId: number): Promise<void> {
  await db.updateTable('product').set({ publishStatus: 'PRODUCTING' }).where('id', '=', productId).execute();
}

/**
 * Step 1 of a new task: the task (NEW), its lines, the snapshot of the product's
 * flows and one production code per unit; the product becomes PRODUCTING. The
 * product row is locked first, so of two plans of one product only the first
 * sees it PUBLISH. Answers the new task's id and model.
 */
export async function createTask(
  tx: Db,
  caller: TaskCaller,
  fields: TaskFields,
  timeZone: string,
): Promise<{ id: number; productNumber: string }> {
  const trx = tx.kysely;
  await lockProducts(tx, [fields.productId]);
  const { product, lines, expireTime } = await checkFields(trx, caller.scope, fields, [], timeZone);
  requirePlannable(product);
  const now = Date.now();
  const id = await insertTask(
    trx,
    {
      ownerId: caller.ownerId,
      creatorId: caller.accountId,
      productTypeId: product.productTypeId,
      productId: product.id,
      productNumber: product.number,
      productCode: product.code,
      communicationId: product.communicationId,
      productionCount: fields.productionCount,
      expireTime,
    },
    now,
  );
  await replaceTaskLines(trx, id, lines);
  await copyFlowSnapshot(trx, id, product.id);
  await createProductionCodes(trx, id, 1, fields.productionCount, now);
  await markProducing(trx, product.id);
  return { id, productNumber: product.number };
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** The task in scope with its row locked on PostgreSQL (404 otherwise). */
async function lockedTask(tx: Db, scope: TaskScope, id: number): Promise<TaskRow> {
  const task = await findTask(tx.kysely, scope, id, { lock: tx.dialect === 'postgres' });
  if (!task) throw notFound();
  return task;
}

/**
 * Step 1 of an existing task, while NEW or UNSTART. Another product: the task
 * takes a snapshot of its flows instead, frees every terminal and is NEW again;
 * the old product is PUBLISH again unless another task uses it. Other lines: the
 * terminals on lines the task left are freed, and an UNSTART task with a flow left
 * without one is NEW again. Another total: codes are added past the last one or
 * the ones past the new total dropped; existing codes never change (their labels
 * may be printed). Answers the task as it was and the model it now produces.
 */
export async function editTask(
  tx: Db,
  caller: TaskCaller,
  id: number,
  fields: TaskFields,
  timeZone: string,
): Promise<{ before: TaskRow; productNumber: string }> {
  const trx = tx.kysely;
  const task = await lockedTask(tx, caller.scope, id);
  if (!isTaskStatusIn(task.status, TASK_TRANSITIONS.editBasics)) throw conflict(TASK_MSG.notEditable);
  const productChanged = fields.productId !== task.productId;
  await lockProducts(tx, productChanged ? [task.productId, fields.productId] : [task.productId]);
  const currentLineIds = await lineIdsOfTask(trx, id);
  const { product, lines, expireTime } = await checkFields(trx, caller.scope, fields, currentLineIds, timeZone);
  if (productChanged) requirePlannable(product);

  const now = Date.now();
  const change: TaskChange = { productionCount: fields.productionCount, expireTime };
  if (productChanged) {
    await freeTaskTerminals(trx, id);
    await replaceFlowSnapshot(trx, id, product.id);
    Object.assign(change, {
      productTypeId: product.productTypeId,
      productId: product.id,
      productNumber: product.number,
      productCode: product.code,
      communicationId: product.communicationId,
      status: 'NEW',
    } satisfies TaskChange);
  }
  const lineIds = lines.map((line) => line.id);
  const linesChanged = !sameList(currentLineIds, lineIds);
  if (linesChanged) {
    await replaceTaskLines(trx, id, lines);
    if (!productChanged) await freeTaskTerminals(trx, id, lineIds);
  }
  const codes = await codeCount(trx, id);
  if (fields.productionCount > codes) await createProductionCodes(trx, id, codes + 1, fields.productionCount, now);
  if (fields.productionCount < codes) await removeCodesAbove(trx, id, fields.productionCount);
  await updateTask(trx, id, change, now);

  if (productChanged) {
    await markProducing(trx, product.id);
    await releaseProduct(tx, task.productId, id);
  } else if (linesChanged) {
    await settleTerminalLoss(trx, id, now);
  }
  return { before: task, productNumber: product.number };
}

/**
 * UNSTART or STOP → START; the first start sets the start time. A NEW task, or
 * one with a flow left without a terminal (a PAD unbound meanwhile), needs its
 * terminals first.
 */
export async function startTask(tx: Db, scope: TaskScope, id: number): Promise<TaskRow> {
  const task = await lockedTask(tx, scope, id);
  if (task.status === 'NEW') throw conflict(TASK_MSG.needsTerminals);
  if (!isTaskStatusIn(task.status, TASK_TRANSITIONS.start)) throw conflict(TASK_MSG.notStartable);
  if ((await flowsWithoutTerminal(tx.kysely, id)) > 0) throw conflict(TASK_MSG.needsTerminals);
  const now = Date.now();
  await updateTask(tx.kysely, id, { status: 'START', ...(task.startTime === null ? { startTime: now } : {}) }, now);
  return task;
}

/** START → STOP. */
export async function stopTask(tx: Db, scope: TaskScope, id: number): Promise<TaskRow> {
  const task = await lockedTask(tx, scope, id);
  if (!isTaskStatusIn(task.status, TASK_TRANSITIONS.stop)) throw conflict(TASK_MSG.notStoppable);
  await updateTask(tx.kysely, id, { status: 'STOP' }, Date.now());
  return task;
}

/** START or STOP → FINISH, for good: the terminals are freed and the product is PUBLISH again. */
export async function finishTask(tx: Db, scope: TaskScope, id: number): Promise<TaskRow> {
  const task = await lockedTask(tx, scope, id);
  if (!isTaskStatusIn(task.status, TASK_TRANSITIONS.finish)) throw conflict(TASK_MSG.notFinishable);
  await closeTask(tx, task);
  return task;
}

/** Only a task not yet started (NEW, UNSTART) can go, with its codes, flows and lines; its terminals are freed. */
export async function deleteTask(tx: Db, scope: TaskScope, id: number): Promise<TaskRow> {
  const task = await lockedTask(tx, scope, id);
  if (!isTaskStatusIn(task.status, TASK_TRANSITIONS.delete)) throw conflict(TASK_MSG.notDeletable);
  await freeTaskTerminals(tx.kysely, id);
  await removeTask(tx.kysely, id);
  await releaseProduct(tx, task.productId, id);
  return task;
}
