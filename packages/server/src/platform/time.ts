/**
 * Times are kept as epoch milliseconds in the database (portable across SQLite and
 * PostgreSQL, cheap to compare) and shown as `YYYY-MM-DD HH:mm:ss` in the factory's
 * time zone (DESIGN.md §3).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // sv-SE writes ISO-like "2026-11-21 13:05:09", which is exactly the contract.
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export const MINUTE = 60_000;

/**
 * The zone's offset over the quarter hour of UTC an instant falls in, when it is the
 * same at both ends (no zone changes its offset within a quarter hour; where one
 * does, at a transition that is no quarter-hour boundary, the quarter answers null
 * and its times go through Intl). Kept because Intl's format cost 16 µs a call, and a
 * station result formats two times, a records page a hundred.
 */
const QUARTER_MS = 15 * MINUTE;
const quarterOffsets = new Map<string, Map<number, number | null>>();
/** A zone's cache is cleared past this many quarters (about a month of them): bounded, and rarely re-read. */
const MAX_QUARTERS = 3000;

function quarterOffset(epochMs: number, timeZone: string): number | null {
  let offsets = quarterOffsets.get(timeZone);
  if (!offsets) quarterOffsets.set(timeZone, (offsets = new Map()));
  const quarter = Math.floor(epochMs / QUARTER_MS);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const atStart = zoneOffsetMs(start, timeZone);
    offset = atStart === zoneOffsetMs(start + QUARTER_MS - 1000, timeZone) ? atStart : null;
    if (offsets.size >= MAX_QUARTERS) offsets.clear();
    offsets.set(quarter, offset);
  }
  return offset;
}

/** The latest instant the arithmetic below writes as Intl does (toISOString has six-digit years past 9999). */
const YEAR_9999_END = Date.UTC(9999, 11, 31, 0, 0, 0);

/** `YYYY-MM-DD HH:mm:ss` in the zone: the offset's arithmetic where it is known, else Intl (the same text, tested). */
export function formatTime(epochMs: number, timeZone: string): string {
  if (epochMs >= 0 && epochMs < YEAR_9999_END) {
    const offset = quarterOffset(epochMs, timeZone);
    if (offset !== null) {
      const iso = new Date(epochMs + offset).toISOString();
      return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    }
  }
  return formatTimeByIntl(epochMs, timeZone);
}

/** Intl's formatting alone: what formatTime must equal. */
export function formatTimeByIntl(epochMs: number, timeZone: string): string {
  return formatterFor(timeZone).format(new Date(epochMs));
}

/**
 * Date filters (log, records): `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`, meant in the
 * factory's time zone, turned into epoch milliseconds.
 */
const TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

export interface ParsedTime {
  epochMs: number;
  /** true for a bare date (its midnight) */
  dateOnly: boolean;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `epochMs`. */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** The instant a wall-clock text names in `timeZone`, or null when it is not a real time. */
export function parseZonedTime(text: string, timeZone: string): ParsedTime | null {
  const match = TIME_TEXT.exec(text);
  if (!match) return null;
  type Fields = [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as Fields;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  // Date.UTC rolls 2024-02-30 over into March: such a text is no date at all.
  const rolledOver = check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day;
  if (rolledOver || hour > 23 || minute > 59 || second > 59) return null;
  // Two passes settle the offset across a daylight-saving change.
  let epochMs = wall - zoneOffsetMs(wall, timeZone);
  epochMs = wall - zoneOffsetMs(epochMs, timeZone);
  return { epochMs, dateOnly: match[4] === undefined };
}

/** The factory's midnight of today, as epoch ms. */
export function todayStart(timeZone: string, now: number = Date.now()): number {
  return parseZonedTime(formatTime(now, timeZone).slice(0, 10), timeZone)!.epochMs;
}
