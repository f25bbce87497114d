import { INTERVAL, judgeValue, type StationItem } from '@factory/contracts';
import { gaussian, pick, type Random, weightedIndex } from './random.js';

export type ItemValue = string | number | boolean;

/** What a station reads off a device at one flow, and whether it was meant to pass. */
export interface DrawnResult {
  autoValues: { itemId: number; value: ItemValue }[];
  manualResults: { itemId: number; pass: boolean }[];
  /** false when a check was drawn to fail; the server's verdict should agree */
  expectPass: boolean;
}

export interface ManualItem {
  id: number;
  name: string;
}

/** Decimals of a standard such as `3.10` (at least `floor`), so drawn values look like what a meter prints. */
function decimalsOf(item: StationItem, floor: number): number {
  if (item.dataTypeId === 'int') return 0;
  const places = [item.normalValue, item.normalValueMax].map((text) => (text.includes('.') ? text.split('.')[1]!.length : 0));
  return Math.max(floor, ...places);
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The smallest believable distance outside a standard: one unit for integers, 2 % of the range or one last digit otherwise. */
function stepOutside(item: StationItem, decimals: number, width: number): number {
  if (item.dataTypeId === 'int') return 1;
  return Math.max(10 ** -decimals, round(width * 0.02, decimals));
}

function numericValue(item: StationItem, random: Random, pass: boolean): string {
  const decimals = decimalsOf(item, 2);
  const low = Number(item.normalValue);
  if (item.intervalNumber === INTERVAL.range) {
    const high = Number(item.normalValueMax);
    const width = high - low;
    if (pass) {
      // Clustered at the middle of the range, the way a healthy batch measures.
      const drawn = round((low + high) / 2 + gaussian(random) * (width / 6), decimals);
      return String(Math.min(high, Math.max(low, drawn)));
    }
    const outside = stepOutside(item, decimals, width) * (1 + Math.floor(random() * 3));
    return String(round(random() < 0.5 ? low - outside : high + outside, decimals));
  }
  if (pass) return item.normalValue;
  const outside = stepOutside(item, decimals, Math.abs(low) || 1) * (1 + Math.floor(random() * 3));
  return String(round(random() < 0.5 ? low - outside : low + outside, decimals));
}

function booleanValue(item: StationItem, random: Random, pass: boolean): ItemValue {
  const flag = pass ? item.normalBoolean === 1 : item.normalBoolean !== 1;
  // Devices report a flag in any of the forms the server accepts.
  const form = random();
  if (form < 0.4) {
    const label = flag ? item.trueValue : item.falseValue;
    if (label) return label;
  }
  if (form < 0.7) return flag;
  return flag ? '1' : '0';
}

function textValue(item: StationItem, random: Random, pass: boolean): string {
  if (pass) return item.normalStr;
  const standard = item.normalStr;
  if (standard === '') return 'ERR';
  // One wrong character at the end: the kind of mismatch a wrong firmware build shows.
  const last = standard.at(-1)!;
  const replacement = /\d/.test(last) ? String((Number(last) + 1 + Math.floor(random() * 8)) % 10) : last === 'x' ? 'y' : 'x';
  return standard.slice(0, -1) + replacement;
}

function enumValue(item: StationItem, random: Random, pass: boolean): string {
  const labels = item.enumerates ?? {};
  const keys = pass ? item.normalEnums : Object.keys(labels).filter((key) => !item.normalEnums.includes(key));
  // Every key is a standard one: only a value outside the list can fail.
  if (keys.length === 0) return pass ? '0' : '未知';
  const key = pick(random, keys);
  return random() < 0.5 ? key : (labels[key] ?? key);
}

function drawValue(item: StationItem, random: Random, pass: boolean): ItemValue {
  switch (item.dataTypeId) {
    case 'boolean':
      return booleanValue(item, random, pass);
    case 'string':
    case 'url':
      return textValue(item, random, pass);
    case 'enum':
      return enumValue(item, random, pass);
    default:
      return numericValue(item, random, pass);
  }
}

/**
 * A value of the item that passes (or fails) its standard. The draw is checked
 * with the server's own verdict function, so a rounding edge never turns an
 * intended pass into a failure.
 */
export function itemValue(item: StationItem, random: Random, pass: boolean): ItemValue {
  for (let attempt = 0; attempt < 5; attempt++) {
    const value = drawValue(item, random, pass);
    if ((judgeValue(item, value).result === 1) === pass) return value;
  }
  if (!pass) return 'ERR';
  if (item.dataTypeId === 'boolean') return item.normalBoolean === 1;
  if (item.dataTypeId === 'enum') return item.normalEnums[0] ?? '0';
  if (item.dataTypeId === 'string' || item.dataTypeId === 'url') return item.normalStr;
  return item.normalValue;
}

/**
 * One test's values. `failureRate` is the share of results that fail: a failing
 * result has one failing check (now and then two), earlier checks of the flow
 * failing more often than later ones, so the problem chart has the long-tailed
 * shape of a real line rather than a flat one.
 */
export function drawResult(items: readonly StationItem[], manualItems: readonly ManualItem[], failureRate: number, random: Random): DrawnResult {
  const checks = items.length + manualItems.length;
  const failing = new Set<number>();
  if (checks > 0 && random() < failureRate) {
    const weights = Array.from({ length: checks }, (_, index) => 1 / (index + 1));
    failing.add(weightedIndex(random, weights));
    if (checks > 1 && random() < 0.15) failing.add(weightedIndex(random, weights));
  }
  return {
    autoValues: items.map((item, index) => ({ itemId: item.id, value: itemValue(item, random, !failing.has(index)) })),
    manualResults: manualItems.map((manual, index) => ({ itemId: manual.id, pass: !failing.has(items.length + index) })),
    expectPass: failing.size === 0,
  };
}
