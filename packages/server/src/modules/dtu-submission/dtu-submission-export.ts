import type { Writable } from 'node:stream';
import { DTU_TEST_STATUS_NAMES, type DtuTestStatus, MANAGE_STATUS_NAMES, type ManageStatus } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { batchNoOf, findBatchInScope } from '../../platform/dtu-batches.js';
import { findDtuTaskInScope } from '../../platform/dtu-tasks.js';
import { notFound } from '../../platform/errors.js';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { formatTime } from '../../platform/time.js';
import { type CellValue, openSheetStream } from '../../platform/xlsx-streaming.js';
import {
  accountNames,
  seqsOfTask,
  unitCount,
  terminalNames,
  type UnitRow,
  type UnitSource,
  unitsAfter,
  type ValueColumn,
  valueColumnsOf,
  valueKey,
  valuesOfUnits,
} from './dtu-submission.repository.js';

export const TASK_EXPORT_SHEET = '检测记录';
export const BATCH_EXPORT_SHEET = '设备列表';
export const TASK_EXPORT_COLUMNS = ['序号', 'IMEI', 'MAC', '检测结果', '失败项', '提交状态', '批次', '检测人', '检测终端', '开始时间', '检测时间'] as const;
export const BATCH_EXPORT_COLUMNS = ['序号', 'IMEI', 'MAC', '检测结果', '失败项', '检测时间', '检测人'] as const;
/** A unit without a result yet, as the task's progress page shows it. */
export const TESTING_NAME = '检测中';
/** Between the failed items of one unit. */
const FAILURE_SEPARATOR = '、';

/** `<task name>_检测记录_<taskId>.xlsx`, as the records' export names its file. */
export const taskExportFileName = (taskName: string, taskId: number) => `${taskName}_${TASK_EXPORT_SHEET}_${taskId}.xlsx`;
/** `<task name>_批次<batchNo>_设备列表.xlsx`. */
export const batchExportFileName = (taskName: string, batchNo: string) => `${taskName}_批次${batchNo}_${BATCH_EXPORT_SHEET}.xlsx`;

/**
 * Records read per query: a page, its values and its names are what is held at
 * once, whatever the task's size (the writer waits for the client between pages).
 */
const READ_BATCH = 1_000;

export interface UnitExport {
  fileName: string;
  /** how many units the file holds */
  count: number;
  /** Writes the workbook into `output` and ends it; stops early when `output` is destroyed (the client left). */
  write(output: Writable): Promise<void>;
}

/** A cell's text, blank when empty. */
const cell = (text: string | null | undefined) => (text ? text : null);

function failuresText(text: string | null): string | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) && parsed.length > 0 ? parsed.map(String).join(FAILURE_SEPARATOR) : null;
  } catch {
    return null;
  }
}

const resultText = (testStatus: string | null) => (testStatus === null ? TESTING_NAME : DTU_TEST_STATUS_NAMES[testStatus as DtuTestStatus]);

/**
 * The value columns' headers: the property's name; where two columns share a
 * name (an automatic and a serial property of one code, say), the code and kind
 * tell them apart.
 */
export function valueHeaders(columns: readonly ValueColumn[]): string[] {
  const counts = new Map<string, number>();
  for (const column of columns) counts.set(column.name, (counts.get(column.name) ?? 0) + 1);
  return columns.map((column) =>
    counts.get(column.name)! > 1 ? `${column.name}(${column.kind === 'SERIAL' ? '串口' : '自动'} ${column.code})` : column.name,
  );
}

/** What one page of units needs besides its rows: names and reported values, read in three lookups. */
async function pageLookups(db: Kysely<Database>, units: readonly UnitRow[]) {
  const [testers, terminals, values] = await Promise.all([
    accountNames(db, units.map((unit) => unit.testerId)),
    terminalNames(db, units.map((unit) => unit.terminalId)),
    valuesOfUnits(db, units.map((unit) => unit.id)),
  ]);
  return { testers, terminals, values };
}
type Lookups = Awaited<ReturnType<typeof pageLookups>>;

/**
 * Writes the units of `source` in test order, keyset-paged by id, through the
 * sheet worker (platform/xlsx-streaming.ts: exceljs' streaming writer without
 * shared strings or styles, off the event loop); the next page is read once the
 * worker and the client have room.
 */
