import { FLOW_RESULT_NAMES, TEST_STATUS_NAMES, type FlowResultStatus, type TestStatus } from '@factory/contracts';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';
import type { TaskScope } from '../../platform/task-scope.js';
import { formatTime } from '../../platform/time.js';
import { lineCodesOf, type ResultRow, resultsOfDevices } from './records.repository.js';
import { requireRecord, storedItems, storedManual } from './record-views.js';

export const RECORD_SHEET = '生产记录';
// The console's words (contracts), not 通过/不通过: the export and the screen must read alike.
export const RESULT_STATUS_TEXT: Record<FlowResultStatus, string> = FLOW_RESULT_NAMES;
export const TEST_STATUS_TEXT: Record<TestStatus, string> = TEST_STATUS_NAMES;
/** A device with flows still untested has no overall status yet. */
export const TESTING_TEXT = '检测中';
export const ITEM_RESULT_TEXT = (passed: boolean) => (passed ? '合格' : '不合格');
export const RESULT_COLUMNS = ['流程', '流程序号', '检测次数', '检测结果', '检测人', '终端名称', '终端编号', '开始时间', '结束时间'] as const;

/** `<model>_生产记录_<code>.xlsx` */
export const recordFileName = (productNumber: string, code: string) => `${productNumber}_${RECORD_SHEET}_${code}.xlsx`;

/**
 * The check columns of the results: each auto-check item (value, standard,
 * result) and each manual item, by name in the order first met. Flows checking
 * the same property share its columns; a name met twice in one result gets a
 * second set, marked (2).
 */
function checkColumns(results: readonly ResultRow[]) {
  const auto: string[] = [];
  const manual: string[] = [];
  const keyed = (names: readonly string[], into: string[]) => {
    const seen = new Map<string, number>();
    return names.map((name) => {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      const key = n === 1 ? name : `${name}(${n})`;
      if (!into.includes(key)) into.push(key);
      return key;
    });
  };
  const rows = results.map((result) => {
    const items = storedItems(result);
    const checks = storedManual(result);
    return {
      result,
      items: new Map(keyed(items.map((item) => item.name), auto).map((key, index) => [key, items[index]!])),
      manual: new Map(keyed(checks.map((check) => check.name), manual).map((key, index) => [key, checks[index]!])),
    };
  });
  return { auto, manual, rows };
}

/**
 * 导出生产记录: one sheet, the device's fields as label and value, a blank row,
 * then one row per result of the device in time order with every check.
 * A device has tens of results at most, so the workbook is built whole.
 */
export async function recordWorkbook(
  db: Kysely<Database>,
  scope: TaskScope,
  code: string,
  timeZone: string,
): Promise<{ fileName: string; content: Buffer }> {
  const device = await requireRecord(db, scope, code);
  const results = await resultsOfDevices(db, [device.id]);
  const lineCode = (await lineCodesOf(db, [device.taskId])).get(device.taskId) ?? '';
  // Nothing to show is an empty cell.
  const time = (epochMs: number | null) => (epochMs === null ? null : formatTime(epochMs, timeZone));

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(RECORD_SHEET);
  const fields: [string, string | number | null][] = [
    ['生产码', device.code],
    ['任务编号', device.taskId],
    ['产品型号', device.productNumber],
    ['产品类型', device.productTypeName],
    ['产线编号', lineCode || null],
    ['SN', device.sn],
    ['MAC', device.mac],
    ['IMEI', device.imei],
    ['检测状态', device.testStatus ? TEST_STATUS_TEXT[device.testStatus as TestStatus] : TESTING_TEXT],
    ['首次检测时间', time(device.firstTestTime)],
    ['最近检测时间', time(device.lastTestTime)],
  ];
  for (const field of fields) sheet.addRow(field);
  sheet.addRow([]);

  const { auto, manual, rows } = checkColumns(results);
  sheet.addRow([
    ...RESULT_COLUMNS,
    ...auto.flatMap((name) => [`${name} 检测值`, `${name} 标准值`, `${name} 结果`]),
    ...manual.map((name) => `${name}（人工）`),
  ]);
  for (const { result, items, manual: checks } of rows) {
    sheet.addRow([
      result.flowName,
      result.flowSequence,
      result.attempt,
      RESULT_STATUS_TEXT[result.status as FlowResultStatus],
      result.userName,
      result.terminalName,
      result.terminalCode,
      time(result.startTime),
      time(result.endTime),
      ...auto.flatMap((key) => {
        const item = items.get(key);
        return item ? [item.value, item.standard, ITEM_RESULT_TEXT(item.result === 1)] : [null, null, null];
      }),
      ...manual.map((key) => {
        const check = checks.get(key);
        return check ? ITEM_RESULT_TEXT(check.pass) : null;
      }),
    ]);
  }
  sheet.getColumn(1).width = 14;
  sheet.getColumn(2).width = 24;
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: recordFileName(device.productNumber, device.code), content };
}
