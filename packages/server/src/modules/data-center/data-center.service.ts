import {
  type ChartPoint,
  type DevOutput,
  type DeviceAverage,
  type RealTimeInput,
  type StatisticInfo,
  type TaskCount,
  TERMINAL_STATUS,
  type TimeType,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import { rateOf } from '../../platform/rates.js';
import type { Database } from '../../platform/schema.js';
import { formatTime } from '../../platform/time.js';
import * as read from './data-center.repository.js';

/*
 * The big-screen dashboard's figures (docs/metrics.md defines each one). Days
 * are the factory's days (TZ): a result counts on the day its test ended.
 */

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant in the factory's zone. */
const dayOf = (at: number, timeZone: string) => formatTime(at, timeZone).slice(0, 10);

export async function realTimeInput(db: Kysely<Database>, scope: read.Scope, now: number, timeZone: string, idleMs: number): Promise<RealTimeInput> {
  const today = dayOf(now, timeZone);
  const [day] = await read.daysBetween(db, scope, today, today);
  const running = await read.runningInputs(db, scope);
  const stations = await read.stationInputs(db, scope, now - idleMs);
  const producedToday = day?.produced ?? 0;
  return {
    // 今日目标 holds what 今日已生产 counts: the units made today and those the running
    // tasks still lack, so 完成率 (produced ÷ target) reaches 100% only when nothing is left.
    // Summing the open tasks' totals compared units made today by finished tasks with a
    // target that no longer held them (60 against 4,829 made, issue 13).
    targetProduction: producedToday + running.remaining,
    producedProductToday: producedToday,
    deviceInput: day?.tested ?? 0,
    terminalInput: stations.terminalInput,
    productInput: running.productInput,
    lineInput: running.lineInput,
    personInput: stations.personInput,
  };
}

/** 抽检与库存: the scope's stock batches, their spot checks and movements (docs/metrics.md). */
export async function statisticInfo(db: Kysely<Database>, scope: read.Scope): Promise<StatisticInfo> {
  const stock = await read.stockFigures(db, scope);
  return {
    reportCheckCount: stock.decidedBatches,
    checkRandomCount: stock.checkedUnits,
    stockCount: stock.stockedUnits,
    outStockCount: stock.shippedUnits,
    recheckCount: stock.recheckedUnits,
  };
}

/** 累计产量: units produced ever, the one figure behind devOutput.outputCount and deviceAverage.total. */
async function producedEver(db: Kysely<Database>, scope: read.Scope): Promise<number> {
  return (await read.allDays(db, scope)).produced;
}

export async function devOutput(db: Kysely<Database>, scope: read.Scope): Promise<DevOutput> {
  const { developmentCount, planned } = await read.developmentAndPlan(db, scope);
  return { developmentCount, outputCount: await producedEver(db, scope), total: planned };
}

export function productionTop(db: Kysely<Database>, scope: read.Scope, top: number): Promise<ChartPoint[]> {
  return read.producedPerProduct(db, scope, top);
}

export async function pdaCount(db: Kysely<Database>, scope: read.Scope): Promise<ChartPoint[]> {
  const byStatus = await read.terminalsByStatus(db, scope, 'PDA');
  const used = [...byStatus].filter(([status]) => status !== TERMINAL_STATUS.unused).reduce((sum, [, n]) => sum + n, 0);
  return [
    { xVal: '已使用', yVal: used },
    { xVal: '未使用', yVal: byStatus.get(TERMINAL_STATUS.unused) ?? 0 },
  ];
}

export async function padCount(db: Kysely<Database>, scope: read.Scope): Promise<ChartPoint[]> {
  const byStatus = await read.terminalsByStatus(db, scope, 'PAD');
  return [
    { xVal: '未使用', yVal: byStatus.get(TERMINAL_STATUS.unused) ?? 0 },
    { xVal: '整机检测', yVal: byStatus.get(TERMINAL_STATUS.overallCheck) ?? 0 },
    { xVal: '配件检测', yVal: byStatus.get(TERMINAL_STATUS.partsCheck) ?? 0 },
    { xVal: '空闲', yVal: byStatus.get(TERMINAL_STATUS.idle) ?? 0 },
  ];
}

export async function deviceAverage(db: Kysely<Database>, scope: read.Scope, now: number, timeZone: string): Promise<DeviceAverage> {
  const today = dayOf(now, timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  const month = await read.daysBetween(db, scope, monthStart, today);
  const productionMonth = month.reduce((sum, day) => sum + day.produced, 0);
  const daysSoFar = Number(today.slice(8, 10));
  return { total: await producedEver(db, scope), avgProductivity: Math.round((productionMonth / daysSoFar) * 100) / 100, productionMonth };
}

export async function taskCount(db: Kysely<Database>, scope: read.Scope, hold: number): Promise<TaskCount> {
  const units = await read.allDays(db, scope);
  const tasks = await read.taskOutcomes(db, scope);
  const stock = await read.stockFigures(db, scope);
  return {
    onePassRate: rateOf(units.onePassUnits, units.onePassUnits + units.failedUnits, hold),
    intimeRate: rateOf(tasks.inTime, tasks.finished, hold),
    // Batches accepted ÷ batches decided; 0 before any verdict, as the other rates.
    checkPassRate: rateOf(stock.acceptedBatches, stock.decidedBatches, hold),
    stopRate: rateOf(tasks.stopped, tasks.producing, hold),
  };
}

/** The days (MM-DD) or months (YYYY-MM) of the series, oldest first, with the day range they cover. */
function periods(timeType: TimeType, now: number, timeZone: string) {
  const today = dayOf(now, timeZone);
  if (timeType === 'PRE_30_DAY') {
    const days = Array.from({ length: 30 }, (_, n) => dayOf(now - (29 - n) * DAY_MS, timeZone));
    return { from: days[0]!, to: today, keys: days, keyOf: (day: string) => day, label: (key: string) => key.slice(5) };
  }
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const keys = Array.from({ length: 12 }, (_, n) => {
    const total = year * 12 + (month - 1) - (11 - n);
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
  return { from: `${keys[0]}-01`, to: today, keys, keyOf: (day: string) => day.slice(0, 7), label: (key: string) => key };
}

async function series(db: Kysely<Database>, scope: read.Scope, timeType: TimeType, now: number, timeZone: string) {
  const span = periods(timeType, now, timeZone);
  const sums = new Map(span.keys.map((key) => [key, { produced: 0, onePass: 0, failed: 0 }]));
  for (const day of await read.daysBetween(db, scope, span.from, span.to)) {
    const sum = sums.get(span.keyOf(day.day));
    if (!sum) continue;
    sum.produced += day.produced;
    sum.onePass += day.onePassUnits;
    sum.failed += day.failedUnits;
  }
  return span.keys.map((key) => ({ label: span.label(key), ...sums.get(key)! }));
}

/** Units produced per day or month. */
export async function deviceProductivity(db: Kysely<Database>, scope: read.Scope, timeType: TimeType, now: number, timeZone: string) {
  return (await series(db, scope, timeType, now, timeZone)).map((point) => ({ xVal: point.label, yVal: point.produced }));
}

/** The one-pass rate (0–1, 4 decimals) of the units decided per day or month; null where none was decided. */
export async function deviceOnePass(db: Kysely<Database>, scope: read.Scope, timeType: TimeType, now: number, timeZone: string) {
  return (await series(db, scope, timeType, now, timeZone)).map((point) => ({
    xVal: point.label,
    yVal: point.onePass + point.failed > 0 ? rateOf(point.onePass, point.onePass + point.failed, 4) : null,
  }));
}
