import dayjs, { type Dayjs } from 'dayjs';

/** The check log asks for its reports this many at a time (the contract's default; seed 002 §9's 99 999 is a ceiling). */
export const CHECK_LOG_SLICE = 100;

/** Where a report came from (the contract's source). */
export const REPORT_SOURCE_NAMES = { MQTT: 'MQTT', STATION: '工位' } as const;

/**
 * A report's content as the log shows it (seed 002 §2: rendered as JSON text): a JSON
 * value pretty-printed with two spaces; anything else (a DTU that sent no JSON, kept
 * as received) as it came.
 */
export function contentText(content: string): string {
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed === 'object' && parsed !== null) return JSON.stringify(parsed, null, 2);
  } catch {
    // not JSON: shown as received
  }
  return content;
}

export const DAY_FORMAT = 'YYYY-MM-DD';

/** Nothing has been reported tomorrow (seed 002 §5: dates cannot be after now). */
export const afterToday = (date: Dayjs) => date.isAfter(dayjs(), 'day');

/** A day of the address, or '' when missing or not a real day. */
export function dayOf(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return '';
  const date = dayjs(text);
  return date.isValid() && date.format(DAY_FORMAT) === text ? text : '';
}

/** The range of days as the call takes it: from the first day's start to the last day's end. */
export function reportRange(from: string, to: string): { from?: string; to?: string } {
  return {
    from: from ? `${from} 00:00:00` : undefined,
    to: to ? `${to} 23:59:59` : undefined,
  };
}
