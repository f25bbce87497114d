import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { MSG } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { HttpError } from './errors.js';
import type { Database } from './schema.js';
import { chargeUpload } from './upload-quota.js';

/**
 * Uploaded files live on disk under FILES_DIR, named by their sha-256 (two-level
 * fan-out), so the same bytes are stored once; each upload gets its own row and a
 * random key, which is the file's public address (/api/file/<key>) and can not be
 * guessed from another file's.
 *
 * Because a blob is shared, putting one in place and removing one are done only
 * while holding its `file_blob` row, in a transaction: an upload moves its bytes
 * into place and inserts its stored_file row under the lock, and a removal checks
 * under the same lock that no committed row names the blob. A removal therefore
 * either runs before the upload's rename (which then brings the bytes back) or
 * after its commit (and sees its row). Until its row is being recorded an upload
 * keeps its bytes in a temp file of its own, so a refused request only ever
 * deletes that (issue 12, finding 3).
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

/**
 * The first bytes of each type served inline that has a signature. A name or a
 * sent type says what a file claims to be; these say what it is, so an .exe
 * renamed .pdf is not served inline as a PDF (issue 12, finding 12). Plain text
 * has no signature, and an SVG is served under a sandbox policy (file.routes.ts).
 */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'application/pdf': (head) => head.toString('latin1', 0, 5) === '%PDF-',
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/gif': (head) => /^GIF8[79]a$/.test(head.toString('latin1', 0, 6)),
  'image/webp': (head) => head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP',
  'image/bmp': (head) => head.toString('latin1', 0, 2) === 'BM',
};
/** As many leading bytes as the longest signature reads. */
const HEAD_BYTES = 12;

/** Whether content beginning with `head` may be labelled `contentType` (true for types without a signature). */
export function contentMatchesType(contentType: string, head: Buffer): boolean {
  const matches = SIGNATURES[contentType.split(';')[0]!.trim()];
  return !matches || matches(head);
}

/** Browsers send vague types (application/octet-stream); the extension decides when it knows better. */
export function contentTypeFor(originName: string, sent: string | undefined): string {
  const byExtension = EXTENSION_TYPES[path.extname(originName).toLowerCase()];
  if (byExtension) return byExtension;
  return sent && sent !== 'application/octet-stream' ? sent : 'application/octet-stream';
}

/** An upload hashed and complete in a temp file of its own, not yet recorded (recordStoredFiles puts it in place). */
export interface ReceivedBlob {
  sha256: string;
  size: number;
  contentType: string;
  originName: string;
  /** FILES_DIR/tmp/<random>: the bytes until they are recorded, or discarded with discardReceivedBlobs */
  tempFile: string;
  /** blobPath(FILES_DIR, sha256): where recording puts them */
  blobFile: string;
}

/**
 * Streams an upload into a temp file while hashing it, refusing it past
 * `maxBytes` (413), empty (400) or when its content is not what its name says
 * (400 文件内容与文件类型不符). No database work happens here: a client may take
 * minutes to send 20 MB, and a transaction held open that long would stall
 * SQLite's single connection (and pin a PostgreSQL pool connection). The temp
 * file is the caller's until recordStoredFiles or discardReceivedBlobs.
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
  let head = Buffer.alloc(0);
  const sink = fs.createWriteStream(tempFile);
  let received = false;
  try {
    await pipeline(
      input,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > meta.maxBytes) throw new HttpError(413, MSG.fileTooLarge);
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          hash.update(chunk);
          yield chunk;
        }
      },
      sink,
    );
    if (input.truncated) throw new HttpError(413, MSG.fileTooLarge);
    if (size === 0) throw new HttpError(400, MSG.fileRequired);
    const contentType = contentTypeFor(meta.originName, meta.contentType);
    if (!contentMatchesType(contentType, head)) throw new HttpError(400, MSG.fileContentMismatch);
    const sha256 = hash.digest('hex');
    received = true;
    return { sha256, size, contentType, originName: meta.originName, tempFile, blobFile: blobPath(filesDir, sha256) };
  } finally {
    if (!received) {
      // A sink destroyed while still opening creates its file afterwards: wait for it
      // to close, or the temp file would outlive this cleanup.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      fs.rmSync(tempFile, { force: true });
    }
  }
}

/**
 * Takes the lock of a blob until the transaction ends: an upsert, which both
 * dialects serialise (PostgreSQL on the row, even a row another transaction is
 * still inserting; SQLite on its single writer). The update changes nothing; it
 * is there to take the row.
 */
