import {
  csqToDbm,
  type DtuTaskStatus,
  type DtuTestStatus,
  REPORT_DEVICE_ROWS,
  REPORT_ORGANISATION,
  REPORT_SAMPLE_COLUMNS,
  type ReportBatchRecord,
  type ReportDetail,
  type ReportGprs,
  type SamplingVerdict,
  THREE_2_ONE,
} from '@factory/contracts';
import type { Kysely, Selectable } from 'kysely';
import { batchNoOf, type BatchInScope, findBatchInScope, samplingFiguresOf } from '../../platform/dtu-batches.js';
import { findDtuTaskInScope } from '../../platform/dtu-tasks.js';
import { dtuTestingOf, otherPropertiesUnderTest } from '../../platform/dtu-testing.js';
import { type DtuRow, findDtu, toDtu } from '../../platform/dtus.js';
import { notFound } from '../../platform/errors.js';
import type { Database } from '../../platform/schema.js';
import type { DtuTaskTable } from '../../platform/schema/dtu-tasks.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { formatTime } from '../../platform/time.js';
import {
  accountNames,
  BLUETOOTH_MAC,
  type BatchRecordRow,
  batchRecordsAfter,
  batchSignalValues,
  CSQ,
  deviceValuesOf,
  RSSI,
  sampleValuesOfBatch,
  type SignalRow,
  VERSION,
} from './dtu-report.repository.js';

/* The inspection report of a DTU batch (seed 002 §3 "Report", §7 report detail and gprs; DESIGN.md §9.3). */

type BatchRow = BatchInScope;
type TaskRow = Selectable<DtuTaskTable>;

/** What every part of a report reads first: the batch and its task in the caller's scope, the task's DTU. */
export interface ReportSource {
  batch: BatchRow;
  task: TaskRow;
  dtu: DtuRow;
  /** the DTU's serial properties under test (their codes); empty when it has none */
  serialCodes: string[];
}

/** The batch if the caller sees its task (out of scope, of a deleted task, or missing: 404). */
export async function reportSourceOf(db: Kysely<Database>, scope: TaskScope, batchId: number): Promise<ReportSource> {
  const batch = await findBatchInScope(db, scope, batchId);
  if (!batch) throw notFound();
  const task = await findDtuTaskInScope(db, scope, batch.taskId);
  if (!task) throw notFound();
  // the task's DTU is its tenant's: read as the task holds it, whatever the caller's own tenancy
  const dtu = await findDtu(db, { ownerId: null }, task.dtuId);
  if (!dtu) throw notFound();
  const testing = await dtuTestingOf(db, dtu.id, task.testFirmwareVersion);
  return { batch, task, dtu, serialCodes: testing.serial.map(({ property }) => property.code) };
}

/** The report's figures apart from its device rows and basic checks. */
export type ReportHead = Omit<ReportDetail, 'batchRecords' | 'batchRecordsComplete' | 'categories'>;

export async function reportHeadOf(db: Kysely<Database>, source: ReportSource, timeZone: string, now = Date.now()): Promise<ReportHead> {
  const { batch, task, dtu } = source;
  const names = await accountNames(db, [batch.checkPersonId, batch.submitterId]);
  const shown = toDtu(dtu, timeZone);
  return {
    batchId: batch.id,
    batchNo: batchNoOf(batch.taskId, batch.seq),
    taskId: task.id,
    taskName: task.fittingType,
    taskStatus: task.status as DtuTaskStatus,
    submitNumber: batch.submitNumber,
    checkCount: batch.checkCount,
    organisation: REPORT_ORGANISATION,
    checkPerson: batch.checkPersonId === null ? null : (names.get(batch.checkPersonId) ?? null),
    verifyPerson: batch.submitterId === null ? null : (names.get(batch.submitterId) ?? null),
    submitTime: formatTime(Number(batch.submitTime), timeZone),
    reportTime: formatTime(now, timeZone),
    dtuType: shown.dtuType,
    modelType: shown.modelType,
    productCompany: shown.productCompany,
    standardVoltage: shown.standardVoltage,
    bandRate: shown.bandRate,
    communicationTypeDesc: shown.communicationTypeDesc,
    frontImageUrl: shown.frontImageUrl,
    backImageUrl: shown.backImageUrl,
    gprsImageUrl: null,
    excelUrl: `/api/dtuTask/reportExport?batchId=${batch.id}`,
    deviceListUrl: `/api/dtuTask/submitRecordExport?batchId=${batch.id}`,
    ...samplingFiguresOf(batch, task),
    defectCount: batch.defectCount,
    verdict: batch.verdict as SamplingVerdict,
  };
}

/**
 * The device rows of some production records, with their values read in one query:
 * Bluetooth MAC (a THREE_2_ONE unit's, AUTO or BASE), firmware version, and serial
 * communication (each serial property under test has a passed value on the record,
 * a property without one failing as on the record's detail; null for a DTU without).
 */
export async function toBatchRecords(db: Kysely<Database>, source: ReportSource, rows: readonly BatchRecordRow[]): Promise<ReportBatchRecord[]> {
  const values = await deviceValuesOf(
    db,
    rows.map((row) => row.id),
  );
  const threeInOne = source.dtu.connectInternet === 1 && source.dtu.communicationType === THREE_2_ONE;
  const byRecord = new Map<number, { mac?: string; version?: string; serial: Map<string, boolean> }>();
  for (const value of values) {
    let entry = byRecord.get(value.testId);
    if (!entry) byRecord.set(value.testId, (entry = { serial: new Map() }));
    // values come by id: the first of a code is kept (a code has one value per kind)
    if (value.code === BLUETOOTH_MAC && (value.kind === 'AUTO' || value.kind === 'BASE')) entry.mac ??= value.value ?? '';
    if (value.code === VERSION) entry.version ??= value.value ?? '';
    if (value.kind === 'SERIAL') entry.serial.set(value.code, value.pass === 1);
  }
  const hasSerial = source.serialCodes.length > 0;
  return rows.map((row) => {
    const entry = byRecord.get(row.id);
    return {
      imei: row.imei,
      mac: row.mac,
      blueToothMac: threeInOne ? (entry?.mac ?? '') : '',
      serialCommunication: hasSerial ? source.serialCodes.every((code) => entry?.serial.get(code) === true) : null,
      version: entry?.version ?? '',
      serviceVerify: row.serverVerified === 1,
      // a submitted record always has its result (only judged records are submitted, and none is retested)
      testStatus: (row.testStatus ?? 'NOT_PASS') as DtuTestStatus,
    };
  });
}

