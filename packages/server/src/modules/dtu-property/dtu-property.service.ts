import {
  ACCESSORY_MSG,
  type AutoPropertyFields,
  BLUETOOTH,
  DTU_STATUS,
  type OtherPropertyFields,
  serialCatalogue,
  type SerialPropertyFields,
} from '@factory/contracts';
import type { Db } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { isUniqueViolation, type Tenancy } from '../../platform/tenancy.js';
import {
  findPropertyHead,
  insertAutoProperty,
  insertOtherProperty,
  insertSerialProperty,
  lockPropertyDtu,
  propertyCodeTaken,
  type PropertyDtu,
  propertyLabel,
  type PropertyKind,
  removeProperty,
  setPropertyStatus,
  type StoredAutoFields,
  type StoredSerialFields,
  updateAutoProperty,
  updateOtherProperty,
  updateSerialProperty,
} from './dtu-property.repository.js';

/**
 * Every property write starts here, in its transaction: the DTU must be in scope
 * (404) and enabled (409: an archived DTU's properties are its history).
 */
async function requireWritableDtu(tx: Db, tenancy: Tenancy, dtuId: number): Promise<PropertyDtu> {
  const dtu = await lockPropertyDtu(tx, tenancy, dtuId);
  if (!dtu) throw notFound();
  if (dtu.status !== DTU_STATUS.enabled) throw conflict(ACCESSORY_MSG.dtuArchivedNoProperty);
  return dtu;
}

interface PropertyTarget {
  dtu: PropertyDtu;
  status: number;
  /** how the operation log names it, as it was before the write */
  label: string;
}

/**
 * The property of an existing-property write and its DTU: 404 when either is not
 * the caller's (or `dtuId`, when the form names one, is not its DTU), 409 when the
 * DTU is archived. The state is read again once the DTU is locked.
 */
async function requireProperty(tx: Db, tenancy: Tenancy, kind: PropertyKind, id: number, dtuId?: number): Promise<PropertyTarget> {
  const found = await findPropertyHead(tx.kysely, tenancy, kind, id);
  if (!found || (dtuId !== undefined && found.dtuId !== dtuId)) throw notFound();
  const dtu = await requireWritableDtu(tx, tenancy, found.dtuId);
  const property = await findPropertyHead(tx.kysely, tenancy, kind, id);
  if (!property) throw notFound();
  return { dtu, status: property.status, label: await propertyLabel(tx.kysely, kind, id) };
}

/** A property under test (status 1) is what a running station checks: it changes only once testing is stopped. */
async function requireStoppedProperty(tx: Db, tenancy: Tenancy, kind: PropertyKind, id: number, dtuId?: number): Promise<PropertyTarget> {
  const target = await requireProperty(tx, tenancy, kind, id, dtuId);
  if (target.status === 1) throw conflict(ACCESSORY_MSG.propertyTesting);
  return target;
}

/** Runs a write guarded by the unique (DTU, code) index, answering 409 if a concurrent call won the race. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ACCESSORY_MSG.propertyCodeTaken);
    throw error;
  }
}

/**
 * A serial property is a value of the serial catalogue of the DTU's communication
 * type, which only bluetooth has (409 otherwise); the code must be in it and the
 * rule one it offers (400). Its name is the catalogue's, whatever the form sent.
 */
function serialFieldsOf(dtu: PropertyDtu, fields: SerialPropertyFields): StoredSerialFields {
  if (dtu.communicationType !== BLUETOOTH) throw conflict(ACCESSORY_MSG.serialNotBluetooth);
  const item = serialCatalogue(dtu.communicationType).find((entry) => entry.code === fields.code);
  if (!item) throw badRequest(ACCESSORY_MSG.serialCodeUnknown);
  if (!item.verifyRules.includes(fields.verifyRule)) throw badRequest(ACCESSORY_MSG.verifyRuleNotOffered);
  return {
    name: item.name,
    code: item.code,
    verifyRule: fields.verifyRule,
    aimValue: fields.aimValue,
    minValue: fields.minValue,
    maxValue: fields.maxValue,
  };
}

function autoFieldsOf(fields: AutoPropertyFields): StoredAutoFields {
  return {
    name: fields.name,
    code: fields.code,
    dataType: fields.dataType,
    verifyRule: fields.verifyRule,
    aimValue: fields.aimValue,
    minValue: fields.minValue,
    maxValue: fields.maxValue,
    uniqueValue: fields.unique ? 1 : 0,
    trueValue: fields.trueValue,
    falseValue: fields.falseValue,
    aimBooleanValue: fields.aimBooleanValue,
    enumMap: fields.enumMap ? JSON.stringify(fields.enumMap) : null,
    aimEnumMap: fields.aimEnumMap ? JSON.stringify(fields.aimEnumMap) : null,
    description: fields.description,
  };
}

