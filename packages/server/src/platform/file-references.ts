import type { Kysely } from 'kysely';
import { DTU_FILE_COLUMNS } from './dtus.js';
import type { Database } from './schema.js';

// Stored files are named by product flows, task flows, firmware, documents and the accessory catalogue: whichever
// of them lets go of a file asks here whether anything else still names it.

/**
 * Deletes those of the stored_file rows `fileIds` that no flow (of a product or a
 * task's snapshot), firmware or document names any more; answers their sha-256 (blobs to release after commit).
 */
export async function deleteUnreferencedFiles(db: Kysely<Database>, fileIds: readonly number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const named = new Set<number>();
  const flows = await db.selectFrom('product_flow').select('pdfFileId as fileId').where('pdfFileId', 'in', fileIds).execute();
  const firmware = await db.selectFrom('firmware').select('fileId').where('fileId', 'in', fileIds).execute();
  const documents = await db.selectFrom('document').select('fileId').where('fileId', 'in', fileIds).execute();
  const taskFlows = await db.selectFrom('task_flow').select('pdfFileId as fileId').where('pdfFileId', 'in', fileIds).execute();
  for (const row of [...flows, ...firmware, ...documents, ...taskFlows]) if (row.fileId !== null) named.add(row.fileId);
  // The accessory catalogue (issue 16): part and module images, a DTU's files and images.
  const parts = await db.selectFrom('fitting').select('imageFileId as fileId').where('imageFileId', 'in', fileIds).execute();
  const modules = await db
    .selectFrom('communication_module')
    .select('imageFileId as fileId')
    .where('imageFileId', 'in', fileIds)
    .execute();
  for (const row of [...parts, ...modules]) if (row.fileId !== null) named.add(row.fileId);
  for (const column of DTU_FILE_COLUMNS) {
    const dtus = await db.selectFrom('dtu').select(`${column} as fileId`).where(column, 'in', fileIds).execute();
    for (const row of dtus) if (row.fileId !== null) named.add(row.fileId);
  }
  const orphans = fileIds.filter((fileId) => !named.has(fileId));
  if (orphans.length === 0) return [];
  const files = await db.selectFrom('stored_file').select('sha256').where('id', 'in', orphans).execute();
  await db.deleteFrom('stored_file').where('id', 'in', orphans).execute();
  return [...new Set(files.map((file) => file.sha256))];
}
