/*
 * How the DTU production board writes its figures (seed 002 §2 dtuTaskDataWatch, §9).
 */

/** The board asks for its figures every 10 s and ticks its clock every second (seed 002 §9). */
export const DTU_BOARD_REFRESH_MS = 10_000;

/** What an unknown capacity or finish shows (seed 002 §9). */
export const NO_DATA = '暂无数据';

const wholeOf = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/**
 * A production count as the board shows it: zero-padded to at least 4 digits, then
 * grouped by thousands (seed 002 §9): 12 → 0,012; 1234 → 1,234; 1234567 → 1,234,567.
 */
export function productionDigits(count: number): string {
  return String(wholeOf(count))
    .padStart(4, '0')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Progress as a percentage with 2 decimals (seed 002 §9), 0.00 when the total is 0.
 * Cut, not rounded, so 99.999% does not read 100.00 before the last unit; counted in
 * whole hundredths so 57/200 is 28.50, not 28.49 (0.285 × 100 in floating point).
 */
export function progressText(finished: number, total: number): string {
  const done = wholeOf(finished);
  const all = wholeOf(total);
  if (all === 0) return '0.00';
  const hundredths = Math.min(10_000, Math.floor((done * 10_000) / all));
  return (hundredths / 100).toFixed(2);
}

/**
 * The capacity (seconds per unit, timePerProduction) as hours, minutes and seconds
 * (seed 002 §9): 45 → 45秒, 125 → 2分5秒, 3725 → 1小时2分5秒; 暂无数据 before any result.
 */
export function capacityText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return NO_DATA;
  if (seconds < 1) return '不足1秒';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours}小时${minutes}分${rest}秒`;
  if (minutes > 0) return `${minutes}分${rest}秒`;
  return `${rest}秒`;
}

/**
 * The expected finish (seconds left, timeToFinish) as days, hours and minutes (seed
 * 002 §9): 不足1分钟 under a minute, 暂无数据 at 0 (unknown, or done). Whole minutes,
 * cut: 3 h 59 min 59 s left is 3小时59分钟.
 */
export function finishText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return NO_DATA;
  if (seconds < 60) return '不足1分钟';
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [days > 0 ? `${days}天` : '', days > 0 || hours > 0 ? `${hours}小时` : '', `${rest}分钟`].join('');
}
