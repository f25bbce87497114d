import {
  type DeviceTrace,
  type FlowCheckDetail,
  type FlowHistoryEntry,
  type FlowResultStatus,
  type flowHistoryQuery,
  type Page,
  type ProductionRecord,
  RECORD_LIMITS,
  RECORD_MSG,
  recordCursorText,
  type RecordDetail,
  type recordExportListQuery,
  type recordListQuery,
  type RecordPage,
  type TestStatus,
  type TraceAnswer,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Database } from '../../platform/schema.js';
import { type TaskScope, taskVisible } from '../../platform/task-scope.js';
import { formatTime, parseZonedTime } from '../../platform/time.js';
import {
  type DeviceRow,
  type DeviceWithTask,
  deviceByCode,
  devicesMatching,
  flowOfTask,
  flowsOfTask,
  historyPage,
  type LatestResultRow,
  latestResultsOf,
  lineCodesOf,
  type RecordFilters,
  recordPage,
  type ResultRow,
  resultInScope,
  resultsOfDevices,
} from './records.repository.js';

/** What a station stored of each auto-check item (flow_result.autoResults). */
export interface StoredItem {
  itemId: number;
  name: string;
  value: string | null;
  standard: string;
  result: number;
}
/** What a station stored of each manual item (flow_result.manualResults). */
export interface StoredManual {
  itemId: number;
  name: string;
  pass: boolean;
}

