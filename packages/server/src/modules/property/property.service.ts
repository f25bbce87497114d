import { type DataType, MSG, type Property, type PropertyFields } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { type GuardedProduct, type ProductScope, requireEditableProduct } from '../../platform/product-guard.js';
import { parseEnumerates, type PropertyRow } from '../../platform/product-properties.js';
import type { Database } from '../../platform/schema.js';
import { isUniqueViolation } from '../../platform/tenancy.js';
import { formatTime } from '../../platform/time.js';
import {
  findProperty,
  flowsCheckingProperty,
  insertProperty,
  markFlowsAbnormal,
  propertyCodeTaken,
  removeProperty,
  type StoredPropertyFields,
  unitExists,
  updateProperty,
} from './property.repository.js';

export function toProperty(row: PropertyRow, timeZone: string): Property {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    code: row.code,
    dataTypeId: row.dataTypeId as DataType,
    dataTypeName: row.dataTypeName,
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
    unitId: row.unitId,
    unitName: row.unitName,
    length: row.length,
    enumerates: parseEnumerates(row.enumerates),
    trueValue: row.trueValue,
    falseValue: row.falseValue,
    description: row.description,
    valueDescription: row.valueDescription,
    createTime: formatTime(Number(row.createTime), timeZone),
  };
}

/**
 * A property as an engineer would import it elsewhere: everything but the ids
 * (its own, its product's, the unit's) and the creation time.
 */
export function toExportedProperty(row: PropertyRow) {
  const property = toProperty(row, 'UTC');
  return {
    name: property.name,
    code: property.code,
    dataTypeId: property.dataTypeId,
    dataTypeName: property.dataTypeName,
    min: property.min,
    max: property.max,
    unitName: property.unitName,
    length: property.length,
    enumerates: property.enumerates,
    trueValue: property.trueValue,
    falseValue: property.falseValue,
    description: property.description,
    valueDescription: property.valueDescription,
  };
}

/**
 * The columns a validated form stores: the common fields and those of its data
 * type only, so a type change leaves no stale min/max, length, enum or boolean
 * values behind (seed 001 §4: changing the data type clears the type fields).
 */
export function storedFieldsOf(fields: PropertyFields): StoredPropertyFields {
  const stored: StoredPropertyFields = {
    name: fields.name,
    code: fields.code,
    dataTypeId: fields.dataTypeId,
    min: null,
    max: null,
    unitId: null,
    length: null,
    enumerates: null,
    trueValue: null,
    falseValue: null,
    description: fields.description,
    valueDescription: fields.valueDescription === '' ? null : fields.valueDescription,
  };
  switch (fields.dataTypeId) {
    case 'boolean':
      return { ...stored, trueValue: fields.trueValue, falseValue: fields.falseValue };
    case 'int':
    case 'float':
    case 'double':
      return { ...stored, min: Number(fields.min), max: Number(fields.max), unitId: fields.unitId };
    case 'string':
      return { ...stored, length: Number(fields.length) };
    case 'enum': {
      const labels = Object.entries(fields.enumerates ?? {}).map(([key, label]) => [key, label.trim()]);
      return { ...stored, enumerates: JSON.stringify(Object.fromEntries(labels)) };
    }
    case 'url':
      return stored;
  }
}

/** The fields an auto-check item depends on (its name and code included: the station and the messages use them). */
const CHECKED_FIELDS = [
  'name',
  'code',
  'dataTypeId',
  'min',
  'max',
  'unitId',
  'length',
  'enumerates',
  'trueValue',
  'falseValue',
] as const satisfies readonly (keyof StoredPropertyFields)[];

function changesWhatFlowsCheck(before: PropertyRow, after: StoredPropertyFields): boolean {
  return CHECKED_FIELDS.some((field) => {
    const old = before[field];
    const now = after[field];
    if (old === null || now === null) return old !== now;
    return typeof now === 'number' ? Number(old) !== now : String(old) !== now;
  });
}

async function requireUnit(db: Kysely<Database>, stored: StoredPropertyFields): Promise<void> {
  if (stored.unitId !== null && !(await unitExists(db, stored.unitId))) throw badRequest(MSG.invalidInput);
}

/** Runs a write guarded by the unique (product, code) index, answering 409 if a concurrent call won the race. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.propertyCodeTaken);
    throw error;
  }
}

export async function addProperty(
  tx: Db,
  scope: ProductScope,
  productId: number,
  fields: PropertyFields,
): Promise<{ id: number; product: GuardedProduct }> {
  const trx = tx.kysely;
  const product = await requireEditableProduct(tx, scope, productId);
  const stored = storedFieldsOf(fields);
  await requireUnit(trx, stored);
  if (await propertyCodeTaken(trx, productId, stored.code)) throw conflict(MSG.propertyCodeTaken);
  const id = await withUniqueCode(() => insertProperty(trx, productId, stored, Date.now()));
  return { id, product };
}

/** The property must be the product's (404 otherwise). Answers the property as it was. */
async function requirePropertyOfEditableProduct(
  tx: Db,
  scope: ProductScope,
  id: number,
  productId?: number,
): Promise<PropertyRow> {
  const trx = tx.kysely;
  const found = await findProperty(trx, scope, id);
  if (!found || (productId !== undefined && found.productId !== productId)) throw notFound();
  await requireEditableProduct(tx, scope, found.productId);
  // read again under the product's lock: a concurrent call may have changed or deleted it meanwhile
  const property = await findProperty(trx, scope, id);
  if (!property) throw notFound();
  return property;
}

/**
 * Stores the new fields; the flows that check the property are marked not normal
 * when anything they depend on changed (a description alone does not), so the
 * flow page warns and publishing waits until each is saved again.
 */
export async function editProperty(
  tx: Db,
  scope: ProductScope,
  id: number,
  fields: PropertyFields,
): Promise<PropertyRow> {
  const trx = tx.kysely;
  const before = await requirePropertyOfEditableProduct(tx, scope, id, fields.productId);
  const stored = storedFieldsOf(fields);
  await requireUnit(trx, stored);
  if (await propertyCodeTaken(trx, before.productId, stored.code, id)) throw conflict(MSG.propertyCodeTaken);
  await withUniqueCode(() => updateProperty(trx, id, stored, Date.now()));
  if (changesWhatFlowsCheck(before, stored)) await markFlowsAbnormal(trx, await flowsCheckingProperty(trx, id));
  return before;
}

/** Deletes the property and its auto-check items; the flows that checked it are marked not normal. */
export async function deleteProperty(tx: Db, scope: ProductScope, id: number): Promise<PropertyRow> {
  const trx = tx.kysely;
  const property = await requirePropertyOfEditableProduct(tx, scope, id);
  const flowIds = await flowsCheckingProperty(trx, id);
  await removeProperty(trx, id);
  await markFlowsAbnormal(trx, flowIds);
  return property;
}
