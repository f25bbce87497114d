import { z } from 'zod';
import { decimal, idField, intField, optionalText, positiveId, timeText } from '../admin/common.js';
import { pageQuery } from '../envelope.js';
import { MSG } from '../messages.js';
import { DEFAULT_AQL, DEFAULT_INSPECTION_LEVEL, INSPECTION_LEVELS, isAql } from '../stock/sampling-plan.js';
import { DTU_SUBMISSION_MSG as M } from './dtu-submission-messages.js';
import { DTU_TASK_STATUSES, DTU_TEST_STATUSES, dtuTaskPad } from './dtu-task.js';

/*
 * Submission, sampling inspection and the inspection report of DTU batches (seed
 * 002 §2 /submitRecord, /submitRecordDetail, /checkTask, /checkReport; §3 "Sampling
 * batch", "Submit record", "Batch detail item", "Sampling dialog", "Report"; §4, §5,
 * §7; DESIGN.md §9.3, §9.5). A submit turns the task's UNSUBMIT records with a result
 * into one batch; a batch is sampled by the task's sampling terminals (GB/T 2828.1
 * single sampling, the plan of the stock issue); its report is computed from the rows.
 */

const filter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((value) => value || undefined);

/** A sampled batch's verdict: PENDING until n samples are judged with defects ≤ Ac, or defects reach Re. */
export const SAMPLING_VERDICTS = ['PENDING', 'ACCEPT', 'REJECT'] as const;
export type SamplingVerdict = (typeof SAMPLING_VERDICTS)[number];
export const SAMPLING_VERDICT_NAMES: Record<SamplingVerdict, string> = { PENDING: '抽检中', ACCEPT: '合格', REJECT: '不合格' };

/** The report's organisation: fixed text (seed 002 §9). */
export const REPORT_ORGANISATION = '海容物联质量检验中心';
/** Samples per item in the report's basic checks, padded with '-' (seed 002 §9). */
export const REPORT_SAMPLE_COLUMNS = 5;

// ─── submission ───

/** POST /api/dtuTask/submit: every UNSUBMIT record of the task with a result becomes one batch. */
export const submitBody = z.object({ taskId: idField });
export const submitAnswer = z.object({
  /** the batch's id (what submitRecordDetailList, submitRecordExport, reportDetail take as batchId) */
  batchId: z.number().int(),
  batchNo: z.string(),
  submitNumber: z.number().int(),
});
export type SubmitAnswer = z.infer<typeof submitAnswer>;

/** GET /api/dtuTask/export?taskId: the task's device records as .xlsx (streamed). */
export const taskExportQuery = z.object({ taskId: idField });

/** GET /api/dtuTask/submitRecordList: a task's batches, newest first. */
export const submitRecordListQuery = pageQuery.extend({ taskId: idField });
/** One batch (seed 002 §3 "Submit record"). */
export const submitRecord = z.object({
  id: z.number().int(),
  /** the batch's number within the task, e.g. 12-003 (task 12's third batch) */
  batchNo: z.string(),
  submitNumber: z.number().int(),
  /** of them, units that passed */
  passNumber: z.number().int(),
  submitTime: timeText,
  /** the submitter (seed: 检验员) */
  uname: z.string().nullable(),
  /** sampling, beyond the specification */
  verdict: z.enum(SAMPLING_VERDICTS).nullable(),
});
export type SubmitRecord = z.infer<typeof submitRecord>;
export const submitRecordPage = z.object({
  list: z.array(submitRecord),
  total: z.number().int(),
  pageSize: z.number().int(),
  pageNum: z.number().int(),
  /** units submitted in all the task's batches */
  totalSubmitCount: z.number().int(),
  /** the task's target (productionNumber) */
  aimCount: z.number().int(),
});
export type SubmitRecordPage = z.infer<typeof submitRecordPage>;

/** GET /api/dtuTask/submitRecordDetailList: a batch's units; `mac` matches the IMEI or MAC (contains). */
export const submitRecordDetailQuery = pageQuery.extend({ batchId: idField, mac: optionalText });
/** One unit of a batch (seed 002 §3 "Batch detail item"). */
export const batchDetailItem = z.object({
  /** the unit's device test record (dtuTaskWatchDetail's taskDetailId) */
  id: z.number().int(),
  imei: z.string(),
  mac: z.string(),
  /** judged */
  endTime: timeText.nullable(),
  testStatus: z.enum(DTU_TEST_STATUSES),
  uname: z.string().nullable(),
});
export type BatchDetailItem = z.infer<typeof batchDetailItem>;

