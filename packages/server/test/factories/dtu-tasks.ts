import { TERMINAL_STATUS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/schema.js';
import { adminIdOf } from './accounts.js';
import { createDtu } from './dtus.js';
import { createLine } from './lines.js';
import { createTerminal } from './terminals.js';
import { unique } from './unique.js';

/*
 * DTU tasks, their PADs, device tests and check-log rows written straight to the
 * tables (issue 17's modules test their reads and rules on them). What the API's
 * rules would refuse is the test's business.
 */

export interface DtuTaskOptions {
  ownerId?: number;
  /** a new THREE_2_ONE DTU of the owner unless told */
  dtuId?: number;
  fittingType?: string;
  reworkTask?: boolean;
  /** a new line unless told */
  productLineId?: number;
  /** the production line unless told */
  aimLineId?: number;
  productionNumber?: number;
  finishNumber?: number;
  testedNumber?: number;
  status?: 'UNSTART' | 'START' | 'STOP' | 'FINISH';
  duplicateEnable?: boolean;
  needExcel?: boolean;
  testFirmwareVersion?: string;
  expireTime?: number | null;
  createTime?: number;
  startTime?: number | null;
  deleted?: boolean;
}

/** A DTU task: UNSTART, 100 units, no duplicates, on a new line of a new DTU, unless told. */
export async function createDtuTask(db: Kysely<Database>, options: DtuTaskOptions = {}): Promise<number> {
  const ownerId = options.ownerId ?? (await adminIdOf(db));
  const dtuId = options.dtuId ?? (await createDtu(db, { ownerId, dtuType: unique('DTU').replace(/[^A-Za-z0-9]/g, '') }));
  const productLineId = options.productLineId ?? (await createLine(db));
  const now = options.createTime ?? Date.now();
  const row = await db
    .insertInto('dtu_task')
    .values({
      ownerId,
      creatorId: ownerId,
      dtuId,
      fittingType: options.fittingType ?? unique('任务').slice(0, 18),
      reworkTask: options.reworkTask ? 1 : 0,
      productLineId,
      aimLineId: options.aimLineId ?? productLineId,
      expireTime: options.expireTime === undefined ? now + 7 * 86_400_000 : options.expireTime,
      productionNumber: options.productionNumber ?? 100,
      finishNumber: options.finishNumber ?? 0,
      testedNumber: options.testedNumber ?? 0,
      status: options.status ?? 'UNSTART',
      duplicateEnable: options.duplicateEnable || options.reworkTask ? 1 : 0,
      needExcel: options.needExcel ? 1 : 0,
      excelFileId: null,
      testFirmwareVersion: options.testFirmwareVersion ?? '1.0.0',
      firmwareChangeTime: null,
      createTime: now,
      updateTime: now,
      startTime: options.startTime === undefined ? (options.status && options.status !== 'UNSTART' ? now : null) : options.startTime,
      finishTime: options.status === 'FINISH' ? now : null,
      deleted: options.deleted ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A PAD of the task's line serving it (status 3, partsRole PAD or SERIAL). */
export async function createDtuTaskPad(
  db: Kysely<Database>,
  taskId: number,
  options: { role?: 'PAD' | 'SERIAL' | 'CHECK'; terminalCode?: string; terminalName?: string; ownerId?: number } = {},
): Promise<number> {
  const task = await db.selectFrom('dtu_task').select(['productLineId', 'ownerId']).where('id', '=', taskId).executeTakeFirstOrThrow();
  const id = await createTerminal(db, {
    lineId: task.productLineId,
    status: TERMINAL_STATUS.partsCheck,
    taskId,
    ownerId: options.ownerId ?? task.ownerId,
    ...(options.terminalCode ? { terminalCode: options.terminalCode } : {}),
    ...(options.terminalName ? { terminalName: options.terminalName } : {}),
  });
  await db.updateTable('terminal').set({ partsRole: options.role ?? 'PAD' }).where('id', '=', id).execute();
  return id;
}

export interface DtuTestOptions {
  /** the IMEI or MAC (stored upper case); a new 15-digit IMEI unless told */
  unitCode?: string;
  imei?: string;
  mac?: string;
  terminalId?: number | null;
  testerId?: number | null;
  startTime?: number;
  checkTime?: number | null;
  /** null: under test */
  testStatus?: 'PASS' | 'NOT_PASS' | null;
  manageStatus?: 'UNSUBMIT' | 'SUBMIT';
  serverVerified?: boolean;
  failures?: string[];
  clientResultId?: string | null;
  /** a sample of this dtu_submit_batch (0 or absent: a production record) */
  sampleBatchId?: number;
}

let imeiSerial = 0;
/** A fresh 15-digit IMEI-like code. */
export function nextImei(): string {
  imeiSerial += 1;
  return `86${String(Date.now() % 1e9).padStart(9, '0')}${String(imeiSerial % 10_000).padStart(4, '0')}`;
}

/** A device test of the task: passed a minute after it started, unless told. */
export async function createDtuTest(db: Kysely<Database>, taskId: number, options: DtuTestOptions = {}): Promise<number> {
  const task = await db.selectFrom('dtu_task').select(['dtuId', 'ownerId']).where('id', '=', taskId).executeTakeFirstOrThrow();
  const unitCode = (options.unitCode ?? nextImei()).toUpperCase();
  const startTime = options.startTime ?? Date.now() - 60_000;
  const testStatus = options.testStatus === undefined ? 'PASS' : options.testStatus;
  const row = await db
    .insertInto('dtu_test')
    .values({
      taskId,
      dtuId: task.dtuId,
      ownerId: task.ownerId,
      unitCode,
      imei: options.imei ?? (/^\d+$/.test(unitCode) ? unitCode : ''),
      mac: options.mac ?? (/^\d+$/.test(unitCode) ? '' : unitCode),
      terminalId: options.terminalId ?? null,
      testerId: options.testerId === undefined ? task.ownerId : options.testerId,
      startTime,
      checkTime: options.checkTime === undefined ? (testStatus ? startTime + 60_000 : null) : options.checkTime,
      testStatus,
      manageStatus: options.manageStatus ?? 'UNSUBMIT',
      submitBatchId: null,
      sampleBatchId: options.sampleBatchId ?? 0,
      clientResultId: options.clientResultId ?? null,
      serverVerified: options.serverVerified ? 1 : 0,
      keyResults: null,
      failures: JSON.stringify(options.failures ?? (testStatus === 'NOT_PASS' ? ['信号质量'] : [])),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One value of a device test (AUTO, SERIAL or BASE). */
export async function createDtuTestValue(
  db: Kysely<Database>,
  testId: number,
  value: { kind: 'AUTO' | 'SERIAL' | 'BASE'; code: string; name?: string; value: string | null; pass?: boolean | null; propertyId?: number | null },
): Promise<void> {
  await db
    .insertInto('dtu_test_value')
    .values({
      testId,
      kind: value.kind,
      propertyId: value.propertyId ?? null,
      code: value.code,
      name: value.name ?? value.code,
      value: value.value,
      pass: value.pass === undefined || value.pass === null ? null : value.pass ? 1 : 0,
      reportTime: Date.now(),
    })
    .execute();
}

/** A check-log row: a report of `unitCode`, joined to a test when told. */
export async function createDtuReport(
  db: Kysely<Database>,
  unitCode: string,
  content: Record<string, unknown> | string,
  options: { receiveTime?: number; source?: 'MQTT' | 'STATION'; dtuId?: number | null; taskId?: number | null; testId?: number | null } = {},
): Promise<number> {
  const row = await db
    .insertInto('dtu_report')
    .values({
      unitCode: unitCode.toUpperCase(),
      receiveTime: options.receiveTime ?? Date.now(),
      source: options.source ?? 'MQTT',
      content: typeof content === 'string' ? content : JSON.stringify(content),
      dtuId: options.dtuId ?? null,
      taskId: options.taskId ?? null,
      testId: options.testId ?? null,
      terminalId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A submitted batch of the task, as POST /api/dtuTask/submit makes one: the given
 * records (every judged UNSUBMIT production record unless told) become SUBMIT with
 * this batch; the batch's number follows the task's last.
 */
export async function createSubmitBatch(
  db: Kysely<Database>,
  taskId: number,
  options: { testIds?: number[]; submitterId?: number | null; submitTime?: number } = {},
): Promise<number> {
  const task = await db.selectFrom('dtu_task').select(['ownerId']).where('id', '=', taskId).executeTakeFirstOrThrow();
  const testIds =
    options.testIds ??
    (
      await db
        .selectFrom('dtu_test')
        .select('id')
        .where('taskId', '=', taskId)
        .where('sampleBatchId', '=', 0)
        .where('manageStatus', '=', 'UNSUBMIT')
        .where('testStatus', 'is not', null)
        .execute()
    ).map(({ id }) => id);
  const tests = testIds.length ? await db.selectFrom('dtu_test').select(['id', 'testStatus']).where('id', 'in', testIds).execute() : [];
  const last = await db.selectFrom('dtu_submit_batch').select((eb) => eb.fn.max('seq').as('seq')).where('taskId', '=', taskId).executeTakeFirst();
  const { id } = await db
    .insertInto('dtu_submit_batch')
    .values({
      taskId,
      ownerId: task.ownerId,
      seq: Number(last?.seq ?? 0) + 1,
      submitNumber: tests.length,
      passNumber: tests.filter((test) => test.testStatus === 'PASS').length,
      submitTime: options.submitTime ?? Date.now(),
      submitterId: options.submitterId === undefined ? task.ownerId : options.submitterId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (testIds.length) await db.updateTable('dtu_test').set({ manageStatus: 'SUBMIT', submitBatchId: id }).where('id', 'in', testIds).execute();
  return id;
}

/** An other (manual) property judged on a sample, as POST /api/station/dtu/sample stores one. */
export async function createSampleValue(
  db: Kysely<Database>,
  testId: number,
  propertyId: number,
  value: { actValue: string; pass: boolean; testerId?: number | null },
): Promise<void> {
  const property = await db.selectFrom('dtu_other_property').selectAll().where('id', '=', propertyId).executeTakeFirstOrThrow();
  await db
    .insertInto('dtu_sample_value')
    .values({
      testId,
      propertyId,
      category: property.category,
      property: property.property,
      checkTool: property.checkTool,
      checkStandard: property.checkStandard,
      actValue: value.actValue,
      pass: value.pass ? 1 : 0,
      recordTime: Date.now(),
      testerId: value.testerId ?? null,
    })
    .execute();
}
