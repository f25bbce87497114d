import {
  type DataType,
  type Page,
  scanCodesOf,
  type FlowType,
  type FlowResultStatus,
  type StandardItem,
  type StationAssignment,
  type StationItem,
  type StationLastTask,
  type StationResultRow,
  standardText,
  type TaskStatus,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import type { Database } from '../../platform/schema.js';
import { fileUrl } from '../../platform/files.js';
import { formatTime, todayStart } from '../../platform/time.js';
import type { StationCaller } from './station-auth.js';
import type { FlowChecksOf } from './flow-checks.js';
import { findAssignedFlow, type FlowItemRow, lastTaskOfTerminal, resultsOfTerminal, servesFlow } from './station.repository.js';

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The task's copy of an item as the verdict and the station app read it. */
export function toStationItem(row: FlowItemRow): StationItem {
  const item: StandardItem & { unitName: string | null } = {
    id: row.id,
    name: row.name,
    dataTypeId: row.dataTypeId as DataType,
    unitName: row.unitName,
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    length: row.length,
    enumerates: parseJson<Record<string, string> | null>(row.enumerates, null),
    trueValue: row.trueValue,
    falseValue: row.falseValue,
    intervalNumber: row.intervalNumber,
    normalValue: row.normalValue,
    normalValueMax: row.normalValueMax,
    normalStr: row.normalStr,
    normalBoolean: row.normalBoolean,
    normalEnums: parseJson<string[]>(row.normalEnums, []).map(String),
  };
  return { ...item, code: row.code, standard: standardText(item) };
}

/** What to scan at a flow: 生产码, then SN码 at an overall check, then MAC or IMEI where the flow binds it. */
export const scanCodesOfFlow = (flow: { flowType: string; bindMac: number }, communicationId: string) =>
  scanCodesOf({ flowType: flow.flowType as FlowType, bindMac: flow.bindMac === 1 }, communicationId);

/** 当前任务: the task and flow the terminal serves with everything a test there needs; null when idle. */
export async function stationAssignment(db: Db, checksOf: FlowChecksOf, caller: StationCaller): Promise<StationAssignment> {
  if (!servesFlow(caller)) return null;
  const flow = await findAssignedFlow(db.kysely, db.dialect, caller.taskId!, caller.flowId!);
  if (!flow) return null;
  const { items, manualItems } = await checksOf(db.kysely, flow.flowId);
  return {
    taskId: flow.taskId,
    taskStatus: flow.taskStatus as TaskStatus,
    productNumber: flow.productNumber,
    productionCount: flow.productionCount,
    finishNumber: Number(flow.finishNumber),
    flowId: flow.flowId,
    flowName: flow.flowName,
    flowOrder: flow.flowSequence,
    flowCount: Number(flow.flowCount),
    scanCodes: scanCodesOfFlow(flow, flow.communicationId),
    items,
    manualItems,
    pdfDownloadUrl: flow.pdfFileKey ? fileUrl(flow.pdfFileKey) : null,
  };
}

/** 今日记录: this terminal's results since the factory's midnight, newest first. */
export async function stationResults(
  db: Kysely<Database>,
  caller: StationCaller,
  paging: { page: number; pageSize: number },
  timeZone: string,
): Promise<Page<StationResultRow>> {
  const { rows, total } = await resultsOfTerminal(db, caller.terminalId, todayStart(timeZone), paging);
  return {
    list: rows.map((row) => ({ ...row, status: row.status as FlowResultStatus, createTime: formatTime(row.createTime, timeZone) })),
    total,
    pageSize: paging.pageSize,
    pageNum: paging.page,
  };
}

/**
 * 上一任务: the task of the terminal's latest result. A task that finishes frees its
 * terminals, so an idle terminal's assignment says nothing of it; this says
 * whether the last task finished or is still running without this terminal.
 */
export async function stationLastTask(db: Kysely<Database>, caller: StationCaller, timeZone: string): Promise<StationLastTask> {
  const row = await lastTaskOfTerminal(db, caller.terminalId);
  if (!row) return null;
  return {
    taskId: row.taskId,
    productNumber: row.productNumber,
    status: row.status as TaskStatus,
    flowName: row.flowName,
    finishTime: row.finishTime === null ? null : formatTime(row.finishTime, timeZone),
  };
}
