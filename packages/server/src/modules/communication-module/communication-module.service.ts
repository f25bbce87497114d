import { ACCESSORY_MSG, type CommunicationModule, communicationTypeName } from '@factory/contracts';
import type { Db } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { deleteUnreferencedFiles } from '../../platform/file-references.js';
import { fileUrl, type ReceivedBlob, recordStoredFile } from '../../platform/files.js';
import type { RequestScope } from '../../platform/request-scope.js';
import { isUniqueViolation } from '../../platform/tenancy.js';
import { formatTime } from '../../platform/time.js';
import {
  findModule,
  insertModule,
  markModuleDeleted,
  modelTypeTaken,
  type ModuleFields,
  type ModuleRow,
  updateModule,
} from './communication-module.repository.js';
import { dtusFollowModule, inheritedColumns } from './module-dtu.repository.js';

/*
 * Communication modules (通信模块, seed 002 §2, docs/accessory-catalogue.md): a
 * model names one listed module of the tenant; the module's DTUs carry its model,
 * method, voltage and company, and follow it when it is edited. A module is never
 * removed, only taken out of the lists, and not while it has enabled DTUs.
 */

export function toModule(row: ModuleRow, timeZone: string): CommunicationModule {
  return {
    id: row.id,
    modelType: row.modelType,
    communicationType: row.communicationType,
    communicationTypeName: communicationTypeName(row.communicationType),
    standardVoltage: row.standardVoltage,
    productCompany: row.productCompany,
    modelImageUrl: row.imageKey ? fileUrl(row.imageKey) : null,
    dtuCount: row.dtuCount,
    createTime: formatTime(row.createTime, timeZone),
  };
}

/** What a module's DTUs carry of it (the method's name stands as the description of `other`). */
export function moduleColumns(module: ModuleFields) {
  return inheritedColumns(module, communicationTypeName(module.communicationType));
}

/** Runs a write guarded by the module model index, answering 409 if a concurrent call won the race. */
async function withUniqueModel<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ACCESSORY_MSG.moduleModelTaken);
    throw error;
  }
}

/** A listed module of the caller's, locked for a change of it (404 otherwise). */
export async function requireModule(tx: Db, scope: RequestScope, id: number, mode: 'update' | 'share'): Promise<ModuleRow> {
  const module = await findModule(tx.kysely, scope, id, { dialect: tx.dialect, mode });
  if (!module) throw notFound();
  return module;
}

/** A new listed module of the caller's tenant (the platform administrator's own tree), with its image if one came. */
export async function addModule(tx: Db, scope: RequestScope, fields: ModuleFields, image: ReceivedBlob | undefined): Promise<number> {
  const ownerId = scope.ownerId ?? scope.account.id;
  if (await modelTypeTaken(tx.kysely, ownerId, fields.modelType)) throw conflict(ACCESSORY_MSG.moduleModelTaken);
  const stored = image ? await recordStoredFile(tx.kysely, image, scope.account.id) : null;
  return withUniqueModel(() => insertModule(tx.kysely, ownerId, { ...fields, imageFileId: stored?.id ?? null }, Date.now()));
}

/**
 * A listed module's fields, and its image when a new one came (the old one is let
 * go); its enabled DTUs follow in the same transaction. Answers the module as it
 * was and the blobs to release after the commit.
 */
export async function editModule(
  tx: Db,
  scope: RequestScope,
  id: number,
  fields: ModuleFields,
  image: ReceivedBlob | undefined,
): Promise<{ before: ModuleRow; releasedFiles: string[] }> {
  const before = await requireModule(tx, scope, id, 'update');
  if (await modelTypeTaken(tx.kysely, before.ownerId, fields.modelType, id)) throw conflict(ACCESSORY_MSG.moduleModelTaken);
  const stored = image ? await recordStoredFile(tx.kysely, image, scope.account.id) : null;
  await withUniqueModel(() => updateModule(tx.kysely, id, { ...fields, ...(stored ? { imageFileId: stored.id } : {}) }));
  await dtusFollowModule(tx.kysely, id, moduleColumns(fields));
  const replaced = stored && before.imageFileId !== null ? [before.imageFileId] : [];
  return { before, releasedFiles: await deleteUnreferencedFiles(tx.kysely, replaced) };
}

/** Takes a listed module out of the lists, refused (409) while it has enabled DTUs. */
export async function deleteModule(tx: Db, scope: RequestScope, id: number): Promise<ModuleRow> {
  const module = await requireModule(tx, scope, id, 'update');
  if (module.dtuCount > 0) throw conflict(ACCESSORY_MSG.moduleHasDtus);
  await markModuleDeleted(tx.kysely, id);
  return module;
}
