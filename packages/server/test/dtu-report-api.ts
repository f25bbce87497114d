import { type ReportDetail, type ReportGprs, PATHS } from '@factory/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../src/platform/schema.js';
import { dataOf } from './answers.js';
import { dtuTaskApi } from './dtu-task-api.js';
import { createDtuTask, createDtuTest, createDtuTestValue, createSampleValue, createSubmitBatch, type DtuTestOptions } from './factories/dtu-tasks.js';
import { createDtu, createOtherProperty } from './factories/dtus.js';
import { createLine } from './factories/lines.js';
import { createUser, unique } from './factories/index.js';
import type { TestContext } from './test-app.js';

/*
 * The inspection report's calls (报告详情, 信号强度, 导出检验报告) and the batch the
 * report tests compute by hand: its figures are written out in dtu-report-detail.test.ts
 * and dtu-report-export.test.ts from the comments here.
 */

/** 2025-03-01 10:00:00 in Asia/Shanghai (the report tests' zone). */
export const SUBMIT_TIME = Date.UTC(2025, 2, 1, 2, 0, 0);
export const REPORT_ZONE = { config: { timeZone: 'Asia/Shanghai' } } as const;

export function dtuReportApi(t: TestContext) {
  const base = dtuTaskApi(t);
  const { db, get } = base;

  const detailRaw = (id: number, token: string = t.admin) => get(PATHS.dtuTaskReportDetail, token, { id });
  const detail = async (id: number, token: string = t.admin) => dataOf<ReportDetail>(await detailRaw(id, token));
  const gprsRaw = (batchId: number, token: string = t.admin) => get(PATHS.dtuTaskReportGprs, token, { batchId });
  const gprs = async (batchId: number, token: string = t.admin) => dataOf<ReportGprs>(await gprsRaw(batchId, token));
  const exportRaw = (batchId: number, token: string = t.admin): Promise<LightMyRequestResponse> =>
    get(PATHS.dtuTaskReportExport, token, { batchId });

  return { ...base, detailRaw, detail, gprsRaw, gprs, exportRaw, reportBatch: () => reportBatch(db()) };
}

/** Units of the batch, by test order. */
export const UNITS = {
  U1: '861000000000001',
  U2: '861000000000002',
  U3: '861000000000003',
  U4: '861000000000004',
  U5: '861000000000005',
  /** a unit known by its MAC only */
  U6: 'AA:BB:CC:00:00:06',
} as const;

export interface ReportBatch {
  batchId: number;
  /** the task's first batch (one unit): the report's batch is the second */
  firstBatchId: number;
  taskId: number;
  dtuId: number;
  productLineId: number;
  dtuType: string;
  taskName: string;
  inspector: string;
  reviewer: string;
  props: { P1: number; P2: number; P3: number; P4: number; P5: number; P6: number };
}

/**
 * A THREE_2_ONE DTU's task with two batches; the second (batch number `<task>-002`,
 * submitted 2025-03-01 10:00:00 by the reviewer) holds six units:
 *
 *   U1 PASS  verified    AUTO MAC AA:BB:CC:00:00:01, AUTO VERSION 2.0.1, CSQ 20     → −73 dBm
 *   U2 FAIL  unverified  BASE MAC AA:BB:CC:00:00:02, CSQ 99 and RSSI −60             → none (CSQ unknown)
 *   U3 PASS  verified    BASE VERSION 2.0.0, SERIAL MAC (not a Bluetooth MAC), RSSI −71 → −71
 *   U4 PASS  unverified  nothing reported                                             → none
 *   U5 PASS  verified    CSQ 31                                                       → −51
 *   U6 PASS  verified    (MAC unit) CSQ 0                                             → −113
 *
 * Signal: min −113, max −51, mean (−73 − 71 − 51 − 113) / 4 = −77.
 *
 * Sampled (plan stored: n 3, Ac 0, Re 1; 3 judged, 1 defective, REJECT, by the inspector):
 * six samples S1…S6 of U1…U6, each with its own record (its CSQ 5 is no production signal).
 * Other properties (by id): P1 外观/外壳无划痕 (S1–S5 OK, S6 划痕 failed), P2 结构/螺丝紧固
 * (S1 0.6 passed, S2 0.4 failed; renamed since: the report keeps the judged name),
 * P3 外观/标签清晰 (S3 清晰 passed), P4 包装/包装完好 (under test, no sample), P5 其他
 * (not under test, no sample: absent), P6 结构/旧项 (not under test now, judged on S6 as
 * passed). Categories: 外观 [P1, P3], 结构 [P2, P6], 包装 [P4].
 *
 * Outside the batch: the first batch's unit, an unsubmitted record, both with a CSQ.
 */
