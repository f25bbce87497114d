import type { Writable } from 'node:stream';
import { REPORT_SAMPLE_COLUMNS, SAMPLING_VERDICT_NAMES } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { type CellValue, nextTurn, openSheetStream } from '../../platform/xlsx-streaming.js';
import { batchRecordsAfter, signalValuesOf } from './dtu-report.repository.js';
import { categoriesOf, dbmOf, type ReportHead, reportHeadOf, type ReportSource, reportSourceOf, toBatchRecords } from './dtu-report.service.js';

export const REPORT_SHEET = '检验报告';
export const REPORT_CATEGORY_COLUMNS = ['类别', '检测项', '检测标准', '检测工具', '结论', ...sampleHeaders()] as const;
export const REPORT_DEVICE_COLUMNS = ['IMEI', 'MAC', '蓝牙MAC', '串口通信', '固件版本', '服务器校验', '结果'] as const;
/** The order information the report shows as dashes (seed 002 §2 /checkReport: no order is known). */
export const REPORT_ORDER_ROWS = ['客户名称', '客户型号', '订单号', '订单数量', '抽样数量'] as const;

const PASSED = '合格';
const FAILED = '不合格';
const DASH = '-';

function sampleHeaders(): string[] {
  return Array.from({ length: REPORT_SAMPLE_COLUMNS }, (_, index) => `样本${index + 1}`);
}

/** Records read per query: a page and its values are what is held at once, whatever the batch's size. */
const READ_BATCH = 1_000;

/** `<DTU model>_检验报告_<batch number>.xlsx`, as the records' exports name theirs after the model. */
export const reportFileName = (dtuType: string, batchNo: string) => `${dtuType}_${REPORT_SHEET}_${batchNo}.xlsx`;

export interface ReportExport {
  fileName: string;
  /** Writes the workbook into `output` and ends it; stops early when `output` is destroyed (the client left). */
  write(output: Writable): Promise<void>;
}

const verdictText = (pass: boolean | null) => (pass === null ? DASH : pass ? PASSED : FAILED);
const textOrBlank = (text: string) => (text === '' ? null : text);

/** The signal of the batch's units in dBm: min, max and mean (one decimal), nulls without any. */
export interface SignalSummary {
  min: number | null;
  max: number | null;
  avg: number | null;
}

/** One pass over the batch's production records by pages: only the running figures are kept. */
async function signalSummaryOf(db: Kysely<Database>, batchId: number, stopped: () => boolean): Promise<SignalSummary> {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  let after = 0;
  while (!stopped()) {
    const rows = await batchRecordsAfter(db, batchId, after, READ_BATCH);
    if (rows.length === 0) break;
    const values = new Map<number, Map<string, string | null>>();
    for (const value of await signalValuesOf(
      db,
      rows.map((row) => row.id),
    )) {
      let codes = values.get(value.testId);
      if (!codes) values.set(value.testId, (codes = new Map()));
      if (!codes.has(value.code)) codes.set(value.code, value.value);
    }
    for (const row of rows) {
      const dbm = dbmOf(values.get(row.id) ?? new Map());
      if (dbm === null) continue;
      min = Math.min(min, dbm);
      max = Math.max(max, dbm);
      sum += dbm;
      count += 1;
    }
    after = rows[rows.length - 1]!.id;
    // SQLite's reads resolve as microtasks: without a turn the whole pass would hold the event loop.
    await nextTurn();
  }
  if (count === 0) return { min: null, max: null, avg: null };
  return { min, max, avg: Math.round((sum / count) * 10) / 10 };
}

function headRows(head: ReportHead): CellValue[][] {
  return [
    [REPORT_SHEET],
    ['检验机构', head.organisation],
    ['批次', head.batchNo],
    ['提交数量', head.submitNumber],
    ['抽检数量', head.checkCount],
    ['检验员', head.checkPerson ?? DASH],
    ['审核员', head.verifyPerson ?? DASH],
    ['提交时间', head.submitTime],
    ['判定', SAMPLING_VERDICT_NAMES[head.verdict]],
    [],
    ['基本信息'],
    ['DTU型号', head.dtuType],
    ['模块型号', head.modelType || DASH],
    ['模块厂家', head.productCompany || DASH],
    ['工作电压', head.standardVoltage ? `${head.standardVoltage}V` : DASH],
    ['波特率', head.bandRate ?? DASH],
    ['通信方式', head.communicationTypeDesc || DASH],
    [],
    ['订单信息'],
    ...REPORT_ORDER_ROWS.map((label) => [label, DASH]),
    [],
  ];
}

/**
 * 导出检验报告: the batch and its task are checked, and the report's head and basic
 * checks read, before a byte is sent, so a refusal is still the JSON envelope; the
 * signal figures and the device table (every unit of the batch) are read by pages
 * while writing.
 */
export async function openReportExport(db: Kysely<Database>, scope: TaskScope, batchId: number, timeZone: string): Promise<ReportExport> {
  const source: ReportSource = await reportSourceOf(db, scope, batchId);
  const head = await reportHeadOf(db, source, timeZone);
  const categories = await categoriesOf(db, source);

  async function write(output: Writable): Promise<void> {
    // Written by the sheet worker (platform/xlsx-streaming.ts: exceljs' streaming writer without shared strings
    // or styles, off the event loop); rows are handed over a section or a page at a time.
    const sheet = openSheetStream(output, REPORT_SHEET);
    const rows: CellValue[][] = [...headRows(head), ['基本检测'], [...REPORT_CATEGORY_COLUMNS]];
    for (const category of categories) {
      for (const prop of category.props) {
        rows.push([
          category.categoryName,
          prop.property,
          prop.checkStandard,
          prop.checkTool,
          verdictText(prop.result),
          ...prop.samples.map((sample) => (sample.result === null ? DASH : `${sample.actValue} ${verdictText(sample.result)}`)),
        ]);
      }
    }
    rows.push([]);
    await sheet.add(rows);

    const signal = await signalSummaryOf(db, source.batch.id, () => output.destroyed);
    await sheet.add([
      ['信号强度 (dBm)'],
      ['最小值', signal.min ?? DASH],
      ['最大值', signal.max ?? DASH],
      ['平均值', signal.avg ?? DASH],
      [],
      ['基本性能'],
      [...REPORT_DEVICE_COLUMNS],
    ]);
    let after = 0;
    while (!output.destroyed) {
      const page = await batchRecordsAfter(db, source.batch.id, after, READ_BATCH);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      await sheet.add(
        (await toBatchRecords(db, source, page)).map((record) => [
          textOrBlank(record.imei),
          textOrBlank(record.mac),
          textOrBlank(record.blueToothMac),
          verdictText(record.serialCommunication),
          textOrBlank(record.version),
          record.serviceVerify ? '通过' : '未通过',
          verdictText(record.testStatus === 'PASS'),
        ]),
      );
    }
    if (output.destroyed) return;
    await sheet.end();
  }

  return { fileName: reportFileName(head.dtuType, head.batchNo), write };
}
