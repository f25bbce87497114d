import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { ACCESSORY_LIMITS, ACCESSORY_MSG, IMAGE_TYPES, MAX_UPLOAD_BYTES, MSG } from '@factory/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { checkImage, type ImageRule } from './catalogue-files.js';
import { badRequest, HttpError } from './errors.js';
import { contentTypeFor, discardReceivedBlobs, type ReceivedBlob, receiveStream, releaseBlob } from './files.js';
import { holdsNul } from './input-guard.js';
import type { Database } from './schema.js';
import { requireUploadAllowance } from './upload-quota.js';
import { asUploadError, cleanFileName } from './upload-parts.js';

/*
 * A multipart form of text fields and named files in one body (the accessory
 * catalogue's part, module and module-DTU dialogs, DESIGN.md §9.6). The files go to
 * temp blobs as they arrive; nothing touches the database until the caller records
 * them in its transaction, and a refused form leaves no temp file behind.
 */

/** One named file of a form: at most one file per slot. */
export interface FileSlot {
  /** an image of the catalogue: png or jpg (by content) under 500 KB, refused with the screen's words */
  image?: ImageRule;
}

export interface MultipartFormSpec<S extends z.ZodType, F extends string> {
  /** the contract's schema of the text fields (and of the JSON part) */
  fields: S;
  files: Record<F, FileSlot>;
  /**
   * A part holding the fields as JSON, sent as a text field or as a file part (a
   * browser's Blob of application/json); its keys win over text fields of the same
   * name. `missing` answers a form without it.
   */
  json?: { part: string; missing: string };
}

export interface MultipartForm<S extends z.ZodType, F extends string> {
  fields: z.output<S>;
  /** the files received, by slot; a slot not sent is absent */
  files: Partial<Record<F, ReceivedBlob>>;
  /** every blob received, for the caller to discard if its write fails (withReceivedBlobs) */
  blobs: ReceivedBlob[];
}

/** More than any form's JSON needs; a larger JSON part is refused rather than buffered. */
const JSON_PART_MAX_BYTES = 64 * 1024;

/**
 * Reads a multipart form: text fields, the JSON part and the named files (temp
 * blobs, each slot one file: a second one is refused with 已有图片… / 已有文件…),
 * then validates the fields with the contract's schema (400, the first issue's
 * message). A body that is not multipart is refused (400), an account past its
 * upload quota too (429) before a byte is read; the plugin's limits (app.ts)
 * hold. On any failure every blob received so far is discarded.
 */
export async function readMultipartForm<S extends z.ZodType, F extends string>(
  request: FastifyRequest,
  db: Kysely<Database>,
  filesDir: string,
  spec: MultipartFormSpec<S, F>,
): Promise<MultipartForm<S, F>> {
  if (!request.isMultipart()) throw badRequest(MSG.invalidInput);
  const texts = new Map<string, unknown>();
  let json: unknown;
  const files: Partial<Record<F, ReceivedBlob>> = {};
  const blobs: ReceivedBlob[] = [];
  try {
    if (request.account) await requireUploadAllowance(db, request.account.id);
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new HttpError(413, MSG.payloadTooLarge);
        if (spec.json && part.fieldname === spec.json.part) json = part.value;
        else {
          // A field sent twice is a list, which no scalar field accepts: refused, not silently the last one.
          const before = texts.get(part.fieldname);
          texts.set(part.fieldname, before === undefined ? part.value : [...(Array.isArray(before) ? before : [before]), part.value]);
        }
        continue;
      }
      if (spec.json && part.fieldname === spec.json.part) {
        json = await readJsonPart(part.file);
        continue;
      }
      const slot = slotOf(spec.files, part.fieldname);
      // A form posted with an empty file input sends a nameless part: no file.
      if (!slot || !part.filename) {
        part.file.resume();
        continue;
      }
      if (files[slot.name]) throw badRequest(slot.rule.image ? ACCESSORY_MSG.imageOnlyOne : ACCESSORY_MSG.fileOnlyOne);
      const blob = await receiveSlot(filesDir, part, slot.rule);
      blobs.push(blob);
      const refusal = slot.rule.image ? checkImage(blob, slot.rule.image) : null;
      if (refusal) throw refusal;
      files[slot.name] = blob;
    }
    return { fields: validFields(spec, texts, json), files, blobs };
  } catch (error) {
    // The rest of the body may still be arriving: stop parsing it and let it drain,
    // so the client reads our answer instead of a reset connection.
    request.raw.unpipe();
    request.raw.resume();
    await discardReceivedBlobs(db, filesDir, blobs);
    throw asUploadError(error);
  }
}

