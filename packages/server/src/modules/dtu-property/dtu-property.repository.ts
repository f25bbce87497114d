import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../../platform/db.js';
import type { PageRequest } from '../../platform/paging.js';
import type {
  Database,
  DtuAutoPropertyTable,
  DtuOtherPropertyTable,
  DtuSerialPropertyTable,
} from '../../platform/schema.js';
import type { Tenancy } from '../../platform/tenancy.js';

/** The three kinds of a DTU's test properties, each in its own table. */
export type PropertyKind = 'serial' | 'auto' | 'other';

const TABLES = {
  serial: 'dtu_serial_property',
  auto: 'dtu_auto_property',
  other: 'dtu_other_property',
} as const satisfies Record<PropertyKind, keyof Database>;

/**
 * The three tables share id, dtuId, status and createTime, so the queries that
 * read or write only those are written once, against the table aliased `p`; the
 * type names one of them, the SQL the kind's own.
 */
const shared = (kind: PropertyKind) => `${TABLES[kind]} as p` as 'dtu_other_property as p';

export type SerialPropertyRow = Selectable<DtuSerialPropertyTable> & { communicationType: string | null };
export type AutoPropertyRow = Selectable<DtuAutoPropertyTable>;
export type OtherPropertyRow = Selectable<DtuOtherPropertyTable>;

/** What a property write reads of the DTU it changes. */
export interface PropertyDtu {
  id: number;
  dtuType: string;
  status: number;
  communicationType: string | null;
}

/** A DTU of the caller's scope (enabled or archived: the history pages list the properties of either). */
export function findPropertyDtu(db: Kysely<Database>, tenancy: Tenancy, dtuId: number): Promise<PropertyDtu | undefined> {
  let query = db.selectFrom('dtu').select(['id', 'dtuType', 'status', 'communicationType']).where('id', '=', dtuId);
  if (tenancy.ownerId !== null) query = query.where('ownerId', '=', tenancy.ownerId);
  return query.executeTakeFirst();
}

/**
 * The DTU read inside a property write's transaction, its row locked on PostgreSQL
 * until the end: an archive, a type change and the property writes of one DTU run
 * one after the other, each seeing what the one before did.
 */
