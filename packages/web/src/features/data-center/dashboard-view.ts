import { BOARD_LIMITS } from '@factory/contracts';

/**
 * A rate (a fraction 0–1) as a whole percentage (seed 000 §9: rates are rounded
 * percentages). toPrecision first, so 0.285 gives 29, not 28 (0.285 × 100 is
 * 28.499999… in floating point).
 */
export function ratePercent(rate: number): number {
  if (!Number.isFinite(rate)) return 0;
  return Math.round(Number((rate * 100).toPrecision(12)));
}

/** The today counter's digits, padded with zeros to at least 4 (seed 000 §9), each shown in its own tile. */
export function counterDigits(count: number, minDigits: number = BOARD_LIMITS.todayDigits): string[] {
  const whole = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  return String(whole).padStart(minDigits, '0').split('');
}

const grouped = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 1 });

/** A count with thousands separators (18,342), at most one decimal (an average). */
export function countText(value: number): string {
  return grouped.format(Number.isFinite(value) ? value : 0);
}

/** Today's output against the target, a whole percentage (never 100 before the target is met). */
export function shareOf(done: number, total: number): number {
  if (total <= 0 || done <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** What a panel shows of a call: its answer, or nothing when the last try failed (seed 000 §8: zeros, 暂无数据). */
export function shown<T>(query: { isError: boolean; data: T | undefined }): T | null {
  return query.isError ? null : (query.data ?? null);
}