async function writeUnits(
  db: Kysely<Database>,
  output: Writable,
  sheetName: string,
  header: readonly string[],
  source: UnitSource,
  rowOf: (unit: UnitRow, index: number, lookups: Lookups) => CellValue[],
): Promise<void> {
  const sheet = openSheetStream(output, sheetName);
  await sheet.add([[...header]]);
  let afterId = 0;
  let index = 0;
  while (!output.destroyed) {
    const units = await unitsAfter(db, source, afterId, READ_BATCH);
    if (units.length === 0) break;
    const lookups = await pageLookups(db, units);
    afterId = units[units.length - 1]!.id;
    await sheet.add(units.map((unit) => rowOf(unit, ++index, lookups)));
  }
  if (output.destroyed) return;
  await sheet.end();
}

const valueCells = (unit: UnitRow, columns: readonly ValueColumn[], values: Lookups['values']) =>
  columns.map((column) => cell(values.get(valueKey(unit.id, column.kind, column.code))));

/**
 * 导出 of a DTU task (seed 002 §7 task_export): its production records, one row a
 * unit with its result, submit state and batch, then one column per automatic and
 * serial property code the records reported. What can be refused is checked before
 * a byte is sent, so a refusal is still the JSON envelope.
 */
export async function openTaskExport(db: Kysely<Database>, scope: TaskScope, taskId: number, timeZone: string): Promise<UnitExport> {
  const task = await findDtuTaskInScope(db, scope, taskId);
  if (!task) throw notFound();
  const source: UnitSource = { taskId: task.id };
  const count = await unitCount(db, source);
  const columns = await valueColumnsOf(db, source);
  const seqs = await seqsOfTask(db, task.id);
  const time = (epochMs: number | null) => (epochMs === null ? null : formatTime(Number(epochMs), timeZone));

  const rowOf = (unit: UnitRow, index: number, { testers, terminals, values }: Lookups) => {
    const seq = unit.submitBatchId === null ? undefined : seqs.get(unit.submitBatchId);
    return [
      index,
      cell(unit.imei),
      cell(unit.mac),
      resultText(unit.testStatus),
      failuresText(unit.failures),
      MANAGE_STATUS_NAMES[unit.manageStatus as ManageStatus] ?? null,
      seq === undefined ? null : batchNoOf(task.id, seq),
      cell(unit.testerId === null ? null : testers.get(unit.testerId)),
      cell(unit.terminalId === null ? null : terminals.get(unit.terminalId)),
      time(unit.startTime),
      time(unit.checkTime),
      ...valueCells(unit, columns, values),
    ];
  };

  return {
    fileName: taskExportFileName(task.fittingType, task.id),
    count,
    write: (output) => writeUnits(db, output, TASK_EXPORT_SHEET, [...TASK_EXPORT_COLUMNS, ...valueHeaders(columns)], source, rowOf),
  };
}

/** 导出 of a submitted batch (seed 002 §7 submit record export): its device list, the batch reached through its task. */
export async function openBatchExport(db: Kysely<Database>, scope: TaskScope, batchId: number, timeZone: string): Promise<UnitExport> {
  const batch = await findBatchInScope(db, scope, batchId);
  if (!batch) throw notFound();
  const source: UnitSource = { batchId: batch.id };
  const count = await unitCount(db, source);
  const columns = await valueColumnsOf(db, source);

  const rowOf = (unit: UnitRow, index: number, { testers, values }: Lookups) => [
    index,
    cell(unit.imei),
    cell(unit.mac),
    resultText(unit.testStatus),
    failuresText(unit.failures),
    unit.checkTime === null ? null : formatTime(Number(unit.checkTime), timeZone),
    cell(unit.testerId === null ? null : testers.get(unit.testerId)),
    ...valueCells(unit, columns, values),
  ];

  return {
    fileName: batchExportFileName(batch.taskName, batchNoOf(batch.taskId, batch.seq)),
    count,
    write: (output) => writeUnits(db, output, BATCH_EXPORT_SHEET, [...BATCH_EXPORT_COLUMNS, ...valueHeaders(columns)], source, rowOf),
  };
}
