import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';

/* What the inspection report of a DTU batch reads: the batch's production records, their values, its samples. */

/** Codes of a record's values the report shows (DESIGN.md §9.6; the catalogue's codes). */
export const BLUETOOTH_MAC = 'MAC';
export const VERSION = 'VERSION';
export const CSQ = 'CSQ';
export const RSSI = 'RSSI';

export interface BatchRecordRow {
  id: number;
  imei: string;
  mac: string;
  testStatus: string | null;
  serverVerified: number;
}

/**
 * Up to `limit` production records of the batch after the record `afterId`, by id
 * (the index dtu_test_batch: submitBatchId, id). A sample of the batch is another
 * row (sampleBatchId = batch, no submitBatchId) and is never read here.
 */
export function batchRecordsAfter(db: Kysely<Database>, batchId: number, afterId: number, limit: number): Promise<BatchRecordRow[]> {
  return db
    .selectFrom('dtu_test')
    .select(['id', 'imei', 'mac', 'testStatus', 'serverVerified'])
    .where('submitBatchId', '=', batchId)
    .where('sampleBatchId', '=', 0)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface ValueRow {
  testId: number;
  kind: string;
  code: string;
  value: string | null;
  pass: number | null;
}

/** The values of some records the device table shows: Bluetooth MAC, firmware version and every serial value. */
export function deviceValuesOf(db: Kysely<Database>, testIds: readonly number[]): Promise<ValueRow[]> {
  if (testIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('dtu_test_value')
    .select(['testId', 'kind', 'code', 'value', 'pass'])
    .where('testId', 'in', testIds)
    .where((eb) => eb.or([eb('code', 'in', [BLUETOOTH_MAC, VERSION]), eb('kind', '=', 'SERIAL')]))
    .orderBy('id')
    .execute();
}

/** The signal values (CSQ, RSSI) of some records. */
export function signalValuesOf(db: Kysely<Database>, testIds: readonly number[]): Promise<ValueRow[]> {
  if (testIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('dtu_test_value')
    .select(['testId', 'kind', 'code', 'value', 'pass'])
    .where('testId', 'in', testIds)
    .where('code', 'in', [CSQ, RSSI])
    .orderBy('id')
    .execute();
}

export interface SignalRow {
  id: number;
  imei: string;
  mac: string;
  code: string;
  value: string | null;
}

/**
 * Every signal value of the batch's production records in one query, in record
 * order (the batch index, then each record's (testId, kind, code) index): a
 * 10,000-unit batch is one read, not one per unit.
 */
export function batchSignalValues(db: Kysely<Database>, batchId: number): Promise<SignalRow[]> {
  return db
    .selectFrom('dtu_test')
    .innerJoin('dtu_test_value', 'dtu_test_value.testId', 'dtu_test.id')
    .select(['dtu_test.id', 'dtu_test.imei', 'dtu_test.mac', 'dtu_test_value.code', 'dtu_test_value.value'])
    .where('dtu_test.submitBatchId', '=', batchId)
    .where('dtu_test.sampleBatchId', '=', 0)
    .where('dtu_test_value.code', 'in', [CSQ, RSSI])
    .orderBy('dtu_test.id')
    .orderBy('dtu_test_value.id')
    .execute();
}

export interface SampleValueRow {
  /** the sample (its dtu_test id) */
  testId: number;
  imei: string;
  mac: string;
  propertyId: number;
  category: string;
  property: string;
  checkTool: string;
  checkStandard: string;
  actValue: string;
  pass: number;
}

/** The other properties judged on the batch's samples, by sample (index dtu_test_sample), then property. */
export function sampleValuesOfBatch(db: Kysely<Database>, batchId: number): Promise<SampleValueRow[]> {
  return db
    .selectFrom('dtu_test')
    .innerJoin('dtu_sample_value', 'dtu_sample_value.testId', 'dtu_test.id')
    .select([
      'dtu_sample_value.testId',
      'dtu_test.imei',
      'dtu_test.mac',
      'dtu_sample_value.propertyId',
      'dtu_sample_value.category',
      'dtu_sample_value.property',
      'dtu_sample_value.checkTool',
      'dtu_sample_value.checkStandard',
      'dtu_sample_value.actValue',
      'dtu_sample_value.pass',
    ])
    .where('dtu_test.sampleBatchId', '=', batchId)
    .orderBy('dtu_test.id')
    .orderBy('dtu_sample_value.propertyId')
    .execute();
}

/** Accounts' names (as the DTU records show a tester's), by id. */
export async function accountNames(db: Kysely<Database>, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('account').select(['id', 'userName']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.userName]));
}
