import {
  FLOW_STATUS,
  type Page,
  type Task,
  type TaskDetail,
  type TaskDetailFlow,
  type TaskEditData,
  type taskListQuery,
  type TaskStatus,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { notFound } from '../../platform/errors.js';
import { taskFlowPaces } from '../../platform/flow-paces.js';
import type { Database } from '../../platform/schema.js';
import { linesOfTasks, type TaskLineRow } from '../../platform/task-facts.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { formatTime } from '../../platform/time.js';
import { terminalsOfTask, type TaskTerminalRow, toPadInfo } from './task-terminals.js';
import { findTask, flowsOfTasks, type TaskFlowRow, type TaskRow, taskPage } from './task.repository.js';

const timeOrNull = (epochMs: number | null, timeZone: string) => (epochMs === null ? null : formatTime(epochMs, timeZone));

/** A task as the list shows it, from its row and its own lines and flows (in order). */
function toTask(row: TaskRow, lines: readonly TaskLineRow[], flows: readonly TaskFlowRow[], timeZone: string): Task {
  return {
    id: row.id,
    productTypeId: row.productTypeId,
    productTypeName: row.productTypeName,
    productId: row.productId,
    number: row.productNumber,
    productCode: row.productCode,
    productionNumber: row.productionCount,
    finishNumber: row.finishNumber,
    status: row.status,
    expireTime: timeOrNull(row.expireTime, timeZone),
    createTime: formatTime(row.createTime, timeZone),
    startTime: timeOrNull(row.startTime, timeZone),
    finishTime: timeOrNull(row.finishTime, timeZone),
    creatorName: row.creatorName,
    productLineIds: lines.map(({ id, lineName, lineNum }) => ({ id, lineName, lineNum })),
    productionLineName: lines.map((line) => line.lineName).join('、'),
    productLineCode: lines.map((line) => line.lineNum).join(','),
    flows: flows.map(({ id, name }) => ({ id, name })),
  };
}

function groupBy<T extends { taskId: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.taskId);
    if (group) group.push(row);
    else groups.set(row.taskId, [row]);
  }
  return groups;
}

/** 产线检测: one page of the tasks the scope sees, with the lines and flows of the page in one query each. */
export async function taskList(
  db: Kysely<Database>,
  scope: TaskScope,
  query: z.output<typeof taskListQuery>,
  timeZone: string,
): Promise<Page<Task>> {
  const { page, pageSize, ...filters } = query;
  const { rows, total } = await taskPage(db, scope, filters, { page, pageSize });
  const ids = rows.map((row) => row.id);
  const lines = groupBy(await linesOfTasks(db, ids));
  const flows = groupBy(await flowsOfTasks(db, ids));
  const list = rows.map((row) => toTask(row, lines.get(row.id) ?? [], flows.get(row.id) ?? [], timeZone));
  return { list, total, pageSize, pageNum: page };
}

async function requireTask(db: Kysely<Database>, scope: TaskScope, id: number): Promise<TaskRow> {
  const task = await findTask(db, scope, id);
  if (!task) throw notFound();
  return task;
}

/** Every flow of a task moves with it: the task's status read as a flow's (seed 000 §4). */
const FLOW_STATUS_OF: Record<TaskStatus, number> = {
  NEW: FLOW_STATUS.notStarted,
  UNSTART: FLOW_STATUS.notStarted,
  START: FLOW_STATUS.producing,
  STOP: FLOW_STATUS.paused,
  FINISH: FLOW_STATUS.ended,
};

function toDetailFlow(task: TaskRow, flow: TaskFlowRow, terminals: readonly TaskTerminalRow[], realSpeed: number): TaskDetailFlow {
  const pads = terminals.filter((terminal) => terminal.flowId === flow.id);
  return {
    id: flow.id,
    name: flow.name,
    sequence: flow.sequence,
    flowStatus: FLOW_STATUS_OF[task.status],
    // Counters kept by the station API as results arrive (station-result.ts).
    finishNumber: flow.finishNumber,
    productionNumber: task.productionCount,
    realSpeed,
    totalCount: flow.totalCount,
    useCount: pads.filter((pad) => pad.workerName !== null).length,
    padsWithUserInfo: pads.map((pad) => ({
      id: pad.id,
      code: pad.code,
      name: pad.name,
      free: pad.workerName === null,
      userName: pad.workerName,
    })),
  };
}

/** 任务详情: the task and each of its flows with counters and terminals. */
export async function taskDetail(db: Kysely<Database>, scope: TaskScope, id: number, timeZone: string): Promise<TaskDetail> {
  const task = await requireTask(db, scope, id);
  const lines = await linesOfTasks(db, [id]);
  const flows = await flowsOfTasks(db, [id]);
  const terminals = await terminalsOfTask(db, id);
  // The board's pace, from the five-minute counters (docs/metrics.md, realSpeed): one definition for both.
  const speeds = await taskFlowPaces(db, id, Date.now());
  return {
    ...toTask(task, lines, [], timeZone),
    flows: flows.map((flow) => toDetailFlow(task, flow, terminals, speeds.get(flow.id) ?? 0)),
  };
}

/** Both steps of the task form: the fields of step 1 and each flow with its terminals. */
export async function taskEditData(db: Kysely<Database>, scope: TaskScope, id: number, timeZone: string): Promise<TaskEditData> {
  const task = await requireTask(db, scope, id);
  const lines = await linesOfTasks(db, [id]);
  const flows = await flowsOfTasks(db, [id]);
  const terminals = await terminalsOfTask(db, id);
  return {
    id: task.id,
    productTypeId: task.productTypeId,
    productId: task.productId,
    productNumber: task.productNumber,
    productionLineIds: lines.map((line) => line.id),
    productionCount: task.productionCount,
    expireTime: timeOrNull(task.expireTime, timeZone),
    status: task.status,
    flowPads: flows.map((flow) => ({
      flow: { id: flow.id, name: flow.name, sequence: flow.sequence },
      padInfos: terminals.filter((terminal) => terminal.flowId === flow.id).map(toPadInfo),
    })),
  };
}
