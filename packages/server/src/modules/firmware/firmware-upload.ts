import { FIRMWARE_MAX_BYTES, MSG } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { badRequest, HttpError } from '../../platform/errors.js';
import { discardReceivedBlobs, type ReceivedBlob, receiveStream } from '../../platform/files.js';
import type { Database } from '../../platform/schema.js';
import { cleanFileName } from '../../platform/upload-parts.js';

/** The multipart field that carries the firmware file (seed 001 §7). */
export const FIRMWARE_FIELD = 'data';

/**
 * Receives the firmware file of a multipart request onto disk, refused past
 * FIRMWARE_MAX_BYTES (413) and when a second `data` part follows (400); other
 * parts are read and dropped. Answers null when the request carries no file (not
 * multipart, or no `data` part). Nothing is written to the database here; on any
 * failure the blob received so far is released, so a refused request leaves
 * nothing behind.
 */
export async function receiveFirmwareFile(
  request: FastifyRequest,
  db: Kysely<Database>,
  filesDir: string,
): Promise<ReceivedBlob | null> {
  if (!request.isMultipart()) return null;
  let received: ReceivedBlob | null = null;
  try {
    for await (const part of request.files({ limits: { fileSize: FIRMWARE_MAX_BYTES } })) {
      if (part.fieldname !== FIRMWARE_FIELD) {
        part.file.resume();
        continue;
      }
      if (received) throw badRequest(MSG.firmwareFileOnlyOne);
      received = await receiveStream(filesDir, part.file, {
        originName: cleanFileName(part.filename),
        contentType: part.mimetype,
        maxBytes: FIRMWARE_MAX_BYTES,
      });
    }
  } catch (error) {
    // The rest of the body is still arriving: stop parsing it and let it drain, so
    // the client reads our answer instead of a reset connection.
    request.raw.unpipe();
    request.raw.resume();
    if (received) await discardReceivedBlobs(db, filesDir, [received]);
    throw asFirmwareUploadError(error);
  }
  return received;
}

/**
 * Refuses a request before its file is read (unknown product, a state that forbids
 * the change): the body is left to drain so the client reads the answer.
 */
export function drainBody(request: FastifyRequest): void {
  if (request.isMultipart()) request.raw.resume();
}

/** The storage's and the multipart plugin's refusals, in the firmware form's words. */
function asFirmwareUploadError(error: unknown): unknown {
  if (error instanceof HttpError) {
    if (error.statusCode === 413) return new HttpError(413, MSG.firmwareFileTooLarge);
    if (error.message === MSG.fileRequired) return badRequest(MSG.firmwareFileRequired);
    return error;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, MSG.firmwareFileTooLarge);
  }
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest(MSG.invalidInput);
  // busboy's complaints about a malformed body are plain Errors without a code;
  // disk errors carry a syscall and programming errors a subclass: those stay 500.
  const plain = error instanceof Error && error.constructor === Error && !('syscall' in error);
  return plain ? badRequest(MSG.invalidInput) : error;
}
