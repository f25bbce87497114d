import { z } from 'zod';
import { decimal, idField } from '../admin/common.js';

/**
 * The task board (/dataWatch) and the big-screen dashboard (/dataCenter): what
 * each call answers. Every figure is defined once, in docs/metrics.md, and
 * computed on the server from counters kept with each station result.
 */

export const BOARD_LIMITS = {
  /** seconds between slides and between refreshes of every board call (seed 000 §9) */
  boardRefreshSeconds: 10,
  slideSeconds: 10,
  /** the one-pass target line, as a rate (80 on the 0–100 axis) */
  aimRate: 0.8,
  problemTop: 10,
  productionTop: 5,
  /** minutes per step of the one-pass curve's buckets; interval is rounded up to a multiple */
  bucketMinutes: 5,
  /** buckets the one-pass curve shows, ending with the current one */
  curvePoints: 24,
  /** the today counter is padded to at least this many digits */
  todayDigits: 4,
} as const;

/** Refresh period of each dashboard call, in seconds (seed 000 §7). */
export const DATA_CENTER_REFRESH_SECONDS = {
  realTimeInput: 5,
  statisticInfo: 3 * 3600,
  devOutput: 12 * 3600,
  productionTop: 12 * 3600,
  pdaCount: 6 * 3600,
  padCount: 5,
  deviceAverage: 5,
  taskCount: 6 * 3600,
  deviceProductivity: 24 * 3600,
  deviceOnePass: 6 * 3600,
} as const;

/** A chart point. */
export const chartPoint = z.object({ xVal: z.string(), yVal: z.number() });
export type ChartPoint = z.infer<typeof chartPoint>;

/** Decimals kept in a rate (`hold`), 0–6. */
// Display parameters are refused when malformed, like any input (DESIGN §8), rather than
// silently replaced: a caller sending hold=0x10 learns of it. Missing or empty takes the default.
const hold = (fallback: number) => decimal(z.number().int().min(0).max(6).default(fallback));

export const boardQuery = z.object({ taskId: idField });

/** GET /api/board/schedule?taskId */
export const boardSchedule = z.object({
  /** the task's total */
  aimCount: z.number().int(),
  /** units whose latest result at the last flow passed (the task's 已完成) */
  productedCount: z.number().int(),
  /** units tested at least once */
  inputCount: z.number().int(),
  /** units retested after a failure */
  repairCount: z.number().int(),
  /** 生产节拍: seconds per unit at the task's slowest flow over the last hour (the span of its tests ÷ their number); 0 when no test ended in it */
  capacityOfProduction: z.number(),
  /** seconds until the units not yet produced are done at that pace; 0 when unknown or done */
  expectedFinishTime: z.number(),
});
export type BoardSchedule = z.infer<typeof boardSchedule>;

/** GET /api/board/problemTotal?taskId: failed checks, auto and manual */
export const problemTotal = z.object({ totalCount: z.number().int(), autoCount: z.number().int(), manualCount: z.number().int() });
export type ProblemTotal = z.infer<typeof problemTotal>;

/** GET /api/board/problemChart?taskId: failed results per flow, in flow order (xVal the flow's name) */
export const problemChart = z.array(chartPoint);

/** GET /api/board/problemTop?taskId&number=10: the check items failed most, most first */
export const problemTopQuery = boardQuery.extend({ number: decimal(z.number().int().min(1).max(100).default(10)) });
export const problemTop = z.object({ problems: z.array(chartPoint), total: z.number().int() });
export type ProblemTop = z.infer<typeof problemTop>;

/** GET /api/board/onePassTotal?taskId&interval=60&hold=2: the one-pass rate per `interval` minutes, oldest first */
export const onePassTotalQuery = boardQuery.extend({
  interval: decimal(z.number().int().min(1).max(1440).default(60)),
  hold: hold(2),
});
export const onePassTotal = z.array(chartPoint);

/** GET /api/board/onePassDetail?taskId&hold=4 */
export const onePassDetailQuery = boardQuery.extend({ hold: hold(4) });
/** A rate per day, month or flow; null where nothing was counted (a rate of nothing is not 0%). */
export const ratePoint = z.object({ xVal: z.string(), yVal: z.number().nullable() });
export type RatePoint = z.infer<typeof ratePoint>;
export const onePassDetail = z.object({
  /** the task's one-pass rate, 0–1; null before any first attempt (the board shows 暂无数据) */
  currentRate: z.number().nullable(),
  aimRate: z.number(),
  /** each flow's first-attempt pass rate, in flow order; null for a flow with no first attempt */
  flowRate: z.array(ratePoint),
});
export type OnePassDetail = z.infer<typeof onePassDetail>;

/** GET /api/dataCenter/realTimeInput */
export const realTimeInput = z.object({
  /** 今日目标: units produced today + the units the running tasks still lack (docs/metrics.md) */
  targetProduction: z.number().int(),
  /** 今日已生产: units produced today */
  producedProductToday: z.number().int(),
  /** units first tested today */
  deviceInput: z.number().int(),
  terminalInput: z.number().int(),
  productInput: z.number().int(),
  lineInput: z.number().int(),
  personInput: z.number().int(),
});
export type RealTimeInput = z.infer<typeof realTimeInput>;

/** GET /api/dataCenter/statisticInfo: spot checks and stock (the accessory issue's records) */
export const statisticInfo = z.object({
  reportCheckCount: z.number().int(),
  checkRandomCount: z.number().int(),
  stockCount: z.number().int(),
  outStockCount: z.number().int(),
  recheckCount: z.number().int(),
});
export type StatisticInfo = z.infer<typeof statisticInfo>;

/** GET /api/dataCenter/devOutput */
/** outputCount is deviceAverage.total (累计产量, units produced ever); total the units planned in every task */
export const devOutput = z.object({ developmentCount: z.number().int(), outputCount: z.number().int(), total: z.number().int() });
export type DevOutput = z.infer<typeof devOutput>;

/** GET /api/dataCenter/productionTop?topNum=5: products by units produced */
export const productionTopQuery = z.object({ topNum: decimal(z.number().int().min(1).max(50).default(5)) });
export const productionTop = z.array(chartPoint);

/** GET /api/dataCenter/pdaCount, padCount: terminals by state */
export const terminalCounts = z.array(chartPoint);

/** GET /api/dataCenter/deviceAverage */
export const deviceAverage = z.object({
  /** units produced, ever */
  total: z.number().int(),
  /** units produced per day this month, so far */
  avgProductivity: z.number(),
  /** units produced this month */
  productionMonth: z.number().int(),
});
export type DeviceAverage = z.infer<typeof deviceAverage>;

/** GET /api/dataCenter/taskCount?hold=2: rates 0–1 */
export const taskCountQuery = z.object({ hold: hold(2) });
export const taskCount = z.object({
  onePassRate: z.number(),
  intimeRate: z.number(),
  checkPassRate: z.number(),
  stopRate: z.number(),
});
export type TaskCount = z.infer<typeof taskCount>;

export const TIME_TYPES = ['PRE_30_DAY', 'PRE_12_MONTH'] as const;
export type TimeType = (typeof TIME_TYPES)[number];
/** GET /api/dataCenter/deviceProductivity, deviceOnePass ?timeType: one point per day (MM-DD) or month (YYYY-MM), oldest first */
export const timeTypeQuery = z.object({ timeType: z.preprocess((value) => (value === '' ? undefined : value), z.enum(TIME_TYPES).default('PRE_30_DAY')) });
export const dailySeries = z.array(chartPoint);
/** deviceOnePass: a rate per day or month; null where no unit was decided */
export const rateSeries = z.array(ratePoint);