async function lockBlob(trx: Kysely<Database>, sha256: string, now: number): Promise<void> {
  await trx
    .insertInto('file_blob')
    .values({ sha256, createTime: now })
    .onConflict((oc) => oc.column('sha256').doUpdateSet((eb) => ({ sha256: eb.ref('excluded.sha256') })))
    .execute();
}

/**
 * Records received blobs as stored files, each with its own random key, in the
 * caller's transaction: charges the uploader's hourly quota (429 past it), then
 * under each blob's lock moves the bytes into place and inserts the row. Should
 * the transaction roll back, hand the blobs to discardReceivedBlobs.
 */
export async function recordStoredFiles(
  trx: Kysely<Database>,
  blobs: readonly ReceivedBlob[],
  uploaderId: number | null,
): Promise<StoredFile[]> {
  // Without a transaction the lock would end before the row is committed.
  if (!trx.isTransaction) throw new Error('recordStoredFiles needs the caller’s transaction');
  const now = Date.now();
  // The quota row first and the blobs in hash order: two requests of one account
  // carrying the same files take their locks in one order and never deadlock.
  if (uploaderId !== null) await chargeUpload(trx, uploaderId, blobs.reduce((sum, blob) => sum + blob.size, 0), now);
  for (const sha256 of [...new Set(blobs.map((blob) => blob.sha256))].sort()) await lockBlob(trx, sha256, now);
  const stored: StoredFile[] = [];
  for (const blob of blobs) {
    // Moved over a blob already there: the same bytes, replaced atomically, and a
    // reader streaming the old file keeps reading it.
    fs.mkdirSync(path.dirname(blob.blobFile), { recursive: true });
    if (fs.existsSync(blob.tempFile)) fs.renameSync(blob.tempFile, blob.blobFile);
    // Recorded again (a retried transaction): the first recording moved the bytes.
    else if (!fs.existsSync(blob.blobFile)) throw new Error(`received file ${blob.sha256} is gone`);
    const fileKey = randomBytes(16).toString('base64url');
    const row = await trx
      .insertInto('stored_file')
      .values({
        fileKey,
        sha256: blob.sha256,
        size: blob.size,
        contentType: blob.contentType,
        originName: blob.originName,
        uploaderId,
        createTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stored.push({ id: row.id, fileKey, sha256: blob.sha256, size: blob.size, contentType: blob.contentType, originName: blob.originName });
  }
  return stored;
}

/** recordStoredFiles for one blob. */
export async function recordStoredFile(trx: Kysely<Database>, blob: ReceivedBlob, uploaderId: number | null): Promise<StoredFile> {
  const [stored] = await recordStoredFiles(trx, [blob], uploaderId);
  return stored!;
}

/**
 * Deletes the blob of `sha256` from disk unless a stored_file row names it
 * (identical uploads share one blob). Call it after the rows that went are
 * committed, outside any transaction; under the blob's lock it sees every row
 * committed before it and waits for an upload that is putting the blob in place.
 */
export async function releaseBlob(db: Kysely<Database>, filesDir: string, sha256: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockBlob(trx, sha256, Date.now());
    const named = await trx.selectFrom('stored_file').select('id').where('sha256', '=', sha256).limit(1).executeTakeFirst();
    if (named) return false;
    // Still under the lock: removed after the commit, the file could take an upload's bytes with it.
    fs.rmSync(blobPath(filesDir, sha256), { force: true });
    await trx.deleteFrom('file_blob').where('sha256', '=', sha256).execute();
    return true;
  });
}

/**
 * Lets go of blobs a refused or failed request received: deletes their temp files,
 * and for those already moved into place by a transaction that then rolled back,
 * releases the blob (which stays while any committed row names it).
 */
export async function discardReceivedBlobs(db: Kysely<Database>, filesDir: string, blobs: readonly ReceivedBlob[]): Promise<void> {
  const placed = new Set<string>();
  for (const blob of blobs) {
    if (fs.existsSync(blob.tempFile)) fs.rmSync(blob.tempFile, { force: true });
    else placed.add(blob.sha256);
  }
  for (const sha256 of placed) await releaseBlob(db, filesDir, sha256);
}

export function fileUrl(fileKey: string): string {
  return `/api/file/${fileKey}`;
}

/** RFC 6266 header that keeps Chinese file names intact in every browser. */
export function contentDisposition(kind: 'inline' | 'attachment', originName: string): string {
  const fallback = originName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(originName)}`;
}
