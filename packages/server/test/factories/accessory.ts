import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { blobPath } from '../../src/platform/files.js';
import type { Database } from '../../src/platform/schema.js';
import { adminIdOf } from './accounts.js';
import { pngBytes } from './files.js';
import { unique } from './unique.js';

/*
 * The accessory catalogue's rows written straight to the tables (issue 16): parts,
 * communication modules and DTUs of either screen, with stored files where a
 * test needs them. What the API's rules would refuse is the test's business.
 */

export interface StoredFileOptions {
  content?: Buffer;
  originName?: string;
  contentType?: string;
  uploaderId?: number | null;
  /** also put the bytes on disk under FILES_DIR (a test that serves or releases the file) */
  filesDir?: string;
}

/** A stored_file row (and its blob on disk when `filesDir` is given): a png unless told. */
export async function createStoredFile(
  db: Kysely<Database>,
  options: StoredFileOptions = {},
): Promise<{ id: number; fileKey: string; sha256: string }> {
  const content = options.content ?? pngBytes(unique('stored image '));
  const sha256 = createHash('sha256').update(content).digest('hex');
  if (options.filesDir) {
    const file = blobPath(options.filesDir, sha256);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  const now = Date.now();
  await db.insertInto('file_blob').values({ sha256, createTime: now }).onConflict((oc) => oc.column('sha256').doNothing()).execute();
  const fileKey = randomBytes(16).toString('base64url');
  const row = await db
    .insertInto('stored_file')
    .values({
      fileKey,
      sha256,
      size: content.length,
      contentType: options.contentType ?? 'image/png',
      originName: options.originName ?? 'image.png',
      uploaderId: options.uploaderId ?? null,
      createTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, fileKey, sha256 };
}

export interface FittingOptions {
  ownerId?: number;
  fittingType?: number;
  partDesc?: string;
  /** the image's stored_file; a new png row unless told (null: none) */
  imageFileId?: number | null;
  status?: number;
  createTime?: number;
}

/** A part (配件) of the admin's tenant, listed, of type DTU, with an image, unless told. */
export async function createFitting(db: Kysely<Database>, options: FittingOptions = {}): Promise<number> {
  const imageFileId = options.imageFileId === undefined ? (await createStoredFile(db)).id : options.imageFileId;
  const row = await db
    .insertInto('fitting')
    .values({
      ownerId: options.ownerId ?? (await adminIdOf(db)),
      fittingType: options.fittingType ?? 1,
      partDesc: options.partDesc ?? unique('配件'),
      imageFileId,
      status: options.status ?? 1,
      createTime: options.createTime ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface CommunicationModuleOptions {
  ownerId?: number;
  modelType?: string;
  communicationType?: string;
  standardVoltage?: string;
  productCompany?: string;
  /** the image's stored_file, or none (null, the default) */
  imageFileId?: number | null;
  status?: number;
  createTime?: number;
}

/** A communication module (通信模块) of the admin's tenant, listed, 4G three-in-one, without an image, unless told. */
export async function createCommunicationModule(db: Kysely<Database>, options: CommunicationModuleOptions = {}): Promise<number> {
  const row = await db
    .insertInto('communication_module')
    .values({
      ownerId: options.ownerId ?? (await adminIdOf(db)),
      modelType: options.modelType ?? unique('MOD_').slice(0, 18),
      communicationType: options.communicationType ?? 'THREE_2_ONE',
      standardVoltage: options.standardVoltage ?? '5.0',
      productCompany: options.productCompany ?? '海容通信科技',
      imageFileId: options.imageFileId ?? null,
      status: options.status ?? 1,
      createTime: options.createTime ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface DtuOptions {
  ownerId?: number;
  dtuType?: string;
  modelType?: string;
  productCompany?: string;
  standardVoltage?: string;
  bandRate?: number | null;
  connectInternet?: boolean;
  communicationType?: string | null;
  communicationTypeDesc?: string;
  bomListFileId?: number | null;
  productFileId?: number | null;
  otherRequestFileId?: number | null;
  frontImageFileId?: number | null;
  backImageFileId?: number | null;
  status?: number;
  createTime?: number;
}

async function insertDtu(
  db: Kysely<Database>,
  owner: { fittingId: number | null; communicationPartId: number | null },
  options: DtuOptions,
): Promise<number> {
  const row = await db
    .insertInto('dtu')
    .values({
      ownerId: options.ownerId ?? (await adminIdOf(db)),
      ...owner,
      dtuType: options.dtuType ?? unique('DTU'),
      modelType: options.modelType ?? 'EC200U_CN',
      productCompany: options.productCompany ?? '移远通信',
      standardVoltage: options.standardVoltage ?? '12',
      bandRate: options.bandRate === undefined ? 9600 : options.bandRate,
      connectInternet: options.connectInternet === false ? 0 : 1,
      communicationType: options.communicationType === undefined ? 'THREE_2_ONE' : options.communicationType,
      communicationTypeDesc: options.communicationTypeDesc ?? '',
      bomListFileId: options.bomListFileId ?? null,
      productFileId: options.productFileId ?? null,
      otherRequestFileId: options.otherRequestFileId ?? null,
      frontImageFileId: options.frontImageFileId ?? null,
      backImageFileId: options.backImageFileId ?? null,
      status: options.status ?? 1,
      createTime: options.createTime ?? Date.now(),
      archiveTime: options.status === -1 ? Date.now() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A DTU model of a part (the parts screen), enabled, networked over THREE_2_ONE, unless told. */
export function createPartDtu(db: Kysely<Database>, fittingId: number, options: DtuOptions = {}): Promise<number> {
  return insertDtu(db, { fittingId, communicationPartId: null }, options);
}

/**
 * A DTU model of a communication module, enabled, taking the module's model,
 * method, voltage and company as the API does (bandRate null), unless told.
 */
export async function createModuleDtu(db: Kysely<Database>, moduleId: number, options: DtuOptions = {}): Promise<number> {
  const module = await db.selectFrom('communication_module').selectAll().where('id', '=', moduleId).executeTakeFirstOrThrow();
  return insertDtu(
    db,
    { fittingId: null, communicationPartId: moduleId },
    {
      ownerId: module.ownerId,
      modelType: module.modelType,
      productCompany: module.productCompany,
      standardVoltage: module.standardVoltage,
      communicationType: module.communicationType,
      bandRate: null,
      ...options,
    },
  );
}