export async function reportBatch(db: Kysely<Database>): Promise<ReportBatch> {
  const dtuType = unique('RPT').replace(/[^A-Za-z0-9]/g, '');
  const dtuId = await createDtu(db, {
    dtuType,
    modelType: 'EC200U_CN',
    productCompany: '移远通信',
    standardVoltage: '12',
    bandRate: 9600,
    communicationType: 'THREE_2_ONE',
  });
  const productLineId = await createLine(db);
  const taskName = unique('报告任务').slice(0, 18);
  const taskId = await createDtuTask(db, { dtuId, productLineId, status: 'START', fittingType: taskName });
  await db.updateTable('dtu_task').set({ checkLineId: productLineId, checkNumber: 3, checkLevel: 'II', checkAql: 1 }).where('id', '=', taskId).execute();

  const inspector = unique('检验员');
  const reviewer = unique('审核员');
  const inspectorId = await createUser(db, inspector, 'Passw0rdX');
  const reviewerId = await createUser(db, reviewer, 'Passw0rdX');

  const firstUnit = await createDtuTest(db, taskId, { unitCode: '861000000000000' });
  await createDtuTestValue(db, firstUnit, { kind: 'AUTO', code: 'CSQ', value: '10', pass: true });
  const firstBatchId = await createSubmitBatch(db, taskId, { testIds: [firstUnit] });

  const unit = (code: string, options: DtuTestOptions = {}) => createDtuTest(db, taskId, { unitCode: code, ...options });
  const U1 = await unit(UNITS.U1, { serverVerified: true });
  const U2 = await unit(UNITS.U2, { testStatus: 'NOT_PASS' });
  const U3 = await unit(UNITS.U3, { serverVerified: true });
  const U4 = await unit(UNITS.U4);
  const U5 = await unit(UNITS.U5, { serverVerified: true });
  const U6 = await unit(UNITS.U6, { serverVerified: true });
  await createDtuTestValue(db, U1, { kind: 'AUTO', code: 'MAC', value: 'AA:BB:CC:00:00:01', pass: true });
  await createDtuTestValue(db, U1, { kind: 'AUTO', code: 'VERSION', value: '2.0.1', pass: true });
  await createDtuTestValue(db, U1, { kind: 'AUTO', code: 'CSQ', value: '20', pass: true });
  await createDtuTestValue(db, U2, { kind: 'BASE', code: 'MAC', value: 'AA:BB:CC:00:00:02' });
  await createDtuTestValue(db, U2, { kind: 'AUTO', code: 'CSQ', value: '99', pass: false });
  await createDtuTestValue(db, U2, { kind: 'BASE', code: 'RSSI', value: '-60' });
  await createDtuTestValue(db, U3, { kind: 'BASE', code: 'VERSION', value: '2.0.0' });
  await createDtuTestValue(db, U3, { kind: 'SERIAL', code: 'MAC', value: 'ZZ', pass: true });
  await createDtuTestValue(db, U3, { kind: 'BASE', code: 'RSSI', value: '-71' });
  await createDtuTestValue(db, U5, { kind: 'AUTO', code: 'CSQ', value: '31', pass: true });
  await createDtuTestValue(db, U6, { kind: 'AUTO', code: 'CSQ', value: '0', pass: false });
  const batchId = await createSubmitBatch(db, taskId, { testIds: [U1, U2, U3, U4, U5, U6], submitterId: reviewerId, submitTime: SUBMIT_TIME });
  await db
    .updateTable('dtu_submit_batch')
    .set({ checkCount: 3, defectCount: 1, sampleSize: 3, acceptNumber: 0, rejectNumber: 1, verdict: 'REJECT', checkPersonId: inspectorId, checkTime: SUBMIT_TIME + 3_600_000 })
    .where('id', '=', batchId)
    .execute();

  const unsubmitted = await unit('861000000000099');
  await createDtuTestValue(db, unsubmitted, { kind: 'AUTO', code: 'CSQ', value: '25', pass: true });

  const other = (category: string, property: string, checkTool: string, checkStandard: string, status: number) =>
    createOtherProperty(db, dtuId, { category, property, checkTool, checkStandard, status });
  const P1 = await other('外观', '外壳无划痕', '目测', '无明显划痕', 1);
  const P2 = await other('结构', '螺丝紧固', '扭力计', '≥0.5N·m', 1);
  const P3 = await other('外观', '标签清晰', '目测', '字迹清晰', 1);
  const P4 = await other('包装', '包装完好', '目测', '无破损', 1);
  const P5 = await other('其他', '不检项', '目测', '-', 0);
  const P6 = await other('结构', '旧项', '卡尺', '±0.1mm', 0);

  const samples: number[] = [];
  for (const code of Object.values(UNITS)) {
    const sample = await createDtuTest(db, taskId, { unitCode: code, sampleBatchId: batchId, testerId: inspectorId });
    await createDtuTestValue(db, sample, { kind: 'AUTO', code: 'CSQ', value: '5', pass: false });
    samples.push(sample);
  }
  const [S1, S2, S3, S4, S5, S6] = samples as [number, number, number, number, number, number];
  for (const sample of [S1, S2, S3, S4, S5]) await createSampleValue(db, sample, P1, { actValue: 'OK', pass: true });
  await createSampleValue(db, S6, P1, { actValue: '划痕', pass: false });
  await createSampleValue(db, S1, P2, { actValue: '0.6', pass: true });
  await createSampleValue(db, S2, P2, { actValue: '0.4', pass: false });
  await createSampleValue(db, S3, P3, { actValue: '清晰', pass: true });
  await createSampleValue(db, S6, P6, { actValue: '0.05', pass: true });
  await db.updateTable('dtu_other_property').set({ property: '螺丝紧固（新）' }).where('id', '=', P2).execute();

  return { batchId, firstBatchId, taskId, dtuId, productLineId, dtuType, taskName, inspector, reviewer, props: { P1, P2, P3, P4, P5, P6 } };
}
