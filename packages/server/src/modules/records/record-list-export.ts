import type { Writable } from 'node:stream';
import { FLOW_RESULT_NAMES, type FlowResultStatus, TEST_STATUS_NAMES, type TestStatus } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { openSheetStream } from '../../platform/xlsx-streaming.js';
import type { Database } from '../../platform/schema.js';
import { type TaskScope, taskVisible } from '../../platform/task-scope.js';
import { formatTime } from '../../platform/time.js';
import {
  type DeviceRow,
  flowsOfTask,
  latestResultsOf,
  lineCodesOf,
  type RecordCursor,
  recordCount,
  type RecordFilters,
  recordsAfter,
} from './records.repository.js';

export const RECORD_LIST_SHEET = '生产记录';
/** As the list shows them (record-status-tag.tsx): a device with flows left untested, a flow with no result yet. */
export const TESTING_NAME = '检测中';
export const UNTESTED_NAME = '未检测';
export const RECORD_LIST_COLUMNS = ['生产码', 'SN', 'MAC', 'IMEI', '检测时间', '最近检测时间', '检测状态', '产线'] as const;

/**
 * Records read per query. A batch is one index range and one lookup of its
 * latest results; between batches the event loop serves other requests (SQLite
 * reads block it while they run) and the writer waits for the client, so what
 * is held at once is a few batches, whatever the task's size. 500, not 1,000:
 * a record detail beside a 100,000-record export waited up to 40–70 ms behind
 * a batch of 1,000 (goal: under 50), 14–32 ms behind 500, and the export took
 * as long (bench/export-stall.mjs).
 */
export const READ_BATCH = 500;

/** `<model>_生产记录_<task number>.xlsx`, as the production codes' export names its file after the task. */
export const recordListFileName = (productNumber: string, taskId: number) => `${productNumber}_${RECORD_LIST_SHEET}_${taskId}.xlsx`;

export interface RecordListExport {
  fileName: string;
  /** how many records the file will hold (the console shows it while the file arrives) */
  count: number;
  /** Writes the workbook into `output` and ends it; stops early when `output` is destroyed (the client left). */
  write(output: Writable): Promise<void>;
}

/**
 * 导出生产记录列表: everything that can be refused is checked here, before a
 * byte is sent, so a refusal is still the JSON envelope; only the writing is
 * left for after the headers.
 */
export async function openRecordListExport(
  db: Kysely<Database>,
  dialect: Dialect,
  scope: TaskScope,
  taskId: number,
  filters: RecordFilters,
  timeZone: string,
): Promise<RecordListExport> {
  if (!(await taskVisible(db, scope, taskId))) throw notFound();
  const task = await db.selectFrom('task').select('productNumber').where('id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound();
  const count = await recordCount(db, dialect, taskId, filters);
  const flows = await flowsOfTask(db, taskId);
  const lineCode = (await lineCodesOf(db, [taskId])).get(taskId) ?? '';
  const time = (epochMs: number | null) => (epochMs === null ? null : formatTime(epochMs, timeZone));

  const rowOf = (device: DeviceRow, latest: ReadonlyMap<string, string>) => [
    device.code,
    device.sn,
    device.mac,
    device.imei,
    time(device.firstTestTime),
    time(device.lastTestTime),
    device.testStatus ? TEST_STATUS_NAMES[device.testStatus as TestStatus] : TESTING_NAME,
    lineCode || null,
    ...flows.map((flow) => {
      const status = latest.get(`${device.id}:${flow.id}`);
      return status ? FLOW_RESULT_NAMES[status as FlowResultStatus] : UNTESTED_NAME;
    }),
  ];

  async function write(output: Writable): Promise<void> {
    // Written by the sheet worker (platform/xlsx-streaming.ts), a batch at a time: the next batch is read once
    // the worker and the client have room, so the event loop serves other requests between batches.
    const sheet = openSheetStream(output, RECORD_LIST_SHEET);
    await sheet.add([[...RECORD_LIST_COLUMNS, ...flows.map((flow) => flow.name)]]);
    let after: RecordCursor | null = null;
    while (!output.destroyed) {
      const devices = await recordsAfter(db, dialect, taskId, filters, after, READ_BATCH);
      if (devices.length === 0) break;
      const latest = new Map(
        (await latestResultsOf(db, devices.map((device) => device.id))).map((row) => [`${row.codeId}:${row.taskFlowId}`, row.status]),
      );
      const last = devices[devices.length - 1]!;
      after = { firstTestTime: last.firstTestTime!, id: last.id };
      await sheet.add(devices.map((device) => rowOf(device, latest)));
    }
    if (output.destroyed) return;
    await sheet.end();
  }

  return { fileName: recordListFileName(task.productNumber, taskId), count, write };
}
