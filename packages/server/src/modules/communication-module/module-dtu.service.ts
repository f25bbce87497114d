import { ACCESSORY_MSG, DTU_STATUS, type ModuleDtuFileField } from '@factory/contracts';
import type { Db } from '../../platform/db.js';
import type { DtuRow } from '../../platform/dtus.js';
import { conflict, notFound } from '../../platform/errors.js';
import { deleteUnreferencedFiles } from '../../platform/file-references.js';
import { type ReceivedBlob, recordStoredFiles } from '../../platform/files.js';
import type { RequestScope } from '../../platform/request-scope.js';
import { isUniqueViolation } from '../../platform/tenancy.js';
import type { ModuleRow } from './communication-module.repository.js';
import { moduleColumns, requireModule } from './communication-module.service.js';
import {
  archiveDtu,
  dtuTypeTaken,
  findModuleDtu,
  insertModuleDtu,
  type ModuleDtuFiles,
  updateModuleDtu,
} from './module-dtu.repository.js';

/*
 * The DTU models under a communication module (communicationDetail): a model and
 * three files (BOM list, production file, other requirements); the rest comes
 * from the module. A model names one enabled DTU of the tenant, whichever screen
 * made it (the index dtu_type_enabled).
 */

/** The files a form sent, by slot. */
export type ModuleDtuUploads = Partial<Record<ModuleDtuFileField, ReceivedBlob>>;

const COLUMN_OF: Record<ModuleDtuFileField, keyof ModuleDtuFiles> = {
  bomListFile: 'bomListFileId',
  productFile: 'productFileId',
  otherRequestFile: 'otherRequestFileId',
};

/** Runs a write guarded by the DTU model index, answering 409 if a concurrent call won the race. */
async function withUniqueDtuType<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ACCESSORY_MSG.dtuTypeTaken);
    throw error;
  }
}

/** Records the files sent, answering the DTU columns that now name them. */
async function recordUploads(tx: Db, scope: RequestScope, uploads: ModuleDtuUploads): Promise<Partial<ModuleDtuFiles>> {
  const sent = (Object.entries(uploads) as [ModuleDtuFileField, ReceivedBlob | undefined][]).filter(
    (entry): entry is [ModuleDtuFileField, ReceivedBlob] => entry[1] !== undefined,
  );
  if (sent.length === 0) return {};
  // One call: it takes the blobs' locks in one order, as a concurrent upload of the same files does.
  const stored = await recordStoredFiles(
    tx.kysely,
    sent.map(([, blob]) => blob),
    scope.account.id,
  );
  return Object.fromEntries(sent.map(([slot], index) => [COLUMN_OF[slot], stored[index]!.id]));
}

/** A DTU of a module in the caller's scope (404 otherwise: a parts-screen DTU too). */
async function requireModuleDtu(tx: Db, scope: RequestScope, id: number): Promise<DtuRow> {
  const dtu = await findModuleDtu(tx.kysely, scope, id, tx.dialect);
  if (!dtu) throw notFound();
  return dtu;
}

/** A new enabled DTU under a listed module (404 for a deleted one), belonging to the module's tenant. */
export async function addModuleDtu(
  tx: Db,
  scope: RequestScope,
  input: { communicationPartId: number; dtuType: string },
  uploads: Required<ModuleDtuUploads>,
): Promise<{ id: number; module: ModuleRow }> {
  const module = await requireModule(tx, scope, input.communicationPartId, 'share');
  if (await dtuTypeTaken(tx.kysely, module.ownerId, input.dtuType)) throw conflict(ACCESSORY_MSG.dtuTypeTaken);
  const files = (await recordUploads(tx, scope, uploads)) as ModuleDtuFiles;
  const id = await withUniqueDtuType(() =>
    insertModuleDtu(tx.kysely, module, { ...moduleColumns(module), ...files, dtuType: input.dtuType }, Date.now()),
  );
  return { id, module };
}

/**
 * An enabled DTU's model, and each file that came (the one it replaces is let go).
 * Answers the DTU as it was and the blobs to release after the commit.
 */
export async function editModuleDtu(
  tx: Db,
  scope: RequestScope,
  input: { id: number; dtuType: string },
  uploads: ModuleDtuUploads,
): Promise<{ before: DtuRow; releasedFiles: string[] }> {
  const before = await requireModuleDtu(tx, scope, input.id);
  if (before.status !== DTU_STATUS.enabled) throw conflict(ACCESSORY_MSG.dtuArchivedCannotEdit);
  if (await dtuTypeTaken(tx.kysely, before.ownerId, input.dtuType, before.id)) throw conflict(ACCESSORY_MSG.dtuTypeTaken);
  const files = await recordUploads(tx, scope, uploads);
  await withUniqueDtuType(() => updateModuleDtu(tx.kysely, before.id, { dtuType: input.dtuType, ...files }));
  const replaced = (Object.keys(files) as (keyof ModuleDtuFiles)[])
    .map((column) => before[column])
    .filter((fileId): fileId is number => fileId !== null);
  return { before, releasedFiles: await deleteUnreferencedFiles(tx.kysely, replaced) };
}

/** Archives an enabled DTU of a module (409 when it is archived already). */
export async function archiveModuleDtu(tx: Db, scope: RequestScope, id: number): Promise<DtuRow> {
  const dtu = await requireModuleDtu(tx, scope, id);
  if (dtu.status !== DTU_STATUS.enabled) throw conflict(ACCESSORY_MSG.dtuArchivedAlready);
  await archiveDtu(tx.kysely, id, Date.now());
  return dtu;
}