/** The first REPORT_DEVICE_ROWS units of the batch, and whether that is all of them. */
async function firstBatchRecords(db: Kysely<Database>, source: ReportSource) {
  const rows = await batchRecordsAfter(db, source.batch.id, 0, REPORT_DEVICE_ROWS + 1);
  const complete = rows.length <= REPORT_DEVICE_ROWS;
  return { batchRecords: await toBatchRecords(db, source, rows.slice(0, REPORT_DEVICE_ROWS)), batchRecordsComplete: complete };
}

const PADDING = { actValue: '-', mac: '-', result: null };

/**
 * The basic checks (seed 002 §9): each other property judged on the batch's samples
 * (as it read when judged) or under test now without a sample yet, grouped by
 * category in the order categories first appear by property id, properties by id;
 * the first REPORT_SAMPLE_COLUMNS samples by sample id, padded with dashes. A
 * property passes when it was judged on a sample and every sample passed it.
 */
export async function categoriesOf(db: Kysely<Database>, source: ReportSource): Promise<ReportDetail['categories']> {
  const [values, properties] = await Promise.all([sampleValuesOfBatch(db, source.batch.id), otherPropertiesUnderTest(db, source.dtu.id)]);
  interface Prop {
    id: number;
    category: string;
    property: string;
    checkStandard: string;
    checkTool: string;
    samples: { actValue: string; mac: string; result: boolean }[];
  }
  const props = new Map<number, Prop>();
  // by sample id: the first sample's copy of the property names it
  for (const value of values) {
    let prop = props.get(value.propertyId);
    if (!prop) {
      prop = { id: value.propertyId, category: value.category, property: value.property, checkStandard: value.checkStandard, checkTool: value.checkTool, samples: [] };
      props.set(value.propertyId, prop);
    }
    prop.samples.push({ actValue: value.actValue, mac: value.imei || value.mac, result: value.pass === 1 });
  }
  for (const property of properties) {
    if (!props.has(property.id)) props.set(property.id, { ...property, samples: [] });
  }
  const categories = new Map<string, ReportDetail['categories'][number]>();
  for (const prop of [...props.values()].sort((a, b) => a.id - b.id)) {
    let category = categories.get(prop.category);
    if (!category) categories.set(prop.category, (category = { categoryName: prop.category, props: [] }));
    const shown = prop.samples.slice(0, REPORT_SAMPLE_COLUMNS);
    category.props.push({
      property: prop.property,
      checkStandard: prop.checkStandard,
      checkTool: prop.checkTool,
      result: prop.samples.length > 0 && prop.samples.every((sample) => sample.result),
      samples: [...shown, ...Array.from({ length: REPORT_SAMPLE_COLUMNS - shown.length }, () => ({ ...PADDING }))],
    });
  }
  return [...categories.values()];
}

/** GET /api/dtuTask/reportDetail. */
export async function reportDetail(db: Kysely<Database>, scope: TaskScope, batchId: number, timeZone: string): Promise<ReportDetail> {
  const source = await reportSourceOf(db, scope, batchId);
  const [head, records, categories] = await Promise.all([reportHeadOf(db, source, timeZone), firstBatchRecords(db, source), categoriesOf(db, source)]);
  return { ...head, ...records, categories };
}

/** A value as a number, or null (an empty or non-numeric text is not 0). */
function numberOf(text: string | null): number | null {
  const trimmed = text?.trim() ?? '';
  if (!/^[-+]?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * A unit's signal in dBm from its values: CSQ when it reported one (−113 + 2·CSQ;
 * 99, unknown, or out of range gives none), else its RSSI as reported.
 */
export function dbmOf(values: ReadonlyMap<string, string | null>): number | null {
  if (values.has(CSQ)) {
    const csq = numberOf(values.get(CSQ) ?? null);
    return csq === null ? null : csqToDbm(csq);
  }
  return numberOf(values.get(RSSI) ?? null);
}

/** Units (IMEI, else MAC) → dBm of signal rows in record order; units without a signal left out. */
export function signalMapOf(rows: readonly SignalRow[]): ReportGprs {
  const answer: ReportGprs = {};
  let index = 0;
  while (index < rows.length) {
    const first = rows[index]!;
    const values = new Map<string, string | null>();
    for (; index < rows.length && rows[index]!.id === first.id; index++) {
      const row = rows[index]!;
      if (!values.has(row.code)) values.set(row.code, row.value);
    }
    const dbm = dbmOf(values);
    if (dbm !== null) answer[first.imei || first.mac] = dbm;
  }
  return answer;
}

/** GET /api/dtuTask/reportGprs: one read of the batch's signal values, however many units. */
export async function reportGprs(db: Kysely<Database>, scope: TaskScope, batchId: number): Promise<ReportGprs> {
  const batch = await findBatchInScope(db, scope, batchId);
  if (!batch) throw notFound();
  return signalMapOf(await batchSignalValues(db, batch.id));
}
