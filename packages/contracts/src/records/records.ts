import { z } from 'zod';
import { decimal, idField, optionalText, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { textTooLong } from '../messages.js';
import { FLOW_RESULT_STATUSES, TEST_STATUSES } from '../station/station.js';

/** Messages of the records calls (the specification names none; written in its voice). */
export const RECORD_MSG = {
  dateRule: '日期格式应为 YYYY-MM-DD',
  dateOrder: '开始日期不能晚于结束日期',
  recordMissing: '生产记录不存在',
  resultMissing: '检测结果不存在',
  traceTextRequired: '请输入生产码、SN、MAC 或 IMEI',
  cursorRule: '翻页位置无效，请回到第一页',
} as const;

export const RECORD_LIMITS = {
  pageSizes: [10, 20, 50],
  historyPageSizes: [5, 10, 15, 20],
  historyDefaultPageSize: 5,
  /** devices a trace search answers at most (an SN may repeat across tasks) */
  traceMatches: 20,
  /**
   * The records list counts a filtered list up to this many records (issue 19): past it the answer says
   * `totalCapped` and the console shows 共 10,000+ 条, so no page counts a million rows.
   */
  countCap: 10_000,
} as const;

/**
 * A place in the records list's order (newest first test first, the id breaking ties): the record's first
 * test in epoch ms and its id, as `<firstTestTime>_<id>`. The list answers the first and last of each page.
 */
export interface RecordCursor {
  firstTestTime: number;
  id: number;
}
export const recordCursorText = (cursor: RecordCursor) => `${cursor.firstTestTime}_${cursor.id}`;
const CURSOR = /^(\d{1,15})_(\d{1,15})$/;
const cursorField = z
  .string()
  .regex(CURSOR, RECORD_MSG.cursorRule)
  .transform((text): RecordCursor => {
    const [, firstTestTime, id] = CURSOR.exec(text)!;
    return { firstTestTime: Number(firstTestTime), id: Number(id) };
  })
  .optional();

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const optionalDate = optionalText.refine((text) => text === undefined || DATE_ONLY.test(text), RECORD_MSG.dateRule);

/**
 * GET /api/productionRecord/list: the tested devices of a task (a device with no
 * result yet has no record). The dates bound the device's first test: fromTime
 * inclusive, toTime exclusive (the console sends the day after the chosen end,
 * seed 000 §2). searchText matches the start of the production code, SN, MAC or IMEI.
 */
export const recordListQuery = pageQuery.extend({
  taskId: idField,
  /** empty: every status */
  testStatus: z
    .union([z.literal(''), z.enum(TEST_STATUSES)])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  fromTime: optionalDate,
  toTime: optionalDate,
  searchText: optionalText,
  /**
   * Keyset paging (issue 19): the page after this place (a page's lastCursor), or before it (a page's
   * firstCursor), instead of skipping (page − 1) × pageSize records; `page` is then only echoed. `after`
   * wins when both are sent.
   */
  after: cursorField,
  before: cursorField,
});
export type RecordListQuery = z.input<typeof recordListQuery>;

/**
 * GET /api/productionRecord/exportList: the records the list would show with
 * these filters, every page, as one xlsx sheet in the list's order (file
 * download, streamed). The answer carries the record count in a header, so the
 * console can say how many rows it is receiving before the last byte arrives.
 */
export const recordExportListQuery = recordListQuery.omit({ page: true, pageSize: true, after: true, before: true });
export type RecordExportListQuery = z.input<typeof recordExportListQuery>;
/** The header of the export's answer that holds how many records the file holds. */
export const RECORD_COUNT_HEADER = 'x-record-count';

/** A flow's latest result on a record (runtimeTaskResultEntity in the specification), null while untested there. */
export const recordFlowResult = z.object({
  /** the flow result's id: /api/flow/checkDetail?id= takes it */
  id: z.number().int(),
  startTime: timeText,
  endTime: timeText,
  /** seconds the test took (end − start) */
  speed: z.number(),
  status: z.enum(FLOW_RESULT_STATUSES),
  /** results of the device at this flow, retests included */
  historyCount: z.number().int(),
});
export type RecordFlowResult = z.infer<typeof recordFlowResult>;

export const recordFlow = z.object({
  /** the task flow's id (flowTopoId of the history call) */
  id: z.number().int(),
  name: z.string(),
  sequence: z.number().int(),
  runtimeTaskResultEntity: recordFlowResult.nullable(),
});

/** A production record: one device of a task with its latest result at each flow. */
export const productionRecord = z.object({
  /** the production code */
  id: z.string(),
  taskId: z.number().int(),
  deviceSn: z.string().nullable(),
  deviceMac: z.string().nullable(),
  deviceImei: z.string().nullable(),
  /** the device's first test */
  createTime: timeText,
  lastTestTime: timeText,
  testStatus: z.enum(TEST_STATUSES).nullable(),
  /** the line codes of the task, comma-separated */
  productionLineCode: z.string(),
  flows: z.array(recordFlow),
});
export type ProductionRecord = z.infer<typeof productionRecord>;

/**
 * The records list keeps the specification's keys (DESIGN.md §3). Issue 19 added the rest, with defaults so
 * that an answer without them still reads: an exact total, no keyset cursors.
 */
export const recordPage = z.object({
  data: z.array(productionRecord),
  /** the records passing the filters; with totalCapped, RECORD_LIMITS.countCap and more */
  totalRecord: z.number().int(),
  pageSize: z.number().int(),
  page: z.number().int(),
  /** more than RECORD_LIMITS.countCap records pass the filters: totalRecord is the cap (shown as 10,000+) */
  totalCapped: z.boolean().default(false),
  /** a record follows the page's last one */
  hasMore: z.boolean().default(false),
  /** the page's first and last records as cursors (`before` and `after` of the previous and next page); null on an empty page */
  firstCursor: z.string().nullable().default(null),
  lastCursor: z.string().nullable().default(null),
});
export type RecordPage = z.infer<typeof recordPage>;

/** GET /api/productionRecord/detail?id=<production code>: the record with its task. */
export const recordDetailQuery = z.object({ id: z.string({ error: RECORD_MSG.recordMissing }).trim().min(1, RECORD_MSG.recordMissing).max(64, RECORD_MSG.recordMissing) });
export const recordDetail = productionRecord.extend({
  productNumber: z.string(),
  productTypeName: z.string(),
  taskStatus: z.string(),
});
export type RecordDetail = z.infer<typeof recordDetail>;

/** GET /api/productionRecord/export?id=<production code>: xlsx of the device with every flow result (file download). */

/** GET /api/flow/checkDetail?id=<flow result id> */
export const flowCheckDetail = z.object({
  id: z.number().int(),
  /** the production code */
  deviceId: z.string(),
  taskId: z.number().int(),
  flowName: z.string(),
  /** the task flow's id */
  flowTopoId: z.number().int(),
  /** the tester's name */
  uname: z.string(),
  terminalName: z.string().nullable(),
  terminalCode: z.string().nullable(),
  startTime: timeText,
  endTime: timeText,
  status: z.enum(FLOW_RESULT_STATUSES),
  /** 1 for the device's first result at this flow */
  attempt: z.number().int(),
  historyCount: z.number().int(),
  autoCheckResult: z.object({
    checkResults: z.array(
      z.object({
        propertyName: z.string(),
        /** the standard the value was judged against, as one line (copied with the result) */
        normalValue: z.string(),
        value: z.string().nullable(),
        /** 1 pass, 0 fail */
        result: z.number().int(),
      }),
    ),
  }),
  manualCheckResult: z.object({
    manualReportValues: z.array(z.object({ manualValue: z.string(), result: z.number().int() })),
  }),
});
export type FlowCheckDetail = z.infer<typeof flowCheckDetail>;

/** GET /api/flow/historyList?flowTopoId&deviceId&page&pageSize: the device's results at one flow, newest first. */
export const flowHistoryQuery = pageQuery.extend({
  flowTopoId: idField,
  /** the production code */
  deviceId: z.string({ error: RECORD_MSG.recordMissing }).trim().min(1, RECORD_MSG.recordMissing).max(64, RECORD_MSG.recordMissing),
  pageSize: decimal(z.number().int().min(0).max(1000).default(RECORD_LIMITS.historyDefaultPageSize)),
});
export const flowHistoryEntry = z.object({
  id: z.number().int(),
  startTime: timeText,
  uname: z.string(),
  status: z.enum(FLOW_RESULT_STATUSES),
  attempt: z.number().int(),
});
export type FlowHistoryEntry = z.infer<typeof flowHistoryEntry>;

/**
 * GET /api/device/trace?text=: traceability (beyond the specification). The
 * devices whose production code, SN, MAC or IMEI equals the text, in the
 * caller's scope, each with its task and every result in time order.
 */
// A code, SN, MAC or IMEI is at most 64 characters: a longer text can match nothing.
export const traceQuery = z.object({
  text: z.string({ error: RECORD_MSG.traceTextRequired }).trim().min(1, RECORD_MSG.traceTextRequired).max(64, textTooLong(64)),
});
export const traceResult = z.object({
  id: z.number().int(),
  flowName: z.string(),
  flowSequence: z.number().int(),
  status: z.enum(FLOW_RESULT_STATUSES),
  attempt: z.number().int(),
  startTime: timeText,
  endTime: timeText,
  uname: z.string(),
  terminalName: z.string().nullable(),
  terminalCode: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), value: z.string().nullable(), standard: z.string(), result: z.number().int() })),
  manual: z.array(z.object({ name: z.string(), pass: z.boolean() })),
});
export const deviceTrace = z.object({
  code: z.string(),
  sn: z.string().nullable(),
  mac: z.string().nullable(),
  imei: z.string().nullable(),
  testStatus: z.enum(TEST_STATUSES).nullable(),
  taskId: z.number().int(),
  taskStatus: z.string(),
  productNumber: z.string(),
  productTypeName: z.string(),
  productionLineCode: z.string(),
  firstTestTime: timeText.nullable(),
  lastTestTime: timeText.nullable(),
  results: z.array(traceResult),
});
export type DeviceTrace = z.infer<typeof deviceTrace>;
export const traceAnswer = z.object({ devices: z.array(deviceTrace) });
export type TraceAnswer = z.infer<typeof traceAnswer>;
