import {
  BOARD_LIMITS,
  type BoardSchedule,
  type ChartPoint,
  type OnePassDetail,
  type ProblemTop,
  type ProblemTotal,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import { BUCKET_MS, bucketsSince, HOUR_MS, taskFlowPaces } from '../../platform/flow-paces.js';
import { rateOf, rounded } from '../../platform/rates.js';
import type { Database } from '../../platform/schema.js';
import { formatTime } from '../../platform/time.js';
import { flowFigures, itemFailures, taskAim } from './board.repository.js';

/*
 * The task board's figures (docs/metrics.md defines each one). Everything is
 * read from counters the station results keep: flow_counter, item_failure and
 * task_bucket, never from flow_result.
 */

/**
 * The one-pass rate of units through the task's flows (rolled throughput yield):
 * the product of each flow's first-attempt pass rate, over the flows with a first
 * attempt. Unlike counting units once their outcome is known, it does not lean
 * low while units are still in the line (a failure is known at once, a pass only
 * at the end). null when no flow has a first attempt.
 */
export function rolledRate(flows: { firstCount: number; firstPassCount: number }[]): number | null {
  const tested = flows.filter((flow) => flow.firstCount > 0);
  if (tested.length === 0) return null;
  return tested.reduce((rate, flow) => rate * (flow.firstPassCount / flow.firstCount), 1);
}

export async function schedule(db: Kysely<Database>, taskId: number, now: number): Promise<BoardSchedule> {
  const [flows, task] = [await flowFigures(db, taskId), await taskAim(db, taskId)];
  const produced = flows.at(-1)?.finishNumber ?? 0;
  // A line goes no faster than its slowest flow: that flow's pace is the task's takt.
  const paces = [...(await taskFlowPaces(db, taskId, now)).values()];
  const secondsPerUnit = paces.length > 0 ? Math.max(...paces) : 0;
  const remaining = Math.max(0, task.productionCount - produced);
  return {
    aimCount: task.productionCount,
    productedCount: produced,
    inputCount: flows.reduce((sum, flow) => sum + flow.testedUnits, 0),
    repairCount: flows.reduce((sum, flow) => sum + flow.repairUnits, 0),
    capacityOfProduction: secondsPerUnit,
    expectedFinishTime: Math.round(remaining * secondsPerUnit),
  };
}

export async function problemTotal(db: Kysely<Database>, taskId: number): Promise<ProblemTotal> {
  const items = await itemFailures(db, taskId);
  const count = (kind: string) => items.filter((item) => item.kind === kind).reduce((sum, item) => sum + item.failures, 0);
  const autoCount = count('auto');
  const manualCount = count('manual');
  return { totalCount: autoCount + manualCount, autoCount, manualCount };
}

/** Failed results per flow, in flow order. */
export async function problemChart(db: Kysely<Database>, taskId: number): Promise<ChartPoint[]> {
  return (await flowFigures(db, taskId)).map((flow) => ({ xVal: flow.name, yVal: flow.failCount }));
}

export async function problemTop(db: Kysely<Database>, taskId: number, number: number): Promise<ProblemTop> {
  const items = await itemFailures(db, taskId);
  return {
    problems: items.slice(0, number).map((item) => ({ xVal: item.name, yVal: item.failures })),
    total: items.reduce((sum, item) => sum + item.failures, 0),
  };
}

/**
 * The one-pass rate (rolledRate of the first attempts in it) per `interval`
 * minutes (rounded up to whole buckets) over the last BOARD_LIMITS.curvePoints
 * intervals, oldest first; an interval without a first attempt has no point (a
 * rate of nothing is not 0%).
 */
export async function onePassTotal(
  db: Kysely<Database>,
  taskId: number,
  query: { interval: number; hold: number },
  now: number,
  timeZone: string,
): Promise<ChartPoint[]> {
  const intervalMs = Math.ceil(query.interval / BOARD_LIMITS.bucketMinutes) * BUCKET_MS;
  const end = Math.floor(now / intervalMs) * intervalMs + intervalMs;
  const start = end - BOARD_LIMITS.curvePoints * intervalMs;
  // interval start → flow → its first attempts in the interval
  const intervals = new Map<number, Map<number, { firstCount: number; firstPassCount: number }>>();
  for (const bucket of await bucketsSince(db, taskId, start)) {
    const at = Math.floor(bucket.bucketStart / intervalMs) * intervalMs;
    const flows = intervals.get(at) ?? new Map<number, { firstCount: number; firstPassCount: number }>();
    const flow = flows.get(bucket.taskFlowId) ?? { firstCount: 0, firstPassCount: 0 };
    flow.firstCount += bucket.firstCount;
    flow.firstPassCount += bucket.firstPassCount;
    flows.set(bucket.taskFlowId, flow);
    intervals.set(at, flows);
  }
  const label = (at: number) => (intervalMs >= 24 * HOUR_MS ? formatTime(at, timeZone).slice(5, 10) : formatTime(at, timeZone).slice(11, 16));
  return [...intervals]
    .map(([at, flows]) => ({ at, rate: rolledRate([...flows.values()]) }))
    .filter((point): point is { at: number; rate: number } => point.rate !== null)
    .sort((a, b) => a.at - b.at)
    .map((point) => ({ xVal: label(point.at), yVal: rounded(point.rate, query.hold) }));
}

/**
 * The task's one-pass rate and each flow's: null where there is no first attempt
 * yet (the board shows 暂无数据, not 0% 未达标, before anything is tested).
 */
export async function onePassDetail(db: Kysely<Database>, taskId: number, hold: number): Promise<OnePassDetail> {
  const flows = await flowFigures(db, taskId);
  const current = rolledRate(flows);
  return {
    currentRate: current === null ? null : rounded(current, hold),
    aimRate: BOARD_LIMITS.aimRate,
    flowRate: flows.map((flow) => ({ xVal: flow.name, yVal: flow.firstCount > 0 ? rateOf(flow.firstPassCount, flow.firstCount, hold) : null })),
  };
}
