import { type AutoProperty, DTU_NUMERIC_TYPES, DTU_STATUS, type Dtu, type SerialProperty } from '@factory/contracts';
import { PARTS_TRAIL } from '../parts-view';

/** Breadcrumb (seed 002 §1: production centre / accessory testing / …). */
export const POTION_TRAIL = [...PARTS_TRAIL, '配件详情', 'DTU属性设置'] as const;

/** Page sizes of the three property tables, default 5 (seed 002 §9). */
export const PROPERTY_PAGE_SIZES = [5, 10, 20] as const;

/** The three kinds of test property, by the word their messages use (该串口检测属性已删除 …). */
export type PropertyKind = 'serial' | 'auto' | 'other';
export const KIND_WORDS: Record<PropertyKind, string> = { serial: '串口', auto: '自动', other: '其他' };

/** What an empty value shows (seed 002 §2). */
export const EMPTY = '-';

/** 0 not tested, 1 tested at the stations (seed 002 §3). */
export const PROPERTY_TESTING = 1;
export const PROPERTY_STATUS_NAMES: Record<number, string> = { 0: '未开启', 1: '已开启' };

export const isArchived = (dtu: Pick<Dtu, 'status'>) => dtu.status === DTU_STATUS.archived;

const withUnit = (text: string, unit: string | null | undefined) => (unit ? `${text} ${unit}` : text);

interface Standard {
  verifyRule: SerialProperty['verifyRule'] | null;
  aimValue: string | null;
  minValue: string | null;
  maxValue: string | null;
}

/** A range "1 ~ 5 dBm" or a single value with its unit. */
function standardText(property: Standard, unit?: string | null) {
  if (property.verifyRule === 'RANGE') return withUnit(`${property.minValue ?? ''} ~ ${property.maxValue ?? ''}`, unit);
  return property.aimValue ? withUnit(property.aimValue, unit) : EMPTY;
}

/** A serial property's standard, with the catalogue's unit. */
export const serialStandard = (property: SerialProperty) => standardText(property, property.unit);

/** Enum labels in key order. */
export function enumLabels(map: Record<string, string> | null): string[] {
  return Object.entries(map ?? {})
    .sort(([left], [right]) => Number(left) - Number(right))
    .map(([, label]) => label);
}

/** An automatic property's standard, by its data type (seed 002 §2, §3). */
export function autoStandard(property: AutoProperty): string {
  if (property.unique) return '唯一';
  if (DTU_NUMERIC_TYPES.includes(property.dataType)) return standardText(property);
  switch (property.dataType) {
    case 'boolean':
      if (property.aimBooleanValue === null) return EMPTY;
      return (property.aimBooleanValue === 1 ? property.trueValue : property.falseValue) ?? EMPTY;
    case 'enum':
      return enumLabels(property.aimEnumMap).join('、') || EMPTY;
    default:
      return property.aimValue || EMPTY;
  }
}
