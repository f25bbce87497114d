import type { DataType } from '../product/property.js';
import { INTERVAL } from '../product/interval.js';

/** An auto-check item as a station sees it: the property's definition and the standard value (the task's copy). */
export interface StandardItem {
  id: number;
  name: string;
  dataTypeId: DataType;
  min: number | null;
  max: number | null;
  length: number | null;
  enumerates: Record<string, string> | null;
  trueValue: string | null;
  falseValue: string | null;
  intervalNumber: number;
  normalValue: string;
  normalValueMax: string;
  normalStr: string;
  normalBoolean: number | null;
  normalEnums: string[];
  /**
   * A DTU's automatic property marked unique (IMEI, ICCID, MAC): no standard, any
   * value of the type passes here; that no other unit holds it is the server's
   * check against stored records.
   */
  unique?: boolean;
}

/** A value's judgement: the value as recorded (text, null when missing) and 1 pass / 0 fail. */
export interface ItemJudgement {
  value: string | null;
  result: 0 | 1;
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

function toNumber(value: string | number | boolean): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return null;
  const text = value.trim();
  return NUMBER_TEXT.test(text) ? Number(text) : null;
}

/** 1 or 0 for a boolean value given as true/false, 1/0, or the property's labels; null when it is none of those. */
function toFlag(item: StandardItem, value: string | number | boolean): 0 | 1 | null {
  if (value === true || value === 1) return 1;
  if (value === false || value === 0) return 0;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '1' || text.toLowerCase() === 'true' || (item.trueValue !== null && text === item.trueValue)) return 1;
  if (text === '0' || text.toLowerCase() === 'false' || (item.falseValue !== null && text === item.falseValue)) return 0;
  return null;
}

/** The enum key of a value given as its key or its label; null when it is neither. */
function toEnumKey(item: StandardItem, value: string | number | boolean): string | null {
  if (typeof value === 'boolean') return null;
  const text = String(value).trim();
  const labels = item.enumerates ?? {};
  if (text in labels) return text;
  const byLabel = Object.entries(labels).find(([, label]) => label === text);
  return byLabel ? byLabel[0] : null;
}

/** Whether a value has the item's type: a number for numbers (whole for int), true/false or a label for boolean, a key or label of an enum. */
function hasType(item: StandardItem, value: string | number | boolean): boolean {
  switch (item.dataTypeId) {
    case 'boolean':
      return toFlag(item, value) !== null;
    case 'enum':
      return toEnumKey(item, value) !== null;
    case 'string':
    case 'url':
      return typeof value !== 'boolean' && (item.length === null || String(value).trim().length <= item.length);
    default: {
      const number = toNumber(value);
      return number !== null && (item.dataTypeId !== 'int' || Number.isInteger(number));
    }
  }
}

/** Whether `value` is a value at all: text, a number or true/false (an object or a list is not). */
export function isScalarValue(value: unknown): value is string | number | boolean | null | undefined {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * The server's verdict on one auto-check value (DESIGN.md §5): boolean by its
 * true/false value, string and url by equality within the length, enum by
 * membership, numbers by the single value or the inclusive range. A missing value
 * or one of the wrong type fails its item; the caller refuses what is not a value
 * at all (isScalarValue). The station app calls it too, to show the verdict as
 * values are typed; the server's answer is the one stored.
 */
export function judgeValue(item: StandardItem, value: string | number | boolean | null | undefined): ItemJudgement {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return { value: null, result: 0 };
  const recorded = typeof value === 'string' ? value.trim() : String(value);
  const verdict = (pass: boolean): ItemJudgement => ({ value: recorded, result: pass ? 1 : 0 });
  if (item.unique) return verdict(hasType(item, value));

  switch (item.dataTypeId) {
    case 'boolean': {
      const flag = toFlag(item, value);
      return verdict(flag !== null && flag === item.normalBoolean);
    }
    case 'string':
    case 'url': {
      if (typeof value === 'boolean') return verdict(false);
      const text = String(value).trim();
      const fits = item.length === null || text.length <= item.length;
      return verdict(fits && text === item.normalStr);
    }
    case 'enum': {
      const key = toEnumKey(item, value);
      return verdict(key !== null && item.normalEnums.includes(key));
    }
    default: {
      const number = toNumber(value);
      if (number === null || (item.dataTypeId === 'int' && !Number.isInteger(number))) return verdict(false);
      if (item.intervalNumber === INTERVAL.range) {
        return verdict(number >= Number(item.normalValue) && number <= Number(item.normalValueMax));
      }
      return verdict(number === Number(item.normalValue));
    }
  }
}

/** The standard of an item as one line of text, for the station app and the stored copy (e.g. `10 ~ 20 ℃`). */
export function standardText(item: StandardItem & { unitName?: string | null }): string {
  const unit = item.unitName ? ` ${item.unitName}` : '';
  switch (item.dataTypeId) {
    case 'boolean':
      return item.normalBoolean === 1 ? (item.trueValue ?? '是') : (item.falseValue ?? '否');
    case 'string':
    case 'url':
      return item.normalStr;
    case 'enum':
      return item.normalEnums.map((key) => item.enumerates?.[key] ?? key).join(' / ');
    default:
      return item.intervalNumber === INTERVAL.range ? `${item.normalValue} ~ ${item.normalValueMax}${unit}` : `${item.normalValue}${unit}`;
  }
}