/** GET /api/dtuTask/submitRecordExport?batchId, GET /api/dtuTask/reportExport?batchId: .xlsx, streamed. */
export const batchQuery = z.object({ batchId: idField });

// ─── sampling inspection ───

/** GB/T 2828.1 inspection level of a task's sampling: II when absent or an empty form field (null is refused, as on the product form). */
const inspectionLevelField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(INSPECTION_LEVELS, { error: MSG.inspectionLevelRequired }).default(DEFAULT_INSPECTION_LEVEL),
);
/** AQL of a task's sampling: a column of Table 2-A (1.0 unless given). */
const aqlField = decimal(z.number({ error: MSG.aqlRule }).refine(isAql, MSG.aqlRule).default(DEFAULT_AQL));

/**
 * POST /api/checkTask/bind (JSON, seed 002 §7 check_task_bind): the sampling line (its
 * field is the specification's aimLineId), terminals and quantity bound to the task;
 * the level and AQL are ours (the Ac/Re of each batch's verdict). Binding again
 * replaces the configuration; terminals left out are released.
 */
export const checkTaskBindBody = z.object({
  /** the DTU task */
  id: idField,
  // ids within the columns' range (an id past 2^31 is no line or terminal, not a database error)
  aimLineId: positiveId(M.lineRequired),
  pads: z.array(positiveId(M.padsRequired), { error: M.padsRequired }).min(1, M.padsRequired).max(50, M.padsRequired),
  productionNumber: intField(M.quantityRule, { min: 1, max: 1_000_000 }),
  inspectionLevel: inspectionLevelField,
  aql: aqlField,
});
export type CheckTaskBindBody = z.input<typeof checkTaskBindBody>;
/** POST /api/checkTask/unbind: every sampling terminal of the task released. */
export const checkTaskUnbindBody = z.object({ taskId: idField });

/** GET /api/dtuTask/checkinfoCheckDetail?taskId: the task's sampling configuration (seed 002 §7). */
export const checkConfigQuery = z.object({ taskId: idField });
export const checkConfig = z.object({
  /** the sampling line, null before the first binding */
  productLineId: z.number().int().nullable(),
  productLineName: z.string().nullable(),
  /** the quantity to sample per batch */
  productionNumber: z.number().int().nullable(),
  pads: z.array(dtuTaskPad),
  inspectionLevel: z.enum(INSPECTION_LEVELS),
  aql: z.number(),
  /** false once the firmware changed after a submission (升级固件后不支持抽检) */
  canCheck: z.boolean(),
  /**
   * The GB/T 2828.1 plan the console proposes, for the task's latest batch not yet
   * judged (its lot size), null when there is none.
   */
  proposal: z
    .object({
      batchId: z.number().int(),
      lotSize: z.number().int(),
      codeLetter: z.string(),
      sampleSize: z.number().int(),
      acceptNumber: z.number().int(),
      rejectNumber: z.number().int(),
    })
    .nullable(),
});
export type CheckConfig = z.infer<typeof checkConfig>;

/** GET /api/dtuTask/checkinfoGroupList: the task's batches as sampling sees them, newest first. */
export const checkGroupListQuery = pageQuery.extend({ taskId: idField });
/** One sampling batch (seed 002 §3 "Sampling batch") with its plan and verdict (beyond the specification). */
export const samplingBatch = z.object({
  id: z.number().int(),
  /** the batch's number (seed: batchId) */
  batchId: z.string(),
  submitNumber: z.number().int(),
  /** samples judged */
  checkCount: z.number().int(),
  submitTime: timeText,
  /** the inspector: who judged the latest sample */
  checkPerson: z.string().nullable(),
  /** n, Ac, Re of the plan (null before the task has a sampling configuration) */
  sampleSize: z.number().int().nullable(),
  acceptNumber: z.number().int().nullable(),
  rejectNumber: z.number().int().nullable(),
  defectCount: z.number().int(),
  verdict: z.enum(SAMPLING_VERDICTS),
});
export type SamplingBatch = z.infer<typeof samplingBatch>;

/** GET /api/dtuTask/checkinfoGroupCheckList: a batch's samples (the watch page with check=Y). */
export const checkGroupCheckListQuery = pageQuery.extend({
  /** the batch */
  id: idField,
  testStatus: filter(DTU_TEST_STATUSES),
  mac: optionalText,
});

