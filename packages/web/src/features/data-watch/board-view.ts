import dayjs from 'dayjs';

/** The task id of `?id=`; null when missing or not a positive integer. */
export function taskIdOf(params: URLSearchParams): number | null {
  const text = params.get('id') ?? '';
  const id = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A query value the task list encoded twice (seed 000 §2): the router decoded it
 * once, this decodes it again. A value that was encoded only once (typed by hand)
 * and holds a lone `%` is kept as it came.
 */
export function decodedTwice(params: URLSearchParams, key: string): string {
  const once = params.get(key) ?? '';
  try {
    return decodeURIComponent(once);
  } catch {
    return once;
  }
}

/**
 * A rate (a fraction 0–1) as a whole percentage (seed 000 §9: rates are rounded
 * percentages). toPrecision first, so 0.285 gives 29, not 28 (0.285 × 100 is
 * 28.499999… in floating point).
 */
export function ratePercent(rate: number): number {
  if (!Number.isFinite(rate)) return 0;
  return Math.round(Number((rate * 100).toPrecision(12)));
}

/** Progress of the task as a whole percentage, never 100 before every unit is done. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0 || done <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** Seconds per unit with at most one decimal: 36.25 → "36.3". */
export function secondsText(seconds: number): string {
  // A pace under a tenth of a second (many stations at one flow) keeps two significant
  // digits: rounded to tenths it would read 0 秒/台 beside a finish minutes away.
  if (seconds > 0 && seconds < 0.1) return String(Number(seconds.toPrecision(2)));
  return String(Math.round(seconds * 10) / 10);
}

export interface FinishEstimate {
  /** the clock time the rest is done, 时:分; null when unknown */
  at: string | null;
  /** the day when it is not today (明天, or MM-DD), then how long from now: 明天 · 约 20 小时 45 分钟后 */
  note: string;
}

/**
 * When the task is expected to finish: `seconds` from `now` (schedule.expectedFinishTime;
 * 0 when unknown or already done).
 */
export function finishEstimate(seconds: number, now: number): FinishEstimate {
  if (!(seconds > 0)) return { at: null, note: '暂无预计' };
  const start = dayjs(now);
  const end = start.add(seconds, 'second');
  const days = end.startOf('day').diff(start.startOf('day'), 'day');
  const day = days === 0 ? '' : days === 1 ? '明天 · ' : `${end.format('MM-DD')} · `;
  return { at: end.format('HH:mm'), note: `${day}约 ${durationText(seconds)}后` };
}

function durationText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} 小时 ${rest} 分钟` : `${hours} 小时`;
}
