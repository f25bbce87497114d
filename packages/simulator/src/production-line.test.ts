import { describe, expect, it } from 'vitest';
import { deviceOf, ProductionLine } from './production-line.js';

const codes = ['A000000001', 'A000000002', 'A000000003'];

describe('production line', () => {
  it('lets a unit reach flow n only after it passed flow n-1', () => {
    const line = new ProductionLine(9, 2, codes, { repairDelayMs: 1000 });
    expect(line.take(2)).toBeNull();
    const first = line.take(1)!;
    expect(first.code).toBe('A000000001');
    expect(line.take(2)).toBeNull();
    line.report(first, 1, true);
    expect(line.take(2)?.code).toBe('A000000001');
    expect(line.finished).toBe(0);
  });

  it('brings a failed unit back to the same flow after the repair delay, before fresh ones', () => {
    let now = 0;
    const line = new ProductionLine(9, 1, codes, { repairDelayMs: 1000, now: () => now });
    const failed = line.take(1)!;
    line.report(failed, 1, false);
    expect(line.take(1)?.code).toBe('A000000002');
    now = 1000;
    expect(line.take(1)?.code).toBe('A000000001');
  });

  it('never hands one unit to two stations, and drains once every unit passed the last flow', () => {
    const line = new ProductionLine(9, 2, codes, { repairDelayMs: 0 });
    const taken = [line.take(1)!, line.take(1)!, line.take(1)!];
    expect(new Set(taken.map((device) => device.code)).size).toBe(3);
    expect(line.take(1)).toBeNull();
    expect(line.drained(1)).toBe(false);
    for (const device of taken) line.report(device, 1, true);
    expect(line.drained(1)).toBe(true);
    expect(line.drained(2)).toBe(false);
    for (let device = line.take(2); device; device = line.take(2)) line.report(device, 2, true);
    expect(line.finished).toBe(3);
    expect(line.drained(2)).toBe(true);
  });

  it('tells of each unit that passed the last flow, once, and of no other', () => {
    const passed: string[] = [];
    const line = new ProductionLine(9, 2, codes, { repairDelayMs: 0, onFinished: (device) => passed.push(device.code) });
    const [a, b] = [line.take(1)!, line.take(1)!];
    line.report(a, 1, true);
    line.report(b, 1, false);
    expect(passed).toEqual([]);
    const atLast = line.take(2)!;
    line.report(atLast, 2, false);
    expect(passed).toEqual([]);
    line.report(line.take(2)!, 2, true);
    expect(passed).toEqual([a.code]);
    expect(line.finished).toBe(1);
  });

  it('puts a unit given back at the head of its queue and counts a dropped one', () => {
    const line = new ProductionLine(9, 1, codes, { repairDelayMs: 0 });
    const first = line.take(1)!;
    line.giveBack(first, 1);
    expect(line.take(1)?.code).toBe(first.code);
    line.drop(1);
    expect(line.dropped).toBe(1);
    expect(line.waiting()).toEqual([2]);
  });

  it('gives every unit of a task its own SN, MAC and IMEI, the same in every run', () => {
    const devices = Array.from({ length: 5000 }, (_, index) => deviceOf(12, index + 1, `C${index}`));
    for (const key of ['sn', 'mac', 'imei'] as const) expect(new Set(devices.map((device) => device[key])).size).toBe(5000);
    expect(deviceOf(12, 7, 'X')).toEqual(deviceOf(12, 7, 'X'));
    expect(devices[0]!.mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    expect(devices[0]!.imei).toMatch(/^\d{15}$/);
    // Luhn: the IMEI's own check digit makes the weighted sum a multiple of ten.
    const sum = [...devices[0]!.imei].reverse().reduce((total, digit, index) => {
      const doubled = index % 2 === 1 ? Number(digit) * 2 : Number(digit);
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
    expect(sum % 10).toBe(0);
  });
});