export function storedItems(row: Pick<ResultRow, 'autoResults'>): StoredItem[] {
  return parseList<StoredItem>(row.autoResults);
}
export function storedManual(row: Pick<ResultRow, 'manualResults'>): StoredManual[] {
  return parseList<StoredManual>(row.manualResults);
}
function parseList<T>(text: string): T[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

const timeOrNull = (epochMs: number | null, timeZone: string) => (epochMs === null ? null : formatTime(epochMs, timeZone));
/** Seconds between start and end, to a tenth. */
const secondsOf = (startTime: number, endTime: number) => Math.round((endTime - startTime) / 100) / 10;

type Flow = { id: number; name: string; sequence: number };

function toRecord(
  device: DeviceRow,
  flows: readonly Flow[],
  latest: ReadonlyMap<string, LatestResultRow>,
  lineCode: string,
  timeZone: string,
): ProductionRecord {
  return {
    id: device.code,
    taskId: device.taskId,
    deviceSn: device.sn,
    deviceMac: device.mac,
    deviceImei: device.imei,
    // A record exists once its device has a result, so both times are set (recordPage, requireRecord).
    createTime: formatTime(device.firstTestTime!, timeZone),
    lastTestTime: formatTime(device.lastTestTime!, timeZone),
    testStatus: device.testStatus as TestStatus | null,
    productionLineCode: lineCode,
    flows: flows.map((flow) => {
      const result = latest.get(`${device.id}:${flow.id}`);
      return {
        id: flow.id,
        name: flow.name,
        sequence: flow.sequence,
        runtimeTaskResultEntity: result
          ? {
              id: result.id,
              startTime: formatTime(result.startTime, timeZone),
              endTime: formatTime(result.endTime, timeZone),
              speed: secondsOf(result.startTime, result.endTime),
              status: result.status as FlowResultStatus,
              historyCount: result.attempts,
            }
          : null,
      };
    }),
  };
}

/** The records of devices of one task: its flows once, the devices' latest results in one query. */
async function recordsOf(db: Kysely<Database>, taskId: number, devices: readonly DeviceRow[], timeZone: string) {
  const flows = await flowsOfTask(db, taskId);
  const latest = new Map((await latestResultsOf(db, devices.map((device) => device.id))).map((row) => [`${row.codeId}:${row.taskFlowId}`, row]));
  const lineCode = (await lineCodesOf(db, [taskId])).get(taskId) ?? '';
  return devices.map((device) => toRecord(device, flows, latest, lineCode, timeZone));
}

/** A `YYYY-MM-DD` bound as the instant its day starts in the factory's zone. */
function dayStart(text: string | undefined, timeZone: string): number | undefined {
  if (text === undefined) return undefined;
  const parsed = parseZonedTime(text, timeZone);
  if (!parsed) throw badRequest(RECORD_MSG.dateRule);
  return parsed.epochMs;
}

/**
 * The list's filters as the repository takes them (the export takes the same):
 * the dates as the instants their days start in the factory's zone.
 */
export function recordFilters(query: z.output<typeof recordExportListQuery>, timeZone: string): RecordFilters {
  const from = dayStart(query.fromTime, timeZone);
  const before = dayStart(query.toTime, timeZone);
  if (from !== undefined && before !== undefined && from > before) throw badRequest(RECORD_MSG.dateOrder);
  return { testStatus: query.testStatus, firstTestFrom: from, firstTestBefore: before, searchText: query.searchText };
}

/** 生产记录: a page of the task's records (404 for a task the scope does not see, as for a missing one). */
export async function recordList(
  db: Kysely<Database>,
  dialect: Dialect,
  scope: TaskScope,
  query: z.output<typeof recordListQuery>,
  timeZone: string,
): Promise<RecordPage> {
  const { taskId, page, pageSize, after, before } = query;
  const filters = recordFilters(query, timeZone);
  if (!(await taskVisible(db, scope, taskId))) throw notFound();
  const { rows, total, capped, hasMore } = await recordPage(db, dialect, taskId, filters, { page, pageSize, after, before });
  const first = rows[0];
  const last = rows.at(-1);
  return {
    data: await recordsOf(db, taskId, rows, timeZone),
    totalRecord: total,
    pageSize,
    page,
    totalCapped: capped,
    hasMore,
    // A record is tested, so its first test is set (filteredRecords).
    firstCursor: first ? recordCursorText({ firstTestTime: first.firstTestTime!, id: first.id }) : null,
    lastCursor: last ? recordCursorText({ firstTestTime: last.firstTestTime!, id: last.id }) : null,
  };
}

/** The device of a record: in scope and tested (an untested device has no record yet). */
export async function requireRecord(db: Kysely<Database>, scope: TaskScope, code: string): Promise<DeviceWithTask> {
  const device = await deviceByCode(db, scope, code);
  if (!device || device.lastTestTime === null) throw notFound(RECORD_MSG.recordMissing);
  return device;
}

/** 生产记录详情: the record with its task. */
export async function recordDetail(db: Kysely<Database>, scope: TaskScope, code: string, timeZone: string): Promise<RecordDetail> {
  const device = await requireRecord(db, scope, code);
  const [record] = await recordsOf(db, device.taskId, [device], timeZone);
  return { ...record!, productNumber: device.productNumber, productTypeName: device.productTypeName, taskStatus: device.taskStatus };
}

/** 流程检测详情: one result with each check as it was judged. */
export async function flowCheckDetail(db: Kysely<Database>, scope: TaskScope, id: number, timeZone: string): Promise<FlowCheckDetail> {
  const row = await resultInScope(db, scope, id);
  if (!row) throw notFound(RECORD_MSG.resultMissing);
  return {
    id: row.id,
    deviceId: row.code,
    taskId: row.taskId,
    flowName: row.flowName,
    flowTopoId: row.taskFlowId,
    uname: row.userName,
    terminalName: row.terminalName,
    terminalCode: row.terminalCode,
    startTime: formatTime(row.startTime, timeZone),
    endTime: formatTime(row.endTime, timeZone),
    status: row.status as FlowResultStatus,
    attempt: row.attempt,
    historyCount: row.historyCount,
    autoCheckResult: {
      checkResults: storedItems(row).map((item) => ({
        propertyName: item.name,
        normalValue: item.standard,
        value: item.value,
        result: item.result,
      })),
    },
    manualCheckResult: {
      manualReportValues: storedManual(row).map((item) => ({ manualValue: item.name, result: item.pass ? 1 : 0 })),
    },
  };
}

/** 流程检测历史: the device's results at one flow of its task, newest first. */
export async function flowHistory(
  db: Kysely<Database>,
  scope: TaskScope,
  query: z.output<typeof flowHistoryQuery>,
  timeZone: string,
): Promise<Page<FlowHistoryEntry>> {
  const { flowTopoId, deviceId, page, pageSize } = query;
  const device = await requireRecord(db, scope, deviceId);
  if (!(await flowOfTask(db, device.taskId, flowTopoId))) throw notFound(RECORD_MSG.recordMissing);
  const { rows, total } = await historyPage(db, device.id, flowTopoId, { page, pageSize });
  const list = rows.map((row) => ({
    id: row.id,
    startTime: formatTime(row.startTime, timeZone),
    uname: row.userName,
    status: row.status as FlowResultStatus,
    attempt: row.attempt,
  }));
  return { list, total, pageSize, pageNum: page };
}

/**
 * What a trace matches: the text as typed and in capitals (production codes are
 * capitals, and a MAC is often scanned in capitals but typed in small letters).
 */
export const traceTexts = (text: string) => [...new Set([text, text.toUpperCase()])];

/** 设备追溯: the devices in scope whose code, SN, MAC or IMEI is the text, each with every result in time order. */
export async function deviceTrace(db: Kysely<Database>, scope: TaskScope, text: string, timeZone: string): Promise<TraceAnswer> {
  const devices = await devicesMatching(db, scope, traceTexts(text), RECORD_LIMITS.traceMatches);
  const results = await resultsOfDevices(db, devices.map((device) => device.id));
  const lineCodes = await lineCodesOf(db, devices.map((device) => device.taskId));
  return {
    devices: devices.map(
      (device): DeviceTrace => ({
        code: device.code,
        sn: device.sn,
        mac: device.mac,
        imei: device.imei,
        testStatus: device.testStatus as TestStatus | null,
        taskId: device.taskId,
        taskStatus: device.taskStatus,
        productNumber: device.productNumber,
        productTypeName: device.productTypeName,
        productionLineCode: lineCodes.get(device.taskId) ?? '',
        firstTestTime: timeOrNull(device.firstTestTime, timeZone),
        lastTestTime: timeOrNull(device.lastTestTime, timeZone),
        results: results
          .filter((row) => row.codeId === device.id)
          .map((row) => ({
            id: row.id,
            flowName: row.flowName,
            flowSequence: row.flowSequence,
            status: row.status as FlowResultStatus,
            attempt: row.attempt,
            startTime: formatTime(row.startTime, timeZone),
            endTime: formatTime(row.endTime, timeZone),
            uname: row.userName,
            terminalName: row.terminalName,
            terminalCode: row.terminalCode,
            items: storedItems(row).map(({ name, value, standard, result }) => ({ name, value, standard, result })),
            manual: storedManual(row).map(({ name, pass }) => ({ name, pass })),
          })),
      }),
    ),
  };
}