export interface Written {
  id: number;
  dtu: PropertyDtu;
  /** the property as the operation log names it (before an edit, as it was) */
  label: string;
}

export async function addSerialProperty(tx: Db, tenancy: Tenancy, fields: SerialPropertyFields): Promise<Written> {
  const dtu = await requireWritableDtu(tx, tenancy, fields.dtuId);
  const stored = serialFieldsOf(dtu, fields);
  if (await propertyCodeTaken(tx.kysely, 'serial', dtu.id, stored.code)) throw conflict(ACCESSORY_MSG.propertyCodeTaken);
  const id = await withUniqueCode(() => insertSerialProperty(tx.kysely, dtu.id, stored, Date.now()));
  return { id, dtu, label: `${stored.name}(${stored.code})` };
}

export async function editSerialProperty(tx: Db, tenancy: Tenancy, id: number, fields: SerialPropertyFields): Promise<Written> {
  const { dtu, label } = await requireStoppedProperty(tx, tenancy, 'serial', id, fields.dtuId);
  const stored = serialFieldsOf(dtu, fields);
  if (await propertyCodeTaken(tx.kysely, 'serial', dtu.id, stored.code, id)) throw conflict(ACCESSORY_MSG.propertyCodeTaken);
  await withUniqueCode(() => updateSerialProperty(tx.kysely, id, stored));
  return { id, dtu, label };
}

export async function addAutoProperty(tx: Db, tenancy: Tenancy, fields: AutoPropertyFields): Promise<Written> {
  const dtu = await requireWritableDtu(tx, tenancy, fields.dtuId);
  if (await propertyCodeTaken(tx.kysely, 'auto', dtu.id, fields.code)) throw conflict(ACCESSORY_MSG.propertyCodeTaken);
  const id = await withUniqueCode(() => insertAutoProperty(tx.kysely, dtu.id, autoFieldsOf(fields), Date.now()));
  return { id, dtu, label: `${fields.name}(${fields.code})` };
}

export async function editAutoProperty(tx: Db, tenancy: Tenancy, id: number, fields: AutoPropertyFields): Promise<Written> {
  const { dtu, label } = await requireStoppedProperty(tx, tenancy, 'auto', id, fields.dtuId);
  if (await propertyCodeTaken(tx.kysely, 'auto', dtu.id, fields.code, id)) throw conflict(ACCESSORY_MSG.propertyCodeTaken);
  await withUniqueCode(() => updateAutoProperty(tx.kysely, id, autoFieldsOf(fields)));
  return { id, dtu, label };
}

export async function addOtherProperty(tx: Db, tenancy: Tenancy, fields: OtherPropertyFields): Promise<Written> {
  const { dtuId, ...stored } = fields;
  const dtu = await requireWritableDtu(tx, tenancy, dtuId);
  const id = await insertOtherProperty(tx.kysely, dtu.id, stored, Date.now());
  return { id, dtu, label: `${stored.category}/${stored.property}` };
}

export async function editOtherProperty(tx: Db, tenancy: Tenancy, id: number, fields: OtherPropertyFields): Promise<Written> {
  const { dtuId, ...stored } = fields;
  const { dtu, label } = await requireStoppedProperty(tx, tenancy, 'other', id, dtuId);
  await updateOtherProperty(tx.kysely, id, stored);
  return { id, dtu, label };
}

/**
 * 0 → 1 opens testing, 1 → 0 stops it. Asking for the state the property is
 * already in is refused (409) rather than answered with a success text that would
 * claim a change.
 */
export async function changePropertyStatus(tx: Db, tenancy: Tenancy, kind: PropertyKind, id: number, status: 0 | 1): Promise<PropertyTarget> {
  const target = await requireProperty(tx, tenancy, kind, id);
  if (target.status === status) throw conflict(status === 1 ? ACCESSORY_MSG.propertyAlreadyOpen : ACCESSORY_MSG.propertyAlreadyStopped);
  await setPropertyStatus(tx.kysely, kind, id, status);
  return target;
}

/** Deletes a property for good; one under test is refused until testing stops. */
export async function deleteProperty(tx: Db, tenancy: Tenancy, kind: PropertyKind, id: number): Promise<PropertyTarget> {
  const target = await requireStoppedProperty(tx, tenancy, kind, id);
  await removeProperty(tx.kysely, kind, id);
  return target;
}
