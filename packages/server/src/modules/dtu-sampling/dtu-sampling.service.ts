import {
  type CheckConfig,
  type checkTaskBindBody,
  DTU_SUBMISSION_MSG as M,
  type InspectionLevel,
  type Page,
  type SamplingBatch,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { canCheckTask, standardPlanOf, type TaskSampling, toSamplingBatches } from '../../platform/dtu-batches.js';
import { lockDtuTask } from '../../platform/dtu-report-intake.js';
import { findDtuTaskInScope } from '../../platform/dtu-tasks.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { findLine } from '../../platform/lines.js';
import type { PageRequest } from '../../platform/paging.js';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { mayUseLine } from '../../platform/terminal-scope.js';
import {
  checkPadsOf,
  isCheckTerminalOf,
  isFree,
  latestPendingBatch,
  lineNameOf,
  lockTerminals,
  releaseTerminals,
  samplingBatchPage,
  saveSamplingConfig,
  takeTerminals,
} from './dtu-sampling.repository.js';

/*
 * The sampling configuration of a DTU task (seed 002 §2 /checkTask, §4, §5, §7
 * check_task_bind; DESIGN.md §9.5; docs/dtu-submission.md "Sampling inspection
 * (console)"): the line, terminals, quantity, level and AQL its batches are sampled
 * with. Every check comes before the first write: a refusal leaves every row as it was.
 */

type BindBody = z.output<typeof checkTaskBindBody>;
type Task = NonNullable<Awaited<ReturnType<typeof findDtuTaskInScope>>>;

/** What the route needs of a change: the task, for the log line and the live event. */
export interface SamplingChange {
  task: Pick<Task, 'id' | 'ownerId' | 'fittingType'>;
  /** the terminals bound (bind) or released (unbind) */
  padCount: number;
  lineName: string | null;
}

/**
 * The task in scope, locked (PostgreSQL) and read again under the lock: a task
 * deleted meanwhile is gone (404), and a result, a submit or a status change of the
 * same task comes wholly before or after this change.
 */
async function lockedTask(tx: Db, scope: TaskScope, taskId: number): Promise<Task> {
  if (!(await findDtuTaskInScope(tx.kysely, scope, taskId))) throw notFound();
  await lockDtuTask(tx, taskId);
  const task = await findDtuTaskInScope(tx.kysely, scope, taskId);
  if (!task) throw notFound();
  return task;
}

/**
 * The sampling line: the tenant's, enabled, and for a sub-user one of its own (as
 * the dialog's line select offers them). The line the task samples on already may
 * stay whatever became of it, as the task form keeps its lines.
 */
async function requireLine(db: Kysely<Database>, scope: TaskScope, task: Task, lineId: number) {
  const line = await findLine(db, { ownerId: task.ownerId }, lineId);
  if (!line) throw conflict(M.lineUnknown);
  if (lineId !== task.checkLineId && (line.status !== 1 || !mayUseLine(scope, lineId))) throw conflict(M.lineUnknown);
  return line;
}

/**
 * 配置抽检任务 (POST /api/checkTask/bind), in the caller's transaction. The task may be
 * sampled (its firmware unchanged since its first batch), the line is a usable one,
 * every terminal a PAD of the task's tenant on that line (400 as the task form: a
 * terminal elsewhere is as unknown as one that exists nowhere) and free, or already
 * this task's sampling terminal (409 naming it otherwise: a PAD tests or samples for
 * one task at a time, the task's own production PADs included). Binding again
 * replaces the configuration: the task's sampling terminals left out are idle again.
 */
export async function bindCheckTask(tx: Db, scope: TaskScope, body: BindBody, now: number): Promise<SamplingChange> {
  const trx = tx.kysely;
  const task = await lockedTask(tx, scope, body.id);
  if (!canCheckTask(task)) throw conflict(M.firmwareChanged);
  const line = await requireLine(trx, scope, task, body.aimLineId);

  const chosen = [...new Set(body.pads)];
  const terminals = new Map((await lockTerminals(tx, task.id, chosen)).map((terminal) => [terminal.id, terminal]));
  for (const id of chosen) {
    const terminal = terminals.get(id);
    const onLine = terminal !== undefined && terminal.terminalType === 'PAD' && terminal.ownerId === task.ownerId && terminal.lineId === line.id;
    if (!onLine) throw badRequest(M.padNotOnLine);
  }
  for (const id of chosen) {
    const terminal = terminals.get(id)!;
    if (!isFree(terminal) && !isCheckTerminalOf(terminal, task.id)) throw conflict(M.padBusy(terminal.terminalName));
  }

  const kept = new Set(chosen);
  const dropped = [...terminals.values()].filter((terminal) => isCheckTerminalOf(terminal, task.id) && !kept.has(terminal.id));
  await releaseTerminals(trx, dropped.map((terminal) => terminal.id));
  await takeTerminals(trx, task.id, chosen);
  await saveSamplingConfig(
    trx,
    task.id,
    { checkLineId: line.id, checkNumber: body.productionNumber, checkLevel: body.inspectionLevel, checkAql: body.aql },
    now,
  );
  return { task, padCount: chosen.length, lineName: line.lineName };
}

/**
 * 解绑终端 (POST /api/checkTask/unbind): every sampling terminal of the task is idle
 * again (409 when it has none). The configuration stays: the batches' plans and
 * verdicts still read it, and the dialog offers it again for the next binding.
 */
export async function unbindCheckTask(tx: Db, scope: TaskScope, taskId: number): Promise<SamplingChange> {
  const task = await lockedTask(tx, scope, taskId);
  const own = (await lockTerminals(tx, task.id, [])).filter((terminal) => isCheckTerminalOf(terminal, task.id));
  if (own.length === 0) throw conflict(M.noCheckPads);
  await releaseTerminals(tx.kysely, own.map((terminal) => terminal.id));
  return { task, padCount: own.length, lineName: null };
}

const samplingOf = (task: Task): TaskSampling => ({ checkNumber: task.checkNumber, checkLevel: task.checkLevel, checkAql: Number(task.checkAql) });

/**
 * 抽检配置 (GET /api/dtuTask/checkinfoCheckDetail): the configuration as bound, whether
 * the task may be sampled, and the GB/T 2828.1 plan for the lot size of the task's
 * latest batch not yet judged, at the task's level and AQL (the console proposes its n).
 */
export async function checkConfigOf(db: Kysely<Database>, scope: TaskScope, taskId: number): Promise<CheckConfig> {
  const task = await findDtuTaskInScope(db, scope, taskId);
  if (!task) throw notFound();
  const [pads, lineName, pending] = await Promise.all([
    checkPadsOf(db, task.id),
    task.checkLineId === null ? null : lineNameOf(db, task.checkLineId),
    latestPendingBatch(db, task.id),
  ]);
  const plan = pending ? standardPlanOf(pending.submitNumber, samplingOf(task)) : null;
  return {
    productLineId: task.checkLineId,
    productLineName: lineName,
    productionNumber: task.checkNumber,
    pads,
    inspectionLevel: task.checkLevel as InspectionLevel,
    aql: Number(task.checkAql),
    canCheck: canCheckTask(task),
    proposal:
      pending && plan
        ? {
            batchId: pending.id,
            lotSize: plan.lotSize,
            codeLetter: plan.codeLetter,
            sampleSize: plan.sampleSize,
            acceptNumber: plan.acceptNumber,
            rejectNumber: plan.rejectNumber,
          }
        : null,
  };
}

/** 抽检批次 (GET /api/dtuTask/checkinfoGroupList): the task's batches, newest first, with their plans and verdicts. */
export async function samplingBatchList(
  db: Kysely<Database>,
  scope: TaskScope,
  taskId: number,
  paging: PageRequest,
  timeZone: string,
): Promise<Page<SamplingBatch>> {
  const task = await findDtuTaskInScope(db, scope, taskId);
  if (!task) throw notFound();
  const { rows, total } = await samplingBatchPage(db, task.id, paging);
  return { list: await toSamplingBatches(db, rows, samplingOf(task), timeZone), total, pageSize: paging.pageSize, pageNum: paging.page };
}
