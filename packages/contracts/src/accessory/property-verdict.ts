import { INTERVAL } from '../product/interval.js';
import type { StandardItem } from '../station/verdict.js';
import type { AutoProperty, SerialProperty } from './dtu-property.js';

/**
 * A DTU's test properties as items of the one verdict function (judgeValue in
 * station/verdict.ts) that judges product properties: EQUAL is its single value,
 * RANGE its inclusive range, `unique` any value of the type.
 */
export function autoPropertyItem(property: AutoProperty): StandardItem {
  const range = property.verifyRule === 'RANGE';
  return {
    id: property.id,
    name: property.name,
    dataTypeId: property.dataType,
    min: null,
    max: null,
    length: null,
    enumerates: property.enumMap,
    trueValue: property.trueValue,
    falseValue: property.falseValue,
    intervalNumber: range ? INTERVAL.range : INTERVAL.value,
    normalValue: (range ? property.minValue : property.aimValue) ?? '',
    normalValueMax: (range ? property.maxValue : null) ?? '',
    normalStr: property.aimValue ?? '',
    normalBoolean: property.aimBooleanValue === null ? null : property.aimBooleanValue === 1 ? 1 : 0,
    normalEnums: Object.keys(property.aimEnumMap ?? {}),
    unique: property.unique,
  };
}

/**
 * A serial property has no data type: a range compares numbers, a single value
 * compares as a number when the standard is one (9600 = 9600.0) and as text otherwise (OK).
 */
export function serialPropertyItem(property: SerialProperty): StandardItem {
  const range = property.verifyRule === 'RANGE';
  const numericStandard = !range && /^-?\d+(\.\d+)?$/.test(property.aimValue ?? '');
  return {
    id: property.id,
    name: property.name,
    dataTypeId: range || numericStandard ? 'double' : 'string',
    min: null,
    max: null,
    length: null,
    enumerates: null,
    trueValue: null,
    falseValue: null,
    intervalNumber: range ? INTERVAL.range : INTERVAL.value,
    normalValue: (range ? property.minValue : property.aimValue) ?? '',
    normalValueMax: (range ? property.maxValue : null) ?? '',
    normalStr: property.aimValue ?? '',
    normalBoolean: null,
    normalEnums: [],
  };
}
