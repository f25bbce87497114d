import { serialCatalogue } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/schema.js';
import { createFitting, createPartDtu, createStoredFile, type DtuOptions } from './accessory.js';
import { adminIdOf } from './accounts.js';
import { unique } from './unique.js';

/*
 * DTU models of a part and their test properties, written straight to the tables
 * (the dtu and dtu-property modules' tests). What the API's rules would refuse is
 * the test's business.
 */

export interface DtuFixtureOptions extends DtuOptions {
  /** the part it belongs to; a new listed part of the owner unless told */
  fittingId?: number;
  /** put the images' bytes on disk too (a test that releases them) */
  filesDir?: string;
}

/** A part's DTU of the admin's tenant, enabled, THREE_2_ONE, with stored front and back images, unless told. */
export async function createDtu(db: Kysely<Database>, options: DtuFixtureOptions = {}): Promise<number> {
  const { fittingId: given, filesDir, ...dtu } = options;
  const ownerId = dtu.ownerId ?? (await adminIdOf(db));
  const fittingId = given ?? (await createFitting(db, { ownerId }));
  const image = async () => (await createStoredFile(db, filesDir ? { filesDir } : {})).id;
  return createPartDtu(db, fittingId, {
    ...dtu,
    ownerId,
    frontImageFileId: dtu.frontImageFileId === undefined ? await image() : dtu.frontImageFileId,
    backImageFileId: dtu.backImageFileId === undefined ? await image() : dtu.backImageFileId,
  });
}

export interface SerialPropertyOptions {
  code?: string;
  /** the catalogue's name of the code unless told */
  name?: string;
  verifyRule?: 'EQUAL' | 'RANGE';
  aimValue?: string | null;
  minValue?: string | null;
  maxValue?: string | null;
  status?: number;
  createTime?: number;
}

/** A serial property: the baud rate equal to 9600, not under test, unless told. */
export async function createSerialProperty(db: Kysely<Database>, dtuId: number, options: SerialPropertyOptions = {}): Promise<number> {
  const code = options.code ?? 'BAUD_RATE';
  const range = options.verifyRule === 'RANGE';
  const row = await db
    .insertInto('dtu_serial_property')
    .values({
      dtuId,
      name: options.name ?? serialCatalogue('bluetooth').find((item) => item.code === code)?.name ?? code,
      code,
      verifyRule: options.verifyRule ?? 'EQUAL',
      aimValue: options.aimValue === undefined ? (range ? null : '9600') : options.aimValue,
      minValue: options.minValue === undefined ? (range ? '-80' : null) : options.minValue,
      maxValue: options.maxValue === undefined ? (range ? '-20' : null) : options.maxValue,
      status: options.status ?? 0,
      createTime: options.createTime ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AutoPropertyOptions {
  name?: string;
  code?: string;
  dataType?: string;
  verifyRule?: 'EQUAL' | 'RANGE' | null;
  aimValue?: string | null;
  minValue?: string | null;
  maxValue?: string | null;
  unique?: boolean;
  trueValue?: string | null;
  falseValue?: string | null;
  aimBooleanValue?: number | null;
  enumMap?: Record<string, string> | null;
  aimEnumMap?: Record<string, string> | null;
  description?: string | null;
  status?: number;
  createTime?: number;
}

/** An automatic property: an int equal to 1 with a unique code, not under test, unless told. */
export async function createAutoProperty(db: Kysely<Database>, dtuId: number, options: AutoPropertyOptions = {}): Promise<number> {
  const row = await db
    .insertInto('dtu_auto_property')
    .values({
      dtuId,
      name: options.name ?? '信号强度',
      code: options.code ?? unique('CODE_'),
      dataType: options.dataType ?? 'int',
      verifyRule: options.verifyRule === undefined ? 'EQUAL' : options.verifyRule,
      aimValue: options.aimValue === undefined ? '1' : options.aimValue,
      minValue: options.minValue ?? null,
      maxValue: options.maxValue ?? null,
      uniqueValue: options.unique ? 1 : 0,
      trueValue: options.trueValue ?? null,
      falseValue: options.falseValue ?? null,
      aimBooleanValue: options.aimBooleanValue ?? null,
      enumMap: options.enumMap ? JSON.stringify(options.enumMap) : null,
      aimEnumMap: options.aimEnumMap ? JSON.stringify(options.aimEnumMap) : null,
      description: options.description ?? null,
      status: options.status ?? 0,
      createTime: options.createTime ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface OtherPropertyOptions {
  category?: string;
  property?: string;
  checkTool?: string;
  checkStandard?: string;
  status?: number;
  createTime?: number;
}

/** An other property: an appearance check by eye, not under test, unless told. */
export async function createOtherProperty(db: Kysely<Database>, dtuId: number, options: OtherPropertyOptions = {}): Promise<number> {
  const row = await db
    .insertInto('dtu_other_property')
    .values({
      dtuId,
      category: options.category ?? '外观',
      property: options.property ?? '外壳无划痕',
      checkTool: options.checkTool ?? '目测',
      checkStandard: options.checkStandard ?? '无明显划痕',
      status: options.status ?? 0,
      createTime: options.createTime ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
