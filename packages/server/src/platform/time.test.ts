import { describe, expect, it } from 'vitest';
import { formatTime, formatTimeByIntl, parseZonedTime } from './time.js';

/** Zones with a fixed offset, summer time, a half-hour and a quarter-hour offset, and a half-hour summer shift. */
const ZONES = ['Asia/Shanghai', 'UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/St_Johns'];

describe('formatTime', () => {
  it('writes what Intl writes, for times spread over decades in every kind of zone', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (const zone of ZONES) {
      for (let n = 0; n < 3000; n++) {
        const epochMs = Math.floor(random() * Date.UTC(2090, 0, 1));
        expect(formatTime(epochMs, zone), `${zone} ${epochMs}`).toBe(formatTimeByIntl(epochMs, zone));
      }
    }
  });

  it('writes what Intl writes on every second around summer time changes, both ways', () => {
    const changes: [string, number][] = [
      ['Europe/Berlin', Date.UTC(2026, 2, 29, 1, 0, 0)],
      ['Europe/Berlin', Date.UTC(2026, 9, 25, 1, 0, 0)],
      ['America/New_York', Date.UTC(2026, 2, 8, 7, 0, 0)],
      ['America/New_York', Date.UTC(2026, 10, 1, 6, 0, 0)],
      // Lord Howe moves by half an hour, at 02:00 local.
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15, 0, 0)],
      ['Australia/Lord_Howe', Date.UTC(2026, 9, 3, 15, 30, 0)],
    ];
    for (const [zone, change] of changes) {
      for (let at = change - 20 * 60_000; at <= change + 20 * 60_000; at += 1000) {
        expect(formatTime(at, zone), `${zone} ${at}`).toBe(formatTimeByIntl(at, zone));
      }
    }
  });

  it('drops the milliseconds as Intl does, and round-trips through parseZonedTime', () => {
    const at = Date.UTC(2026, 10, 21, 5, 5, 9, 999);
    expect(formatTime(at, 'Asia/Shanghai')).toBe('2026-11-21 13:05:09');
    expect(parseZonedTime(formatTime(at, 'Asia/Shanghai'), 'Asia/Shanghai')!.epochMs).toBe(at - 999);
  });

  it('writes times before 1970 and past 9999 through Intl', () => {
    for (const at of [-1, -86_400_000 * 365 * 30, Date.UTC(10000, 0, 1)]) expect(formatTime(at, 'Asia/Shanghai')).toBe(formatTimeByIntl(at, 'Asia/Shanghai'));
  });
});