export function lockPropertyDtu(tx: Db, tenancy: Tenancy, dtuId: number): Promise<PropertyDtu | undefined> {
  let query = tx.kysely.selectFrom('dtu').select(['id', 'dtuType', 'status', 'communicationType']).where('id', '=', dtuId);
  if (tenancy.ownerId !== null) query = query.where('ownerId', '=', tenancy.ownerId);
  if (tx.dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A property's owner and state, when its DTU is in the caller's scope. */
export function findPropertyHead(
  db: Kysely<Database>,
  tenancy: Tenancy,
  kind: PropertyKind,
  id: number,
): Promise<{ id: number; dtuId: number; status: number } | undefined> {
  let query = db
    .selectFrom(shared(kind))
    .innerJoin('dtu', 'dtu.id', 'p.dtuId')
    .select(['p.id', 'p.dtuId', 'p.status'])
    .where('p.id', '=', id);
  if (tenancy.ownerId !== null) query = query.where('dtu.ownerId', '=', tenancy.ownerId);
  return query.executeTakeFirst();
}

async function countOf(db: Kysely<Database>, kind: PropertyKind, dtuId: number): Promise<number> {
  const row = await db
    .selectFrom(shared(kind))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('p.dtuId', '=', dtuId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of a list (pageSize 0: all of it). */
function paged<Query extends { limit(count: number): Query; offset(count: number): Query }>(query: Query, paging: PageRequest): Query {
  return paging.pageSize > 0 ? query.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize) : query;
}

const serialRows = (db: Kysely<Database>) =>
  db
    .selectFrom('dtu_serial_property')
    .innerJoin('dtu', 'dtu.id', 'dtu_serial_property.dtuId')
    .selectAll('dtu_serial_property')
    .select('dtu.communicationType');

/** A DTU's properties of each kind, newest first, and their count. */
export async function serialPage(db: Kysely<Database>, dtuId: number, paging: PageRequest) {
  const list = serialRows(db)
    .where('dtu_serial_property.dtuId', '=', dtuId)
    .orderBy('dtu_serial_property.createTime', 'desc')
    .orderBy('dtu_serial_property.id', 'desc');
  return { rows: await paged(list, paging).execute(), total: await countOf(db, 'serial', dtuId) };
}
export async function autoPage(db: Kysely<Database>, dtuId: number, paging: PageRequest) {
  const list = db.selectFrom('dtu_auto_property').selectAll().where('dtuId', '=', dtuId).orderBy('createTime', 'desc').orderBy('id', 'desc');
  return { rows: await paged(list, paging).execute(), total: await countOf(db, 'auto', dtuId) };
}
export async function otherPage(db: Kysely<Database>, dtuId: number, paging: PageRequest) {
  const list = db.selectFrom('dtu_other_property').selectAll().where('dtuId', '=', dtuId).orderBy('createTime', 'desc').orderBy('id', 'desc');
  return { rows: await paged(list, paging).execute(), total: await countOf(db, 'other', dtuId) };
}

export function findSerialProperty(db: Kysely<Database>, id: number): Promise<SerialPropertyRow | undefined> {
  return serialRows(db).where('dtu_serial_property.id', '=', id).executeTakeFirst();
}
export function findAutoProperty(db: Kysely<Database>, id: number): Promise<AutoPropertyRow | undefined> {
  return db.selectFrom('dtu_auto_property').selectAll().where('id', '=', id).executeTakeFirst();
}
export function findOtherProperty(db: Kysely<Database>, id: number): Promise<OtherPropertyRow | undefined> {
  return db.selectFrom('dtu_other_property').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether another property of the kind on the DTU already has this code (the unique index would refuse it). */
export async function propertyCodeTaken(
  db: Kysely<Database>,
  kind: 'serial' | 'auto',
  dtuId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom(TABLES[kind] as 'dtu_serial_property')
    .select('id')
    .where('dtuId', '=', dtuId)
    .where('code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

type Stored<Table> = Omit<Insertable<Table>, 'id' | 'dtuId' | 'status' | 'createTime'>;
export type StoredSerialFields = Stored<DtuSerialPropertyTable>;
export type StoredAutoFields = Stored<DtuAutoPropertyTable>;
export type StoredOtherFields = Stored<DtuOtherPropertyTable>;

/** A new property starts untested (status 0): testing is opened on purpose. */
export async function insertSerialProperty(db: Kysely<Database>, dtuId: number, fields: StoredSerialFields, now: number): Promise<number> {
  const row = await db
    .insertInto('dtu_serial_property')
    .values({ ...fields, dtuId, status: 0, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
export async function insertAutoProperty(db: Kysely<Database>, dtuId: number, fields: StoredAutoFields, now: number): Promise<number> {
  const row = await db
    .insertInto('dtu_auto_property')
    .values({ ...fields, dtuId, status: 0, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
export async function insertOtherProperty(db: Kysely<Database>, dtuId: number, fields: StoredOtherFields, now: number): Promise<number> {
  const row = await db
    .insertInto('dtu_other_property')
    .values({ ...fields, dtuId, status: 0, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSerialProperty(db: Kysely<Database>, id: number, fields: StoredSerialFields): Promise<void> {
  await db.updateTable('dtu_serial_property').set(fields).where('id', '=', id).execute();
}
export async function updateAutoProperty(db: Kysely<Database>, id: number, fields: StoredAutoFields): Promise<void> {
  await db.updateTable('dtu_auto_property').set(fields).where('id', '=', id).execute();
}
export async function updateOtherProperty(db: Kysely<Database>, id: number, fields: StoredOtherFields): Promise<void> {
  await db.updateTable('dtu_other_property').set(fields).where('id', '=', id).execute();
}

export async function setPropertyStatus(db: Kysely<Database>, kind: PropertyKind, id: number, status: 0 | 1): Promise<void> {
  await db.updateTable(TABLES[kind] as 'dtu_other_property').set({ status }).where('id', '=', id).execute();
}

export async function removeProperty(db: Kysely<Database>, kind: PropertyKind, id: number): Promise<void> {
  await db.deleteFrom(TABLES[kind] as 'dtu_other_property').where('id', '=', id).execute();
}

/** How the operation log names a property: `串口回环(SERIAL_LOOPBACK)`, or `外观/外壳` for an other property. */
export async function propertyLabel(db: Kysely<Database>, kind: PropertyKind, id: number): Promise<string> {
  if (kind === 'other') {
    const row = await db.selectFrom('dtu_other_property').select(['category', 'property']).where('id', '=', id).executeTakeFirst();
    return row ? `${row.category}/${row.property}` : `#${id}`;
  }
  const row = await db
    .selectFrom(TABLES[kind] as 'dtu_serial_property')
    .select(['name', 'code'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? `${row.name}(${row.code})` : `#${id}`;
}
