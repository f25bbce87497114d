import '../zod-jitless.js';
import { z } from 'zod';
import { hasNul, timeText } from '../admin/common.js';
import { batchPlan, STOCK_BATCH_STATUSES, STOCK_LIMITS, STOCK_MOVEMENT_KINDS } from './stock.js';
import { STOCK_MSG } from './messages.js';

/*
 * The PDA's calls (PDA APP → 入库 · 抽检 · 出库; DESIGN.md §9.1, §9.5). Every write takes
 * an optional clientId made once per scan by the handheld: a scan queued offline and
 * sent again with the same id is answered as the first time, never applied twice.
 */

const noNul = (value: string) => !hasNul(value);
const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).refine(noNul, message).trim().min(1, message).max(max, tooLong);

/** A scanned production code, SN, MAC or IMEI. */
const scannedCode = required(STOCK_MSG.codeRequired, STOCK_LIMITS.codeMax, STOCK_MSG.codeTooLong(STOCK_LIMITS.codeMax));
const batchNo = required(STOCK_MSG.batchNoRequired, STOCK_LIMITS.batchNoMax, STOCK_MSG.batchNoRequired);
const clientId = z
  .string()
  .refine(noNul, STOCK_MSG.clientIdTooLong(STOCK_LIMITS.clientIdMax))
  .trim()
  .max(STOCK_LIMITS.clientIdMax, STOCK_MSG.clientIdTooLong(STOCK_LIMITS.clientIdMax))
  .optional()
  .transform((value) => (value ? value : undefined));

/** POST /api/station/stock/in */
export const stockInBody = z.object({ clientId, code: scannedCode });
export type StockInBody = z.input<typeof stockInBody>;
/** POST /api/station/stock/closeBatch */
export const closeBatchBody = z.object({ clientId, batchNo });
export type CloseBatchBody = z.input<typeof closeBatchBody>;
/** POST /api/station/stock/out */
export const stockOutBody = z.object({ clientId, code: scannedCode });
export type StockOutBody = z.input<typeof stockOutBody>;

/** POST /api/station/spotCheck/result: 不合格 needs its defect note. */
export const spotCheckResultBody = z
  .object({
    clientId,
    batchNo,
    code: scannedCode,
    pass: z
      .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])], { error: STOCK_MSG.passRequired })
      .transform((value) => value === true || value === 1 || value === 'true' || value === '1'),
    defect: z
      .string()
      .refine(noNul, STOCK_MSG.defectTooLong(STOCK_LIMITS.defectMax))
      .trim()
      .max(STOCK_LIMITS.defectMax, STOCK_MSG.defectTooLong(STOCK_LIMITS.defectMax))
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((body, context) => {
    if (!body.pass && !body.defect) context.addIssue({ code: 'custom', path: ['defect'], message: STOCK_MSG.defectRequired });
  });
export type SpotCheckResultBody = z.input<typeof spotCheckResultBody>;

/** A batch as the PDA shows it: number, product, count and its plan and verdict (DESIGN.md §9.6). */
export const stationBatch = batchPlan.extend({
  id: z.number().int(),
  batchNo: z.string(),
  productNumber: z.string(),
  lineName: z.string(),
  count: z.number().int(),
  status: z.enum(STOCK_BATCH_STATUSES),
  stockTime: timeText,
});
export type StationBatch = z.infer<typeof stationBatch>;

/** A unit as scanned: its codes. */
export const stationStockUnit = z.object({
  produceCode: z.string(),
  sn: z.string().nullable(),
  productNumber: z.string(),
});

/** The answer of a stock-in: the unit's batch with its new count. */
export const stockInAnswer = z.object({
  /** the batch's id (what the console's calls take as stockBatchId) */
  stockBatchId: z.number().int(),
  batchNo: z.string(),
  count: z.number().int(),
  unit: stationStockUnit,
});
export type StockInAnswer = z.infer<typeof stockInAnswer>;

export const stockOutAnswer = z.object({
  batchNo: z.string(),
  unit: stationStockUnit,
  outTime: timeText,
});
export type StockOutAnswer = z.infer<typeof stockOutAnswer>;

/** A checked unit of a batch. */
export const stationCheck = z.object({
  produceCode: z.string(),
  sn: z.string().nullable(),
  checkPass: z.boolean(),
  defect: z.string().nullable(),
  checkTime: timeText,
  operator: z.string(),
});
export type StationCheck = z.infer<typeof stationCheck>;

/** The answer of a spot check: the batch's plan, progress and verdict after it, and the unit. */
export const spotCheckAnswer = stationBatch.extend({ unit: stationCheck });
export type SpotCheckAnswer = z.infer<typeof spotCheckAnswer>;

/** GET /api/station/spotCheck/batch?batchNo= or ?code= (a unit of the batch) */
export const stationBatchQuery = z
  .object({
    batchNo: batchNo.optional(),
    code: scannedCode.optional(),
  })
  .refine((query) => query.batchNo !== undefined || query.code !== undefined, STOCK_MSG.batchNoRequired);
export type StationBatchQuery = z.input<typeof stationBatchQuery>;

export const stationBatchDetail = stationBatch.extend({ checks: z.array(stationCheck) });
export type StationBatchDetail = z.infer<typeof stationBatchDetail>;

/** GET /api/station/stock/modes: the PDA modes the signed-in user holds, and the terminal's line. */
export const stockModes = z.object({
  stockIn: z.boolean(),
  spotCheck: z.boolean(),
  stockOut: z.boolean(),
  lineName: z.string().nullable(),
});
export type StockModes = z.infer<typeof stockModes>;

/** GET /api/station/stock/movements: this terminal's movements of today, newest first. */
export const stockMovement = z.object({
  id: z.number().int(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  produceCode: z.string().nullable(),
  sn: z.string().nullable(),
  batchNo: z.string(),
  productNumber: z.string(),
  checkPass: z.boolean().nullable(),
  userName: z.string(),
  time: timeText,
});
export type StockMovement = z.infer<typeof stockMovement>;
