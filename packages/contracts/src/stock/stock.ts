import '../zod-jitless.js';
import { z } from 'zod';
import { decimal, hasNul, idField, MAX_ID, optionalId, optionalText, timeText } from '../admin/common.js';
import { INSPECTION_LEVELS, INSPECTION_SEVERITIES } from './sampling-plan.js';
import { STOCK_MSG } from './messages.js';
import { FLOW_RESULT_STATUSES } from '../station/station.js';

/*
 * Finished goods (seed 002 §2 "Spot check and stock-out", §3, DESIGN.md §9.1): units
 * whose production record is PASS are stocked in batches at a PDA, each closed batch
 * is spot-checked by GB/T 2828.1, and units of accepted batches are shipped.
 */

/** A batch takes units while OPEN; closing it fixes its sampling plan. */
export const STOCK_BATCH_STATUSES = ['OPEN', 'CLOSED'] as const;
export type StockBatchStatus = (typeof STOCK_BATCH_STATUSES)[number];
export const STOCK_BATCH_STATUS_NAMES: Record<StockBatchStatus, string> = { OPEN: '入库中', CLOSED: '已入库' };

/** A batch's verdict (DESIGN.md §9.6): PENDING until n units are checked or defects reach Re. */
export const BATCH_VERDICTS = ['PENDING', 'ACCEPT', 'REJECT'] as const;
export type BatchVerdict = (typeof BATCH_VERDICTS)[number];
export const BATCH_VERDICT_NAMES: Record<BatchVerdict, string> = { PENDING: '待抽检', ACCEPT: '合格', REJECT: '不合格' };

