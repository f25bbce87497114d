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

export function formatTime(epochMs: number, timeZone: string): string {
  return formatterFor(timeZone).format(new Date(epochMs));
}

export const MINUTE = 60_000;
