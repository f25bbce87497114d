import {
  type AutoProperty,
  DTU_DATA_TYPES,
  type DtuDataType,
  type EnumMap,
  serialCatalogue,
  type SerialProperty,
  type VerifyRule,
} from '@factory/contracts';
import type { Selectable } from 'kysely';
import type { DtuAutoPropertyTable, DtuSerialPropertyTable } from './schema.js';

// A DTU's test properties as the contract shapes them, from their rows: the property
// pages (modules/dtu-property) show them, the station and the records judge by them.

/** An enum map kept as JSON text (only the property module writes it, from a validated form). */
function parseEnumMap(text: string | null): EnumMap | null {
  if (!text) return null;
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([key, label]) => [key, String(label)]));
}

/** An automatic property; `createTime` as the caller shows it. */
export function autoPropertyOf(row: Selectable<DtuAutoPropertyTable>, createTime: string): AutoProperty {
  const dataType = row.dataType as DtuDataType;
  return {
    id: row.id,
    dtuId: row.dtuId,
    name: row.name,
    code: row.code,
    dataType,
    dataTypeName: DTU_DATA_TYPES.find((type) => type.code === dataType)?.name ?? dataType,
    verifyRule: row.verifyRule as VerifyRule | null,
    aimValue: row.aimValue,
    minValue: row.minValue,
    maxValue: row.maxValue,
    unique: row.uniqueValue === 1,
    trueValue: row.trueValue,
    falseValue: row.falseValue,
    aimBooleanValue: row.aimBooleanValue,
    enumMap: parseEnumMap(row.enumMap),
    aimEnumMap: parseEnumMap(row.aimEnumMap),
    description: row.description,
    status: row.status,
    createTime,
  };
}

/** A serial property; its unit is its catalogue entry's under the DTU's communication type. */
export function serialPropertyOf(row: Selectable<DtuSerialPropertyTable>, communicationType: string | null, createTime: string): SerialProperty {
  const item = serialCatalogue(communicationType).find((entry) => entry.code === row.code);
  return {
    id: row.id,
    dtuId: row.dtuId,
    name: row.name,
    code: row.code,
    verifyRule: row.verifyRule as VerifyRule,
    aimValue: row.aimValue,
    minValue: row.minValue,
    maxValue: row.maxValue,
    unit: item?.unit ?? null,
    status: row.status,
    createTime,
  };
}
