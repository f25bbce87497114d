import { MAX_UPLOAD_BYTES, MSG } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { badRequest, HttpError } from './errors.js';
import { discardReceivedBlobs, type ReceivedBlob, receiveStream } from './files.js';
import type { Database } from './schema.js';
import { requireUploadAllowance } from './upload-quota.js';

const MAX_NAME_LENGTH = 255;

/**
 * The name a file is kept under: the part's own name (busboy already dropped any
 * directory and decoded UTF-8, so Chinese names arrive intact), without control
 * characters, cut to the column's 255 characters keeping the extension.
 */
export function cleanFileName(filename: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const name = (filename ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim() || '未命名文件';
  if (name.length <= MAX_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/**
 * Receives the file parts named `field` of a multipart request into temp files (at
 * most `max`; other parts are read and dropped), each refused past 20 MB or when
 * its content is not what its name says. An account past its hourly quota is
 * refused (429) before a byte is read. Nothing is written to the database here; on
 * any failure the files received so far are discarded, so a refused request leaves
 * nothing behind and never touches a blob another upload shares.
 */
export async function receiveFileParts(
  request: FastifyRequest,
  db: Kysely<Database>,
  filesDir: string,
  options: { field: string; max: number },
): Promise<ReceivedBlob[]> {
  if (!request.isMultipart()) throw badRequest(MSG.fileRequired);
  const received: ReceivedBlob[] = [];
  try {
    if (request.account) await requireUploadAllowance(db, request.account.id);
    for await (const part of request.files()) {
      if (part.fieldname !== options.field || received.length >= options.max) {
        part.file.resume();
        continue;
      }
      received.push(
        await receiveStream(filesDir, part.file, {
          originName: cleanFileName(part.filename),
          contentType: part.mimetype,
          maxBytes: MAX_UPLOAD_BYTES,
        }),
      );
    }
  } catch (error) {
    // The rest of the body is still arriving: stop parsing it and let it drain, so
    // the client reads our answer instead of a reset connection.
    request.raw.unpipe();
    request.raw.resume();
    await discardReceivedBlobs(db, filesDir, received);
    throw asUploadError(error);
  }
  if (received.length === 0) throw badRequest(MSG.fileRequired);
  return received;
}

/**
 * The multipart plugin's own refusals, in our words (the envelope with a Chinese message);
 * `tooLarge` names the file past its limit (a flow's PDF has a message of its own).
 */
export function asUploadError(error: unknown, tooLarge: string = MSG.fileTooLarge): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, MSG.payloadTooLarge);
  }
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest(MSG.invalidInput);
  // busboy's complaints about a malformed body are plain Errors without a code;
  // disk errors carry a syscall and programming errors a subclass: those stay 500.
  const plain = error instanceof Error && error.constructor === Error && !('syscall' in error);
  return plain ? badRequest(MSG.invalidInput) : error;
}
