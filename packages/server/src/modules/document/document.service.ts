import type { DocumentItem, DocumentType } from '@factory/contracts';
import type { SessionAccount } from '../../platform/auth.js';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { discardReceivedBlobs, fileUrl, type ReceivedBlob, recordStoredFile, releaseBlob } from '../../platform/files.js';
import { formatTime } from '../../platform/time.js';
import { deleteDocument, type DocumentRow, findDocument, insertDocument } from './document.repository.js';

/*
 * Documents are the tenant's shared library: every user holding a viewer menu sees
 * every document of that type, whoever uploaded it. The platform runs one tenant in
 * practice (the administrator and the sub-users below it), so documents carry no
 * owner column and no subtree filter; the menu and its add/delete buttons are the
 * only gate.
 */

export function toDocumentItem(row: DocumentRow, timeZone: string): DocumentItem {
  return {
    id: row.id,
    type: row.type as DocumentType,
    originName: row.originName,
    downloadUrl: fileUrl(row.fileKey),
    contentType: row.contentType,
    size: Number(row.size),
    createTime: formatTime(Number(row.createTime), timeZone),
    uploaderName: row.uploaderName,
  };
}

/** Records a received blob as a document: the stored_file and document rows in one transaction. */
export async function saveDocument(
  db: Db,
  config: AppConfig,
  account: SessionAccount,
  type: DocumentType,
  blob: ReceivedBlob,
): Promise<DocumentItem> {
  let id: number;
  try {
    id = await db.kysely.transaction().execute(async (trx) => {
      const stored = await recordStoredFile(trx, blob, account.id);
      return insertDocument(trx, {
        type,
        fileId: stored.id,
        originName: blob.originName,
        uploaderId: account.id,
        createTime: Date.now(),
      });
    });
  } catch (error) {
    await discardReceivedBlobs(db.kysely, config.filesDir, [blob]);
    throw error;
  }
  const row = await findDocument(db.kysely, id);
  if (!row) throw notFound();
  return toDocumentItem(row, config.timeZone);
}

/**
 * Deletes a document, its stored_file row and, when no other upload has the same
 * content, the blob on disk (after the commit, so a rollback never loses bytes).
 */
export async function removeDocument(db: Db, config: AppConfig, document: DocumentRow): Promise<void> {
  await db.kysely.transaction().execute((trx) => deleteDocument(trx, document));
  await releaseBlob(db.kysely, config.filesDir, document.sha256);
}
