import {
  type AutoProperty,
  type CatalogueItem,
  type CatalogueOption,
  DTU_DATA_TYPES,
  type DtuDataType,
  type EnumMap,
  type OtherProperty,
  serialCatalogue,
  type SerialProperty,
  type VerifyRule,
} from '@factory/contracts';
import { formatTime } from '../../platform/time.js';
import type { AutoPropertyRow, OtherPropertyRow, SerialPropertyRow } from './dtu-property.repository.js';

/** An entry of a catalogue as the property forms offer it. */
export function toCatalogueOption(item: CatalogueItem): CatalogueOption {
  return {
    code: item.code,
    name: item.name,
    verifyRules: [...item.verifyRules],
    dataType: item.dataType,
    unique: item.unique ?? false,
    unit: item.unit ?? null,
    description: item.description,
  };
}

/** The unit of a serial property is its catalogue entry's, under the DTU's communication type. */
export function toSerialProperty(row: SerialPropertyRow, timeZone: string): SerialProperty {
  const item = serialCatalogue(row.communicationType).find((entry) => entry.code === row.code);
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
    createTime: formatTime(Number(row.createTime), timeZone),
  };
}

/** An enum map kept as JSON text (only this module writes it, from a validated form). */
function parseEnumMap(text: string | null): EnumMap | null {
  if (!text) return null;
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([key, label]) => [key, String(label)]));
}

export function toAutoProperty(row: AutoPropertyRow, timeZone: string): AutoProperty {
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
    createTime: formatTime(Number(row.createTime), timeZone),
  };
}

export function toOtherProperty(row: OtherPropertyRow, timeZone: string): OtherProperty {
  return {
    id: row.id,
    dtuId: row.dtuId,
    category: row.category,
    property: row.property,
    checkTool: row.checkTool,
    checkStandard: row.checkStandard,
    status: row.status,
    createTime: formatTime(Number(row.createTime), timeZone),
  };
}
