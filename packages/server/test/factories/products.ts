import { type Envelope, PATHS, type PublishStatus } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/schema.js';
import { bearer } from '../session-helpers.js';
import { adminIdOf } from './accounts.js';
import { multipartBody } from './files.js';
import { unique, uniqueCode } from './unique.js';

export interface ProductOptions {
  number?: string;
  code?: string;
  productTypeId?: number;
  connectInternet?: boolean;
  communicationId?: string;
  dataFormatId?: number;
  description?: string;
  publishStatus?: PublishStatus;
  ownerId?: number;
  createTime?: number;
  publishTime?: number | null;
}

/** A product written straight to the table (the admin's tenant, unpublished, first type and format unless told). */
export async function createProduct(db: Kysely<Database>, options: ProductOptions = {}): Promise<number> {
  const type = await db.selectFrom('product_type').select('id').orderBy('sequence').executeTakeFirstOrThrow();
  const format = await db.selectFrom('data_format').select('id').orderBy('sequence').executeTakeFirstOrThrow();
  const connectInternet = options.connectInternet ?? Boolean(options.communicationId && options.communicationId !== 'noInternet');
  const row = await db
    .insertInto('product')
    .values({
      productTypeId: options.productTypeId ?? type.id,
      number: options.number ?? uniqueCode('M'),
      code: options.code ?? uniqueCode('C'),
      connectInternet: connectInternet ? 1 : 0,
      communicationId: options.communicationId ?? 'noInternet',
      dataFormatId: options.dataFormatId ?? format.id,
      description: options.description ?? '测试产品',
      publishStatus: options.publishStatus ?? 'UNPUBLISH',
      ownerId: options.ownerId ?? (await adminIdOf(db)),
      createTime: options.createTime ?? Date.now(),
      publishTime: options.publishTime ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PropertyOptions {
  name?: string;
  code?: string;
  dataTypeId?: string;
  min?: number | null;
  max?: number | null;
  unitId?: number | null;
  length?: number | null;
  enumerates?: Record<string, string> | null;
  trueValue?: string | null;
  falseValue?: string | null;
  description?: string;
}

/** A custom property written straight to the table (an int 0–100 unless told). */
export async function createProperty(db: Kysely<Database>, productId: number, options: PropertyOptions = {}): Promise<number> {
  const now = Date.now();
  const dataTypeId = options.dataTypeId ?? 'int';
  const numeric = ['int', 'float', 'double'].includes(dataTypeId);
  const row = await db
    .insertInto('product_property')
    .values({
      productId,
      name: options.name ?? unique('属性'),
      code: options.code ?? unique('p_'),
      dataTypeId,
      min: options.min !== undefined ? options.min : numeric ? 0 : null,
      max: options.max !== undefined ? options.max : numeric ? 100 : null,
      unitId: options.unitId ?? null,
      length: options.length ?? null,
      enumerates: options.enumerates ? JSON.stringify(options.enumerates) : null,
      trueValue: options.trueValue ?? null,
      falseValue: options.falseValue ?? null,
      description: options.description ?? '属性描述',
      valueDescription: null,
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface FlowItemOptions {
  propertyId: number;
  intervalNumber?: number;
  normalValue?: string;
  normalValueMax?: string;
  normalStr?: string;
  normalBoolean?: number | null;
  normalEnums?: string[];
}

export interface FlowOptions {
  name?: string;
  /** the next free position unless told */
  sequence?: number;
  bindMac?: boolean;
  normal?: boolean;
  flowType?: 'OVERALL_CHECK' | 'DTU_CHECK';
  pdfFileId?: number | null;
  items?: FlowItemOptions[];
  manualItems?: string[];
}

/** A flow with its items written straight to the tables (normal, at the end, unless told). */
export async function createFlow(db: Kysely<Database>, productId: number, options: FlowOptions = {}): Promise<number> {
  const now = Date.now();
  const last = await db
    .selectFrom('product_flow')
    .select((eb) => eb.fn.max('sequence').as('last'))
    .where('productId', '=', productId)
    .executeTakeFirst();
  const row = await db
    .insertInto('product_flow')
    .values({
      productId,
      name: options.name ?? unique('流程'),
      sequence: options.sequence ?? Number(last?.last ?? 0) + 1,
      bindMac: options.bindMac ? 1 : 0,
      normal: options.normal === false ? 0 : 1,
      flowType: options.flowType ?? 'OVERALL_CHECK',
      pdfFileId: options.pdfFileId ?? null,
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const items = options.items ?? [];
  if (items.length > 0) {
    await db
      .insertInto('flow_item')
      .values(
        items.map((item, index) => ({
          flowId: row.id,
          propertyId: item.propertyId,
          sequence: index + 1,
          intervalNumber: item.intervalNumber ?? 0,
          normalValue: item.normalValue ?? '',
          normalValueMax: item.normalValueMax ?? '',
          normalStr: item.normalStr ?? '',
          normalBoolean: item.normalBoolean ?? null,
          normalEnums: JSON.stringify(item.normalEnums ?? []),
        })),
      )
      .execute();
  }
  const manual = options.manualItems ?? [];
  if (manual.length > 0) {
    await db
      .insertInto('flow_manual_item')
      .values(manual.map((manualValue, index) => ({ flowId: row.id, sequence: index + 1, manualValue })))
      .execute();
  }
  return row.id;
}

export interface UploadedFile {
  id: number;
  fileKey: string;
  sha256: string;
  url: string;
}

/** Uploads a file through /api/file/upload and answers its stored_file row. */
export async function uploadStoredFile(app: FastifyInstance, token: string, filename: string, content: Buffer): Promise<UploadedFile> {
  const { payload, headers } = await multipartBody([{ field: 'files', filename, content }]);
  const response = await app.inject({ method: 'POST', url: PATHS.fileUpload, payload, headers: { ...headers, ...bearer(token) } });
  const body = response.json<Envelope<string[]>>();
  if (body.code !== 1) throw new Error(`upload of ${filename} failed: ${response.statusCode} ${body.errorMsg}`);
  const url = body.data[0]!;
  const fileKey = url.split('/').pop()!;
  const row = await app.db.kysely
    .selectFrom('stored_file')
    .select(['id', 'sha256'])
    .where('fileKey', '=', fileKey)
    .executeTakeFirstOrThrow();
  return { id: row.id, fileKey, sha256: row.sha256, url };
}

export interface PublishedProduct {
  productId: number;
  productTypeId: number;
  number: string;
  /** the product's flows in order */
  flowIds: number[];
}

/**
 * A published product with `flows` flows (2 unless told), each checking one int
 * property (0–100, standard 10–20) and one manual item, the shape tasks copy.
 */
export async function createPublishedProduct(
  db: Kysely<Database>,
  options: ProductOptions & { flows?: number } = {},
): Promise<PublishedProduct> {
  const { flows = 2, ...productOptions } = options;
  const productId = await createProduct(db, { publishStatus: 'PUBLISH', publishTime: Date.now(), ...productOptions });
  const propertyId = await createProperty(db, productId, { dataTypeId: 'int', min: 0, max: 100 });
  const flowIds: number[] = [];
  for (let n = 1; n <= flows; n++) {
    flowIds.push(
      await createFlow(db, productId, {
        name: `流程${n}`,
        items: [{ propertyId, intervalNumber: 1, normalValue: '10', normalValueMax: '20' }],
        manualItems: ['外观完好'],
      }),
    );
  }
  const row = await db.selectFrom('product').select(['productTypeId', 'number']).where('id', '=', productId).executeTakeFirstOrThrow();
  return { productId, productTypeId: row.productTypeId, number: row.number, flowIds };
}

export interface FlowSpec extends Omit<FlowOptions, 'items'> {
  items?: (PropertyOptions & Omit<NonNullable<FlowOptions['items']>[number], 'propertyId'>)[];
}

/** A published product whose flows check properties made for them (one property per item). */
export async function createProductWithFlows(
  db: Kysely<Database>,
  flows: FlowSpec[],
  options: ProductOptions = {},
): Promise<PublishedProduct> {
  const productId = await createProduct(db, { publishStatus: 'PUBLISH', publishTime: Date.now(), ...options });
  const flowIds: number[] = [];
  for (const { items = [], ...flow } of flows) {
    const flowItems = [];
    for (const { intervalNumber, normalValue, normalValueMax, normalStr, normalBoolean, normalEnums, ...property } of items) {
      const propertyId = await createProperty(db, productId, property);
      flowItems.push({ propertyId, intervalNumber, normalValue, normalValueMax, normalStr, normalBoolean, normalEnums });
    }
    flowIds.push(await createFlow(db, productId, { ...flow, items: flowItems }));
  }
  const row = await db.selectFrom('product').select(['productTypeId', 'number']).where('id', '=', productId).executeTakeFirstOrThrow();
  return { productId, productTypeId: row.productTypeId, number: row.number, flowIds };
}