/**
 * Runs the write that records a form's blobs (in its transaction); when it fails
 * the blobs are discarded, so a refusal after the form was read leaves nothing either.
 */
export async function withReceivedBlobs<T>(
  db: Kysely<Database>,
  filesDir: string,
  blobs: readonly ReceivedBlob[],
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await discardReceivedBlobs(db, filesDir, blobs);
    throw error;
  }
}

/** After the commit: the blobs of stored files that went, unless another row still names the same bytes. */
export async function releaseBlobs(db: Kysely<Database>, filesDir: string, sha256s: readonly string[]): Promise<void> {
  for (const sha256 of sha256s) await releaseBlob(db, filesDir, sha256);
}

function slotOf<F extends string>(slots: Record<F, FileSlot>, fieldname: string): { name: F; rule: FileSlot } | undefined {
  if (!Object.hasOwn(slots, fieldname)) return undefined;
  const name = fieldname as F;
  return { name, rule: slots[name] };
}

/** A file of a slot into a temp blob; an image is refused by its claimed type before a byte is read. */
async function receiveSlot(filesDir: string, part: MultipartFile, slot: FileSlot): Promise<ReceivedBlob> {
  const originName = cleanFileName(part.filename);
  if (!slot.image) {
    return receiveStream(filesDir, part.file, { originName, contentType: part.mimetype, maxBytes: MAX_UPLOAD_BYTES });
  }
  if (!(IMAGE_TYPES as readonly string[]).includes(contentTypeFor(originName, part.mimetype))) {
    throw badRequest(ACCESSORY_MSG.imageType);
  }
  try {
    return await receiveStream(filesDir, part.file, { originName, contentType: part.mimetype, maxBytes: ACCESSORY_LIMITS.imageMaxBytes });
  } catch (error) {
    // Past the limit, empty, or bytes that are not the png/jpg the name claims.
    if (error instanceof HttpError && error.statusCode === 413) throw new HttpError(413, slot.image.tooLarge);
    if (error instanceof HttpError && error.statusCode === 400) throw badRequest(ACCESSORY_MSG.imageType);
    throw error;
  }
}

async function readJsonPart(file: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > JSON_PART_MAX_BYTES) throw new HttpError(413, MSG.payloadTooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The fields (text fields under the JSON part's keys) checked with the contract's schema. */
function validFields<S extends z.ZodType, F extends string>(
  spec: MultipartFormSpec<S, F>,
  texts: Map<string, unknown>,
  json: unknown,
): z.output<S> {
  let raw: Record<string, unknown> = Object.fromEntries(texts);
  if (spec.json) {
    const given = typeof json === 'string' ? json.trim() : json;
    if (given === undefined || given === '') throw badRequest(spec.json.missing);
    const parsed = typeof given === 'string' ? parseJson(given) : given;
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(MSG.invalidInput);
    raw = { ...raw, ...(parsed as Record<string, unknown>) };
  }
  // The route's validator never sees a multipart body, and with it the API's NUL rule.
  if (holdsNul(raw)) throw badRequest(MSG.nulCharacter);
  const result = spec.fields.safeParse(raw);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? MSG.invalidInput);
  return result.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(MSG.invalidInput);
  }
}
