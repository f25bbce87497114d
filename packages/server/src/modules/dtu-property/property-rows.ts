import {
  type AutoProperty,
  type CatalogueItem,
  type CatalogueOption,
  type OtherProperty,
  type SerialProperty,
} from '@factory/contracts';
import { autoPropertyOf, serialPropertyOf } from '../../platform/dtu-property-rows.js';
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
  const { communicationType, ...property } = row;
  return serialPropertyOf(property, communicationType, formatTime(Number(row.createTime), timeZone));
}

export function toAutoProperty(row: AutoPropertyRow, timeZone: string): AutoProperty {
  return autoPropertyOf(row, formatTime(Number(row.createTime), timeZone));
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
