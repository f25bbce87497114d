import { ACCESSORY_MSG, BLUETOOTH, DTU_STATUS, type DtuFields, MSG } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { resolveFileUrl } from '../../platform/catalogue-files.js';
import type { Db } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { deleteUnreferencedFiles } from '../../platform/file-references.js';
import type { Database } from '../../platform/schema.js';
import { isUniqueViolation, type Tenancy } from '../../platform/tenancy.js';
import {
  archiveDtuRow,
  type DtuFileIds,
  dtuFileIds,
  dtuTypeTaken,
  findListedPart,
  insertDtu,
  type ListedPart,
  type LockedDtu,
  lockDtu,
  serialPropertyCount,
  type StoredDtuFields,
  updateDtu,
} from './dtu.repository.js';

const IMAGE_RULE = { tooLarge: ACCESSORY_MSG.partImageTooLarge };

async function requireListedPart(db: Kysely<Database>, tenancy: Tenancy, fittingId: number): Promise<ListedPart> {
  const part = await findListedPart(db, tenancy, fittingId);
  if (!part) throw notFound();
  return part;
}

/**
 * The form's fields as stored: each file URL resolved to its stored_file (400 for
 * an unknown one), the two images checked as the catalogue's images are (png or
 * jpg, 400; under 500 KB, 413).
 */
async function storedFieldsOf(db: Kysely<Database>, fields: DtuFields): Promise<StoredDtuFields> {
  return {
    dtuType: fields.dtuType,
    modelType: fields.modelType,
    productCompany: fields.productCompany,
    standardVoltage: fields.standardVoltage,
    bandRate: fields.bandRate,
    connectInternet: fields.connectInternet ? 1 : 0,
    communicationType: fields.communicationType,
    communicationTypeDesc: fields.communicationTypeDesc,
    testFirmwareVersion: fields.testFirmwareVersion,
    testFirmwareFileId: await resolveFileUrl(db, fields.testFirmwareUrl),
    productFileId: await resolveFileUrl(db, fields.productFileUrl),
    bomListFileId: await resolveFileUrl(db, fields.bomListFileUrl),
    otherRequestFileId: await resolveFileUrl(db, fields.otherRequestFileUrl),
    frontImageFileId: await resolveFileUrl(db, fields.frontImageUrl, IMAGE_RULE),
    backImageFileId: await resolveFileUrl(db, fields.backImageUrl, IMAGE_RULE),
  };
}

/** Runs a write guarded by the partial unique index on enabled models, answering 409 if a concurrent call won the race. */
async function withUniqueType<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ACCESSORY_MSG.dtuTypeTaken);
    throw error;
  }
}

/**
 * A new DTU of a listed part, enabled at once. It belongs to the part's tenant:
 * the platform administrator adding to a tenant's part adds to that tenant, so the
 * tenant sees it under its part (to its own parts, to its own tree).
 */
export async function addDtu(tx: Db, tenancy: Tenancy, fields: DtuFields): Promise<number> {
  const trx = tx.kysely;
  const part = await requireListedPart(trx, tenancy, fields.fittingId);
  const stored = await storedFieldsOf(trx, fields);
  if (await dtuTypeTaken(trx, part.ownerId, stored.dtuType)) throw conflict(ACCESSORY_MSG.dtuTypeTaken);
  return withUniqueType(() => insertDtu(trx, { ownerId: part.ownerId, fittingId: part.id }, stored, Date.now()));
}

/** A part's DTU of the caller's scope, locked for the write; a module's DTU is not on the parts screen (404). */
async function requirePartDtu(tx: Db, tenancy: Tenancy, id: number): Promise<LockedDtu & { fittingId: number }> {
  const dtu = await lockDtu(tx, tenancy, id);
  if (!dtu || dtu.fittingId === null) throw notFound();
  return { ...dtu, fittingId: dtu.fittingId };
}

const FILE_COLUMNS = [
  'testFirmwareFileId',
  'productFileId',
  'bomListFileId',
  'otherRequestFileId',
  'frontImageFileId',
  'backImageFileId',
] as const satisfies readonly (keyof DtuFileIds)[];

/** The files the edit let go of: named before, not after. */
function replacedFiles(before: DtuFileIds, after: DtuFileIds): number[] {
  const kept = new Set(FILE_COLUMNS.map((column) => after[column]));
  const old = FILE_COLUMNS.map((column) => before[column]).filter((id): id is number => id !== null && !kept.has(id));
  return [...new Set(old)];
}

export interface EditedDtu {
  /** the model before and after the edit */
  before: string;
  dtuType: string;
  /** sha-256 of blobs no row names any more: release them after the commit */
  releasedFiles: string[];
}

/**
 * Edits an enabled DTU of a part. The part stays the DTU's own: a DTU never moves
 * (its tasks and records name it under its part), so another fittingId is refused
 * (400) rather than silently kept. A DTU with serial properties stays bluetooth
 * (409): those properties exist only for bluetooth and are read over its serial
 * link; they are deleted first, deliberately. Automatic properties are kept
 * whatever the type: they name codes the DTU reports, not entries of a list.
 * Files the edit replaces or clears leave the file store once nothing names them.
 */
export async function editDtu(tx: Db, tenancy: Tenancy, id: number, fields: DtuFields): Promise<EditedDtu> {
  const trx = tx.kysely;
  const dtu = await requirePartDtu(tx, tenancy, id);
  if (dtu.status !== DTU_STATUS.enabled) throw conflict(ACCESSORY_MSG.dtuArchivedCannotEdit);
  if (fields.fittingId !== dtu.fittingId) throw badRequest(MSG.invalidInput);
  await requireListedPart(trx, tenancy, dtu.fittingId);
  const stored = await storedFieldsOf(trx, fields);
  if (stored.communicationType !== BLUETOOTH && (await serialPropertyCount(trx, id)) > 0) {
    throw conflict(ACCESSORY_MSG.dtuSerialPropertiesNeedBluetooth);
  }
  if (await dtuTypeTaken(trx, dtu.ownerId, stored.dtuType, id)) throw conflict(ACCESSORY_MSG.dtuTypeTaken);
  const filesBefore = await dtuFileIds(trx, id);
  await withUniqueType(() => updateDtu(trx, id, stored));
  const releasedFiles = await deleteUnreferencedFiles(trx, replacedFiles(filesBefore, stored));
  return { before: dtu.dtuType, dtuType: stored.dtuType, releasedFiles };
}

/**
 * Archives a part's DTU: it leaves the lists and takes no task, its properties
 * and files stay for the history pages. Archiving twice is refused (409) rather
 * than answered with a success that claims a change.
 */
export async function archiveDtu(tx: Db, tenancy: Tenancy, id: number): Promise<LockedDtu> {
  const dtu = await requirePartDtu(tx, tenancy, id);
  if (dtu.status !== DTU_STATUS.enabled) throw conflict(ACCESSORY_MSG.dtuArchivedAlready);
  await archiveDtuRow(tx.kysely, id, Date.now());
  return dtu;
}
