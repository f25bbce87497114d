import { ACCESSORY_MSG, type Fitting, fittingTypeName } from '@factory/contracts';
import type { Db } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { deleteUnreferencedFiles } from '../../platform/file-references.js';
import { fileUrl, type ReceivedBlob, recordStoredFile } from '../../platform/files.js';
import type { RequestScope } from '../../platform/request-scope.js';
import { formatTime } from '../../platform/time.js';
import {
  findFitting,
  type FittingFields,
  type FittingRow,
  insertFitting,
  markFittingDeleted,
  updateFitting,
} from './part.repository.js';

/*
 * Parts (配件) of the accessory catalogue (seed 002 §2, docs/accessory-catalogue.md):
 * each has an image; a part is never removed, only taken out of the lists, and not
 * while it still has enabled DTU models.
 */

export function toFitting(row: FittingRow, timeZone: string): Fitting {
  return {
    id: row.id,
    fittingType: row.fittingType,
    fittingTypeName: fittingTypeName(row.fittingType),
    partDesc: row.partDesc,
    partImageUrl: row.imageKey ? fileUrl(row.imageKey) : '',
    status: row.status,
    dtuCount: row.dtuCount,
    createTime: formatTime(row.createTime, timeZone),
  };
}

/** A part in the operation log: `DTU 网关配件`. */
export function fittingLabel(part: { fittingType: number; partDesc: string }): string {
  return `${fittingTypeName(part.fittingType)} ${part.partDesc}`;
}

async function requireFitting(tx: Db, scope: RequestScope, id: number): Promise<FittingRow> {
  const part = await findFitting(tx.kysely, scope, id, tx.dialect);
  if (!part) throw notFound();
  return part;
}

/** A new listed part of the caller's tenant (the platform administrator's own tree), with its image. */
export async function addFitting(tx: Db, scope: RequestScope, fields: FittingFields, image: ReceivedBlob): Promise<number> {
  const stored = await recordStoredFile(tx.kysely, image, scope.account.id);
  return insertFitting(tx.kysely, scope.ownerId ?? scope.account.id, { ...fields, imageFileId: stored.id }, Date.now());
}

/**
 * A listed part's type and description, and its image when a new one came (the
 * old one is let go). Answers the part as it was and the blobs to release after the commit.
 */
export async function editFitting(
  tx: Db,
  scope: RequestScope,
  id: number,
  fields: FittingFields,
  image: ReceivedBlob | undefined,
): Promise<{ before: FittingRow; releasedFiles: string[] }> {
  const before = await requireFitting(tx, scope, id);
  const stored = image ? await recordStoredFile(tx.kysely, image, scope.account.id) : null;
  await updateFitting(tx.kysely, id, { ...fields, ...(stored ? { imageFileId: stored.id } : {}) });
  const replaced = stored && before.imageFileId !== null ? [before.imageFileId] : [];
  return { before, releasedFiles: await deleteUnreferencedFiles(tx.kysely, replaced) };
}

/** Takes a listed part out of the lists, refused (409) while it has enabled DTUs. */
export async function deleteFitting(tx: Db, scope: RequestScope, id: number): Promise<FittingRow> {
  const part = await requireFitting(tx, scope, id);
  if (part.dtuCount > 0) throw conflict(ACCESSORY_MSG.partHasDtus);
  await markFittingDeleted(tx.kysely, id);
  return part;
}
