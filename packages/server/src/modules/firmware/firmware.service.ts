import { type Firmware, type FirmwareStatus, type FirmwareType, MSG } from '@factory/contracts';
import type { Db } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { deleteUnreferencedFiles } from '../../platform/file-references.js';
import { fileUrl, type ReceivedBlob, recordStoredFile } from '../../platform/files.js';
import { type GuardedProduct, requireEditableProduct } from '../../platform/product-guard.js';
import type { Tenancy } from '../../platform/tenancy.js';
import { formatTime } from '../../platform/time.js';
import {
  deleteFirmwareRow,
  findFirmware,
  type FirmwareRow,
  insertFirmware,
  setFirmwareStatus,
  stopOthersInUse,
  updateFirmware,
} from './firmware.repository.js';

/*
 * Firmware is part of a product's definition: every write needs the product
 * unpublished (409 productNotEditable), as properties and flows do. A new firmware
 * starts stopped; at most one firmware of each type is in use per product. A
 * firmware in use can only be stopped.
 */

export function toFirmware(row: FirmwareRow, timeZone: string): Firmware {
  return {
    id: row.id,
    productId: row.productId,
    type: row.type as FirmwareType,
    versionNumber: row.versionNumber,
    description: row.description,
    originName: row.originName,
    downloadUrl: fileUrl(row.fileKey),
    size: Number(row.size),
    status: row.status as FirmwareStatus,
    updateTime: formatTime(Number(row.updateTime), timeZone),
  };
}

/** `型号 产测固件 v1.0.2`, how the operation log names a firmware. */
export function firmwareLabel(product: { number: string }, firmware: { type: string; versionNumber: string }): string {
  const typeName = firmware.type === 'TEST' ? '产测固件' : firmware.type === 'BUSINESS' ? '业务固件' : firmware.type;
  return `${product.number} ${typeName} ${firmware.versionNumber}`;
}

/** A firmware of the tenant (404) and its product, which must be unpublished (409). */
async function requireEditableFirmware(
  tx: Db,
  tenancy: Tenancy,
  id: number,
): Promise<{ firmware: FirmwareRow; product: GuardedProduct }> {
  const trx = tx.kysely;
  const found = await findFirmware(trx, tenancy, id);
  if (!found) throw notFound();
  const product = await requireEditableProduct(tx, tenancy, found.productId);
  // Read again under the product's lock (PostgreSQL): the status may have just changed.
  const firmware = await findFirmware(trx, tenancy, id);
  if (!firmware) throw notFound();
  return { firmware, product };
}

/**
 * Records a received file and a new stopped firmware in the caller's transaction.
 * Answers the new id and the product.
 */
export async function addFirmware(
  tx: Db,
  tenancy: Tenancy,
  uploaderId: number,
  input: { productId: number; type: FirmwareType; version: string; description: string },
  blob: ReceivedBlob,
): Promise<{ id: number; product: GuardedProduct }> {
  const trx = tx.kysely;
  const product = await requireEditableProduct(tx, tenancy, input.productId);
  const stored = await recordStoredFile(trx, blob, uploaderId);
  const id = await insertFirmware(
    trx,
    { productId: product.id, type: input.type, versionNumber: input.version, description: input.description, fileId: stored.id },
    Date.now(),
  );
  return { id, product };
}

/**
 * A stopped firmware's version and description, and its file when a new one came.
 * Answers the firmware as it was, its product and the sha-256 of a replaced file
 * row, whose blob the caller releases after the commit.
 */
export async function editFirmware(
  tx: Db,
  tenancy: Tenancy,
  uploaderId: number,
  input: { id: number; version: string; description: string },
  blob: ReceivedBlob | null,
): Promise<{ firmware: FirmwareRow; product: GuardedProduct; releasedFiles: string[] }> {
  const trx = tx.kysely;
  const { firmware, product } = await requireEditableFirmware(tx, tenancy, input.id);
  if (firmware.status === 'USE') throw conflict(MSG.firmwareInUse);
  const stored = blob ? await recordStoredFile(trx, blob, uploaderId) : null;
  await updateFirmware(
    trx,
    firmware.id,
    { versionNumber: input.version, description: input.description, ...(stored ? { fileId: stored.id } : {}) },
    Date.now(),
  );
  const releasedFiles = stored ? await deleteUnreferencedFiles(trx, [firmware.fileId]) : [];
  return { firmware, product, releasedFiles };
}

/** STOP → USE; the firmware of the same type in use so far is stopped. */
export async function useFirmware(
  tx: Db,
  tenancy: Tenancy,
  id: number,
): Promise<{ firmware: FirmwareRow; product: GuardedProduct }> {
  const trx = tx.kysely;
  const found = await requireEditableFirmware(tx, tenancy, id);
  if (found.firmware.status === 'USE') throw conflict(MSG.firmwareAlreadyUsed);
  const now = Date.now();
  await stopOthersInUse(trx, found.firmware, now);
  await setFirmwareStatus(trx, id, 'USE', now);
  return found;
}

/** USE → STOP. */
export async function stopFirmware(
  tx: Db,
  tenancy: Tenancy,
  id: number,
): Promise<{ firmware: FirmwareRow; product: GuardedProduct }> {
  const trx = tx.kysely;
  const found = await requireEditableFirmware(tx, tenancy, id);
  if (found.firmware.status !== 'USE') throw conflict(MSG.firmwareAlreadyStopped);
  await setFirmwareStatus(trx, id, 'STOP', Date.now());
  return found;
}

/** Only a stopped firmware can be deleted, with its file row; answers the blobs to release. */
export async function deleteFirmware(
  tx: Db,
  tenancy: Tenancy,
  id: number,
): Promise<{ firmware: FirmwareRow; product: GuardedProduct; releasedFiles: string[] }> {
  const trx = tx.kysely;
  const found = await requireEditableFirmware(tx, tenancy, id);
  if (found.firmware.status === 'USE') throw conflict(MSG.firmwareInUse);
  await deleteFirmwareRow(trx, id);
  const releasedFiles = await deleteUnreferencedFiles(trx, [found.firmware.fileId]);
  return { ...found, releasedFiles };
}