/** What happened to a unit or a batch at a PDA, every one kept (who, when, terminal). */
export const STOCK_MOVEMENT_KINDS = ['IN', 'CLOSE', 'CHECK', 'OUT'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
export const STOCK_MOVEMENT_NAMES: Record<StockMovementKind, string> = { IN: '入库', CLOSE: '结束入库', CHECK: '抽检', OUT: '出库' };

export const STOCK_LIMITS = {
  pageSizes: [10, 20, 50],
  /** the longest code a PDA may scan: a production code, SN, MAC or IMEI (production_code's columns) */
  codeMax: 64,
  batchNoMax: 32,
  clientIdMax: 64,
  defectMax: 200,
  /** batches a PDA lists to pick from */
  stationBatches: 50,
  /** movements the PDA's side list shows */
  stationMovements: 100,
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** YYYY-MM-DD, empty meaning every day (the future is refused by the server against its own clock). */
export const optionalDay = optionalText.refine((text) => text === undefined || DATE_ONLY.test(text), STOCK_MSG.dateRule);

/**
 * The specification pages these lists with `pageNum` (seed 002 §7); `page`, the rest of
 * the API's name, is taken too. Page sizes of 1–1000; the console offers 10/20/50.
 */
export const stockPageQuery = z.object({
  pageNum: decimal(z.number().int().min(1).max(MAX_ID)).optional(),
  page: decimal(z.number().int().min(1).max(MAX_ID)).optional(),
  pageSize: decimal(z.number().int().min(1).max(1000).default(10)),
});

/** GET /api/stock/batchList */
export const batchListQuery = stockPageQuery.extend({
  productId: optionalId,
  /** the day the batch was stocked in (opened), in the factory's zone */
  day: optionalDay,
  /** batch number, contains */
  batchId: optionalText,
});
export type BatchListQuery = z.input<typeof batchListQuery>;

/** A batch's sampling plan, fixed when it is closed (null while it is open). */
export const batchPlan = z.object({
  inspectionLevel: z.enum(INSPECTION_LEVELS).nullable(),
  aql: z.number().nullable(),
  lotSize: z.number().int().nullable(),
  codeLetter: z.string().nullable(),
  sampleSize: z.number().int().nullable(),
  acceptNumber: z.number().int().nullable(),
  rejectNumber: z.number().int().nullable(),
  /** the table the plan was drawn from: normal, or tightened after rejected batches (GB/T 2828.1 §9.3); NORMAL while open */
  severity: z.enum(INSPECTION_SEVERITIES),
  /** units checked so far, and those found defective */
  checkedCount: z.number().int(),
  defectCount: z.number().int(),
  verdict: z.enum(BATCH_VERDICTS),
});
export type BatchPlan = z.infer<typeof batchPlan>;

/** A row of /spotCheck and the head of /spotCheckDevice (seed 002 §3 Batch, plus the plan). */
export const stockBatch = batchPlan.extend({
  /** the number other calls take as stockBatchId / batchId */
  id: z.number().int(),
  /** the batch number the console shows (= batchNo) */
  batchId: z.string(),
  productId: z.number().int(),
  productNumber: z.string(),
  lineName: z.string(),
  /** units in the batch */
  count: z.number().int(),
  status: z.enum(STOCK_BATCH_STATUSES),
  /** when the batch was opened (its first unit), and closed */
  stockTime: timeText,
  closeTime: timeText.nullable(),
  /** who stocked it in */
  stockOperator: z.string(),
  /** the latest spot check of the batch and who made it: '-' on the page while none */
  checkTime: timeText.nullable(),
  operator: z.string().nullable(),
  /** when the verdict was reached */
  decidedTime: timeText.nullable(),
  /** units shipped */
  outCount: z.number().int(),
});
export type StockBatch = z.infer<typeof stockBatch>;

/** GET /api/stock/batchDetail?stockBatchId= */
export const batchDetailQuery = z.object({ stockBatchId: idField });

/** GET /api/stock/recordList */
export const stockRecordListQuery = stockPageQuery.extend({
  stockBatchId: idField,
  /** SN or production code, contains */
  sn: optionalText,
});
export type StockRecordListQuery = z.input<typeof stockRecordListQuery>;

/** A unit's spot check: null result while it was not checked. */
const unitCheck = {
  /** spot-checked (the marker of /spotCheckDevice) */
  ifCheck: z.boolean(),
  /** true 合格, false 不合格, null not checked */
  checkPass: z.boolean().nullable(),
  defect: z.string().nullable(),
  /** the spot-checker and time */
  operator: z.string().nullable(),
  randomCheckTime: timeText.nullable(),
};

/** A unit of a batch (seed 002 §3 Device record). */
export const stockRecord = z.object({
  id: z.number().int(),
  sn: z.string().nullable(),
  produceCode: z.string(),
  imei: z.string().nullable(),
  mac: z.string().nullable(),
  stockTime: timeText,
  outTime: timeText.nullable(),
  ...unitCheck,
});
export type StockRecord = z.infer<typeof stockRecord>;

/**
 * GET /api/stock/recordDetail?sn=&batchId=: `sn` is the unit's SN, or its production
 * code when it has none (a product whose flows bind no SN); batchId the stockBatchId.
 */
export const stockRecordDetailQuery = z.object({
  sn: z
    .string({ error: STOCK_MSG.codeRequired })
    .refine((value) => !hasNul(value), STOCK_MSG.codeRequired)
    .trim()
    .min(1, STOCK_MSG.codeRequired)
    .max(STOCK_LIMITS.codeMax, STOCK_MSG.codeTooLong(STOCK_LIMITS.codeMax)),
  batchId: idField,
});

/** A production test of the unit: its flow results, oldest first. */
export const produceTestItem = z.object({
  testTime: timeText,
  testName: z.string(),
  operator: z.string().nullable(),
  /** 合格 or 不合格 (FLOW_RESULT_NAMES) */
  status: z.enum(FLOW_RESULT_STATUSES),
});

export const stockRecordDetail = z.object({
  produceCode: z.string(),
  sn: z.string().nullable(),
  imei: z.string().nullable(),
  mac: z.string().nullable(),
  productNumber: z.string(),
  batchNo: z.string(),
  stockTime: timeText,
  outTime: timeText.nullable(),
  ...unitCheck,
  produceTestItems: z.array(produceTestItem),
});
export type StockRecordDetail = z.infer<typeof stockRecordDetail>;

/** GET /api/stock/outputList */
export const outputListQuery = stockPageQuery.extend({
  productId: optionalId,
  /** the day of shipping, in the factory's zone */
  day: optionalDay,
});
export type OutputListQuery = z.input<typeof outputListQuery>;

/** A shipped unit (seed 002 §3 Outbound record). */
export const outputRecord = z.object({
  id: z.number().int(),
  sn: z.string().nullable(),
  produceCode: z.string(),
  productNumber: z.string(),
  batchNo: z.string(),
  outPutTime: timeText,
  operator: z.string(),
});
export type OutputRecord = z.infer<typeof outputRecord>;

/** GET /api/stock/productModels: id → product model, the account's products. */
export const productModels = z.record(z.string(), z.string());
