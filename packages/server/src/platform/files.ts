import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { MSG } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { HttpError } from './errors.js';
import type { Database } from './schema.js';

/**
 * Uploaded files live on disk under FILES_DIR, named by their sha-256 (two-level
 * fan-out), so the same bytes are stored once; each upload gets its own row and a
 * random key, which is the file's public address (/api/file/<key>) and can not be
 * guessed from another file's.
 */
export interface StoredFile {
  id: number;
  fileKey: string;
  sha256: string;
  size: number;
  contentType: string;
  originName: string;
}

export function blobPath(filesDir: string, sha256: string): string {
  return path.join(filesDir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** Content types served inline (PDF in the viewer's frame, images, plain text). */
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|gif|webp|svg\+xml|bmp)|text\/plain)/;
export function isInline(contentType: string): boolean {
  return INLINE_TYPES.test(contentType);
}

const EXTENSION_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.bmp': 'image/bmp',
  '.txt': 'text/plain; charset=utf-8',
  '.log': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.hex': 'application/octet-stream',
  '.zip': 'application/zip',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
};

/** Browsers send vague types (application/octet-stream); the extension decides when it knows better. */
export function contentTypeFor(originName: string, sent: string | undefined): string {
  const byExtension = EXTENSION_TYPES[path.extname(originName).toLowerCase()];
  if (byExtension) return byExtension;
  return sent && sent !== 'application/octet-stream' ? sent : 'application/octet-stream';
}

/** An upload hashed and in place on disk under its sha-256, not yet recorded in the database. */
export interface ReceivedBlob {
  sha256: string;
  size: number;
  contentType: string;
  originName: string;
}

/**
 * Streams an upload to disk while hashing it, refusing it past `maxBytes` (413).
 * The temp file is renamed into place only when complete, so a failed upload
 * leaves nothing behind. No database work happens here: a client may take
 * minutes to send 20 MB, and a transaction held open that long would stall
 * SQLite's single connection (and pin a PostgreSQL pool connection).
 */
export async function receiveStream(
  filesDir: string,
  input: Readable & { truncated?: boolean },
  meta: { originName: string; contentType: string | undefined; maxBytes: number },
): Promise<ReceivedBlob> {
  fs.mkdirSync(path.join(filesDir, 'tmp'), { recursive: true });
  const tempFile = path.join(filesDir, 'tmp', randomBytes(12).toString('hex'));
  const hash = createHash('sha256');
  let size = 0;
  const sink = fs.createWriteStream(tempFile);
  try {
    await pipeline(
      input,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > meta.maxBytes) throw new HttpError(413, MSG.fileTooLarge);
          hash.update(chunk);
          yield chunk;
        }
      },
      sink,
    );
    if (input.truncated) throw new HttpError(413, MSG.fileTooLarge);
    if (size === 0) throw new HttpError(400, MSG.fileRequired);
    const sha256 = hash.digest('hex');
    const target = blobPath(filesDir, sha256);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(tempFile, target);
    return { sha256, size, contentType: contentTypeFor(meta.originName, meta.contentType), originName: meta.originName };
  } finally {
    // A sink destroyed while still opening creates its file afterwards: wait for it
    // to close, or the temp file would outlive this cleanup.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    fs.rmSync(tempFile, { force: true });
  }
}

/** Records a received blob as a stored file with its own random key (pass the caller's transaction). */
export async function recordStoredFile(db: Kysely<Database>, blob: ReceivedBlob, uploaderId: number | null): Promise<StoredFile> {
  const fileKey = randomBytes(16).toString('base64url');
  const row = await db
    .insertInto('stored_file')
    .values({
      fileKey,
      sha256: blob.sha256,
      size: blob.size,
      contentType: blob.contentType,
      originName: blob.originName,
      uploaderId,
      createTime: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, fileKey, ...blob };
}

/** receiveStream then recordStoredFile, for callers that need no transaction around the row. */
export async function storeStream(
  db: Kysely<Database>,
  filesDir: string,
  input: Readable & { truncated?: boolean },
  meta: { originName: string; contentType: string | undefined; uploaderId: number | null; maxBytes: number },
): Promise<StoredFile> {
  const blob = await receiveStream(filesDir, input, meta);
  try {
    return await recordStoredFile(db, blob, meta.uploaderId);
  } catch (error) {
    await releaseBlob(db, filesDir, blob.sha256);
    throw error;
  }
}

/**
 * Deletes the blob of `sha256` from disk unless a stored_file row still names it
 * (identical uploads share one blob). Call it after the rows are gone (committed).
 */
export async function releaseBlob(db: Kysely<Database>, filesDir: string, sha256: string): Promise<boolean> {
  const other = await db.selectFrom('stored_file').select('id').where('sha256', '=', sha256).limit(1).executeTakeFirst();
  if (other) return false;
  fs.rmSync(blobPath(filesDir, sha256), { force: true });
  return true;
}

export function fileUrl(fileKey: string): string {
  return `/api/file/${fileKey}`;
}

/** RFC 6266 header that keeps Chinese file names intact in every browser. */
export function contentDisposition(kind: 'inline' | 'attachment', originName: string): string {
  const fallback = originName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(originName)}`;
}
