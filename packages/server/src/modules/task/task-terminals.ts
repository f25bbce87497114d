import { isTaskStatusIn, type PadInfo, TASK_MSG, TASK_TRANSITIONS, TERMINAL_STATUS } from '@factory/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Database, TerminalTable } from '../../platform/schema.js';
import { updateTask } from '../../platform/task-lifecycle.js';
import { type TaskScope, taskVisible } from '../../platform/task-scope.js';
import { findTask, flowsOfTasks, lineIdsOfTask, type TaskRow } from './task.repository.js';

/*
 * A PAD serves a production task while its status is overall check (2) with the
 * task's id and one of its flows. The status is part of every query here: a
 * parts-check PAD (3) carries the id of an accessory task, another table whose
 * ids may coincide.
 */
const { idle, overallCheck } = TERMINAL_STATUS;

export interface FlowTerminals {
  flowId: number;
  padIds: number[];
}

type LockedTerminal = Pick<Selectable<TerminalTable>, 'id' | 'terminalName' | 'terminalType' | 'lineId' | 'status' | 'taskId' | 'ownerId'>;

/** Which terminal serves which flow, refusing a flow of another task and a terminal named for two flows. */
function assignmentOf(flowIds: ReadonlySet<number>, flowTerminals: readonly FlowTerminals[]): Map<number, number> {
  const flowOf = new Map<number, number>();
  for (const { flowId, padIds } of flowTerminals) {
    if (!flowIds.has(flowId)) throw badRequest(TASK_MSG.unknownFlow);
    for (const padId of padIds) {
      const taken = flowOf.get(padId);
      if (taken !== undefined && taken !== flowId) throw badRequest(TASK_MSG.terminalOneFlowOnly);
      flowOf.set(padId, flowId);
    }
  }
  return flowOf;
}

/**
 * 终端设置 (pad_setPad): every flow of the task gets its terminals, replacing the
 * ones it had. Every check comes before the first write, so a refusal leaves
 * terminals and status as they were. A NEW task becomes UNSTART; UNSTART and STOP
 * keep their status. Answers the task as it was.
 */
export async function setTaskTerminals(
  tx: Db,
  scope: TaskScope,
  taskId: number,
  flowTerminals: readonly FlowTerminals[],
): Promise<TaskRow> {
  const trx = tx.kysely;
  const lock = tx.dialect === 'postgres';
  const task = await findTask(trx, scope, taskId, { lock });
  if (!task) throw notFound();
  if (!isTaskStatusIn(task.status, TASK_TRANSITIONS.setTerminals)) throw conflict(TASK_MSG.terminalsLocked);

  const flows = await flowsOfTasks(trx, [task.id]);
  const flowOf = assignmentOf(new Set(flows.map((flow) => flow.id)), flowTerminals);
  const served = new Set(flowOf.values());
  if (flows.some((flow) => !served.has(flow.id))) throw badRequest(TASK_MSG.terminalsRequired);

  // The chosen terminals and the ones the task has now, locked: two tasks must not both take an idle PAD.
  const chosenIds = [...flowOf.keys()];
  let query = trx
    .selectFrom('terminal')
    .select(['id', 'terminalName', 'terminalType', 'lineId', 'status', 'taskId', 'ownerId'])
    .where((eb) => eb.or([eb('id', 'in', chosenIds), eb.and([eb('taskId', '=', task.id), eb('status', '=', overallCheck)])]))
    .orderBy('id');
  if (lock) query = query.forUpdate();
  const terminals = new Map<number, LockedTerminal>((await query.execute()).map((row) => [row.id, row]));

  const taskLineIds = await lineIdsOfTask(trx, task.id);
  const onThisTask = (terminal: LockedTerminal) => terminal.status === overallCheck && terminal.taskId === task.id;
  for (const id of chosenIds) {
    const terminal = terminals.get(id);
    const offered =
      terminal !== undefined &&
      terminal.terminalType === 'PAD' &&
      terminal.ownerId === task.ownerId &&
      terminal.lineId !== null &&
      taskLineIds.includes(terminal.lineId) &&
      // A sub-user plans with the PADs of its own lines, and keeps those the task already has.
      (scope.lineIds === null || scope.lineIds.includes(terminal.lineId) || onThisTask(terminal));
    if (!offered) throw badRequest(TASK_MSG.terminalNotOffered);
  }
  for (const id of chosenIds) {
    const terminal = terminals.get(id)!;
    const free = terminal.status === idle && terminal.taskId === null;
    if (!free && !onThisTask(terminal)) throw conflict(TASK_MSG.terminalBusy(terminal.terminalName));
  }

  const dropped = [...terminals.values()].filter((terminal) => onThisTask(terminal) && !flowOf.has(terminal.id)).map((t) => t.id);
  if (dropped.length > 0) {
    await trx
      .updateTable('terminal')
      .set({ status: idle, taskId: null, flowId: null, workerId: null })
      .where('id', 'in', dropped)
      .execute();
  }
  for (const flow of flows) {
    const padIds = chosenIds.filter((id) => flowOf.get(id) === flow.id);
    await trx.updateTable('terminal').set({ status: overallCheck, taskId: task.id, flowId: flow.id }).where('id', 'in', padIds).execute();
  }
  const now = Date.now();
  await updateTask(trx, task.id, task.status === 'NEW' ? { status: 'UNSTART' } : {}, now);
  return task;
}

function terminalsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('terminal')
    .leftJoin('production_line', 'production_line.id', 'terminal.lineId')
    .leftJoin('account', 'account.id', 'terminal.workerId')
    .select([
      'terminal.id',
      'terminal.terminalCode as code',
      'terminal.terminalName as name',
      'terminal.flowId',
      'terminal.taskId',
      'terminal.lineId',
      'production_line.lineName',
      'account.userName as workerName',
    ]);
}

export type TaskTerminalRow = Awaited<ReturnType<ReturnType<typeof terminalsWithNames>['execute']>>[number];

export const toPadInfo = ({ workerName: _, ...row }: TaskTerminalRow): PadInfo => row;

/** The terminals serving the task's flows, by line then name. */
export function terminalsOfTask(db: Kysely<Database>, taskId: number) {
  return terminalsWithNames(db)
    .where('terminal.taskId', '=', taskId)
    .where('terminal.status', '=', overallCheck)
    .orderBy('terminal.lineId')
    .orderBy('terminal.terminalName')
    .orderBy('terminal.id')
    .execute();
}

/**
 * The PADs step 2 offers on `lineIds`: the idle ones (for a sub-user, on its own
 * lines only) and those already serving task `taskId`, by line then name.
 */
export async function offeredPads(
  db: Kysely<Database>,
  scope: TaskScope,
  lineIds: readonly number[],
  taskId: number | undefined,
): Promise<PadInfo[]> {
  if (taskId !== undefined && !(await taskVisible(db, scope, taskId))) throw notFound();
  const idleLineIds = scope.lineIds === null ? lineIds : lineIds.filter((id) => scope.lineIds!.includes(id));
  if (idleLineIds.length === 0 && taskId === undefined) return [];
  let query = terminalsWithNames(db).where('terminal.terminalType', '=', 'PAD').where('terminal.lineId', 'in', lineIds);
  if (scope.ownerId !== null) query = query.where('terminal.ownerId', '=', scope.ownerId);
  query = query.where((eb) => {
    const choices = [];
    if (idleLineIds.length > 0) {
      choices.push(eb.and([eb('terminal.status', '=', idle), eb('terminal.taskId', 'is', null), eb('terminal.lineId', 'in', idleLineIds)]));
    }
    if (taskId !== undefined) choices.push(eb.and([eb('terminal.status', '=', overallCheck), eb('terminal.taskId', '=', taskId)]));
    return eb.or(choices);
  });
  const rows = await query.orderBy('terminal.lineId').orderBy('terminal.terminalName').orderBy('terminal.id').execute();
  return rows.map(toPadInfo);
}