/** The other (manual) properties judged on one sample: category, property, tool, standard, value, verdict. */
export const sampleOtherResult = z.object({
  propertyId: z.number().int(),
  category: z.string(),
  property: z.string(),
  checkTool: z.string(),
  checkStandard: z.string(),
  actValue: z.string(),
  result: z.boolean(),
});
export type SampleOtherResult = z.infer<typeof sampleOtherResult>;

// ─── the inspection report ───

/** GET /api/dtuTask/reportDetail?id: the report of a batch (seed 002 §3 "Report"; its names kept). */
export const reportDetailQuery = z.object({ id: idField });
export const reportSample = z.object({
  /** the measured value, '-' for a padding column */
  actValue: z.string(),
  /** the sample's IMEI or MAC, '-' for padding */
  mac: z.string(),
  /** null for padding */
  result: z.boolean().nullable(),
});
export const reportProp = z.object({
  property: z.string(),
  checkStandard: z.string(),
  checkTool: z.string(),
  /** every sample passed (false when none was judged) */
  result: z.boolean(),
  /** exactly REPORT_SAMPLE_COLUMNS, padded */
  samples: z.array(reportSample),
});
export const reportCategory = z.object({ categoryName: z.string(), props: z.array(reportProp) });
export const reportBatchRecord = z.object({
  imei: z.string(),
  mac: z.string(),
  /** the Bluetooth MAC a THREE_2_ONE unit reported ('' otherwise) */
  blueToothMac: z.string(),
  /** serial communication: every serial property passed (bluetooth); null where the DTU has none */
  serialCommunication: z.boolean().nullable(),
  /** the firmware version the unit reported ('' when none) */
  version: z.string(),
  serviceVerify: z.boolean(),
  testStatus: z.enum(DTU_TEST_STATUSES),
});
export type ReportBatchRecord = z.infer<typeof reportBatchRecord>;
export const reportDetail = z.object({
  batchId: z.number().int(),
  batchNo: z.string(),
  taskId: z.number().int(),
  taskName: z.string(),
  taskStatus: z.enum(DTU_TASK_STATUSES),
  /** units in the batch */
  submitNumber: z.number().int(),
  /** samples judged */
  checkCount: z.number().int(),
  organisation: z.string(),
  /** inspector: who judged the latest sample */
  checkPerson: z.string().nullable(),
  /** reviewer: who submitted the batch */
  verifyPerson: z.string().nullable(),
  submitTime: timeText,
  /** when the report was made (now) */
  reportTime: timeText,
  dtuType: z.string(),
  modelType: z.string(),
  productCompany: z.string(),
  standardVoltage: z.string(),
  bandRate: z.number().int().nullable(),
  communicationTypeDesc: z.string(),
  frontImageUrl: z.string().nullable(),
  backImageUrl: z.string().nullable(),
  /** the chart is drawn by the console from reportGprs: always null */
  gprsImageUrl: z.string().nullable(),
  /** the report's .xlsx (reportExport) */
  excelUrl: z.string(),
  /** the batch's device list (.xlsx, submitRecordExport) */
  deviceListUrl: z.string(),
  /** sampling: the plan and verdict, null fields before a configuration */
  sampleSize: z.number().int().nullable(),
  acceptNumber: z.number().int().nullable(),
  rejectNumber: z.number().int().nullable(),
  defectCount: z.number().int(),
  verdict: z.enum(SAMPLING_VERDICTS),
  /** at most REPORT_DEVICE_ROWS rows (the rest in the device list) */
  batchRecords: z.array(reportBatchRecord),
  /** batchRecords holds every unit of the batch */
  batchRecordsComplete: z.boolean(),
  categories: z.array(reportCategory),
});
export type ReportDetail = z.infer<typeof reportDetail>;
/** The report shows this many units; the full table is the batch's device list. */
export const REPORT_DEVICE_ROWS = 200;

/**
 * GET /api/dtuTask/reportGprs?batchId: the units' signal in dB (seed 002 §7 "a map of values
 * in dB"): unit (IMEI or MAC) → dBm; −113 + 2·CSQ for cellular (CSQ 99, unknown, left
 * out), RSSI as reported otherwise; in test order.
 */
export const reportGprsQuery = z.object({ batchId: idField });
export const reportGprs = z.record(z.string(), z.number());
export type ReportGprs = z.infer<typeof reportGprs>;
/** dBm of a CSQ (0–31); null for 99 (unknown) or out of range. */
export function csqToDbm(csq: number): number | null {
  if (!Number.isInteger(csq) || csq < 0 || csq > 31) return null;
  return -113 + 2 * csq;
}

