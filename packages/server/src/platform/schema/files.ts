import type { Generated } from 'kysely';

/* Stored files, their blobs and upload quotas, and documents. */

export interface StoredFileTable {
  id: Generated<number>;
  fileKey: string;
  sha256: string;
  size: number;
  contentType: string;
  originName: string;
  uploaderId: number | null;
  createTime: number;
}

/** A blob on disk under FILES_DIR; its row is the lock for putting it in place and removing it (migration 008). */
export interface FileBlobTable {
  sha256: string;
  createTime: number;
}

/** Bytes an account stored in one clock hour (migration 008). */
export interface UploadUsageTable {
  accountId: number;
  /** epoch ms of the hour's start */
  windowStart: number;
  bytes: number;
}

export interface DocumentTable {
  id: Generated<number>;
  /** USER_DOC, TECH_DOC or SERVER_DOC */
  type: string;
  fileId: number;
  originName: string;
  uploaderId: number | null;
  createTime: number;
}
