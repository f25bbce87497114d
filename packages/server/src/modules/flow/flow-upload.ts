import { finished, PassThrough, type Readable } from 'node:stream';
import { FLOW_LIMITS, flowParams, MSG } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { badRequest, HttpError } from '../../platform/errors.js';
import { discardReceivedBlobs, type ReceivedBlob, receiveStream } from '../../platform/files.js';
import { holdsNul } from '../../platform/input-guard.js';
import type { Database } from '../../platform/schema.js';
import { requireUploadAllowance } from '../../platform/upload-quota.js';
import { asUploadError, cleanFileName } from '../../platform/upload-parts.js';

/** The part carrying the flow as JSON (a text field, or a file part holding JSON as some clients send it). */
const PARAMS_PART = 'productFlowParams';
const PDF_PART = 'pdf';
/** More than any flow's JSON needs; a larger part is refused rather than buffered. */
const PARAMS_MAX_BYTES = 1024 * 1024;

export type FlowInput = z.output<typeof flowParams>;

export interface FlowSubmission {
  input: FlowInput;
  /** the work-instruction PDF, in its temp file, not yet recorded */
  pdf: ReceivedBlob | null;
}

/**
 * Reads POST /api/flow/add and /api/flow/edit: multipart with the part
 * `productFlowParams` (JSON) and an optional part `pdf`, or, for callers without
 * a PDF, a JSON body (the flow itself, or `{ productFlowParams }`). The PDF is
 * streamed to disk (at most 8 MB, a real PDF) before any database work; the flow
 * is validated with the shared schema, so the form and the server refuse with the
 * same first message. On any refusal the PDF is discarded again.
 */
export async function readFlowSubmission(
  request: FastifyRequest,
  db: Kysely<Database>,
  filesDir: string,
): Promise<FlowSubmission> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const wrapped = body[PARAMS_PART];
    return { input: validFlow(typeof wrapped === 'string' ? parseJson(wrapped) : (wrapped ?? body)), pdf: null };
  }
  const received = await readParts(request, db, filesDir);
  try {
    return { input: validFlow(received.params === undefined ? {} : parseJson(received.params)), pdf: received.pdf };
  } catch (error) {
    // Unreadable JSON or a flow that fails its checks, after the PDF arrived.
    if (received.pdf) await discardReceivedBlobs(db, filesDir, [received.pdf]);
    throw error;
  }
}

/** The flow checked with the shared schema: the form's first failing message. */
function validFlow(raw: unknown): FlowInput {
  // The JSON part bypasses the route's validator, and with it the API's NUL rule.
  if (holdsNul(raw)) throw badRequest(MSG.nulCharacter);
  const parsed = flowParams.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.invalidInput);
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(MSG.invalidInput);
  }
}

async function readParts(
  request: FastifyRequest,
  db: Kysely<Database>,
  filesDir: string,
): Promise<{ params: string | undefined; pdf: ReceivedBlob | null }> {
  let params: string | undefined;
  const received: ReceivedBlob[] = [];
  try {
    if (request.account) await requireUploadAllowance(db, request.account.id);
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === PARAMS_PART) params = String(part.value);
        continue;
      }
      if (part.fieldname === PARAMS_PART) {
        const buffer = await part.toBuffer();
        if (buffer.length > PARAMS_MAX_BYTES) throw new HttpError(413, MSG.payloadTooLarge);
        params = buffer.toString('utf8');
        continue;
      }
      // A form posted with an empty file input sends a nameless, empty part: no PDF.
      if (part.fieldname !== PDF_PART || !part.filename) {
        part.file.resume();
        continue;
      }
      if (received.length > 0) throw badRequest(MSG.flowPdfOnlyOne);
      const originName = cleanFileName(part.filename);
      if (!originName.toLowerCase().endsWith('.pdf')) throw badRequest(MSG.flowPdfType);
      received.push(await receivePdf(filesDir, part.file, originName, part.mimetype));
    }
  } catch (error) {
    // The rest of the body is still arriving: stop parsing it and let it drain, so
    // the client reads our answer instead of a reset connection.
    request.raw.unpipe();
    request.raw.resume();
    await discardReceivedBlobs(db, filesDir, received);
    throw asUploadError(error, MSG.flowPdfTooLarge);
  }
  return { params, pdf: received[0] ?? null };
}

/** The PDF into a temp file; the store refuses one whose bytes are not a PDF (an .exe renamed .pdf). */
async function receivePdf(filesDir: string, input: Readable, originName: string, contentType: string): Promise<ReceivedBlob> {
  try {
    const limited = truncatedAt(input, FLOW_LIMITS.pdfMaxBytes);
    return await receiveStream(filesDir, limited, { originName, contentType, maxBytes: FLOW_LIMITS.pdfMaxBytes });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 413) throw new HttpError(413, MSG.flowPdfTooLarge);
    if (error instanceof HttpError && error.message === MSG.fileContentMismatch) throw badRequest(MSG.flowPdfType);
    throw error;
  }
}

/**
 * The part's bytes up to `maxBytes`; past that the stream ends early flagged
 * `truncated` (receiveStream then refuses it with 413) while the rest of the part
 * drains unread. Ending rather than failing lets the temp file be written and
 * closed before receiveStream removes it: a failure in the very first chunk would
 * destroy the file stream while it is still opening, and the temp file would
 * appear after its removal.
 */
function truncatedAt(source: Readable, maxBytes: number): Readable & { truncated: boolean } {
  const limited = Object.assign(new PassThrough(), { truncated: false });
  let size = 0;
  source.on('data', (chunk: Buffer) => {
    if (limited.truncated) return;
    size += chunk.length;
    if (size > maxBytes) {
      limited.truncated = true;
      limited.end();
      source.resume();
      return;
    }
    if (!limited.write(chunk)) {
      source.pause();
      limited.once('drain', () => source.resume());
    }
  });
  source.on('end', () => {
    if (!limited.truncated) limited.end();
  });
  // finished() also reports a part that failed before these listeners were attached: a
  // body cut off inside the part is parsed at once, and the multipart plugin destroys
  // the part while the iterator is still handing it over. Listening for 'error' alone,
  // the upload waited forever for the rest of a file that would never come.
  finished(source, (error) => {
    if (error && !limited.truncated && !limited.destroyed) limited.destroy(error);
  });
  return limited;
}
