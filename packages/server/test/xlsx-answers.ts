import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** What the records exports are answered as. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The name a browser saves the download under (RFC 6266's UTF-8 form). */
export function downloadName(response: LightMyRequestResponse): string {
  const header = String(response.headers['content-disposition']);
  expect(header).toMatch(/^attachment; /);
  return decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(header)?.[1] ?? '');
}

/** Every row of the one sheet (named 生产记录), empty cells as null, without trailing empty cells. */
export async function sheetRows(content: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's own Buffer type predates Node's generic one
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['生产记录']);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  for (let n = 1; n <= sheet.rowCount; n++) {
    const values = Array.from((sheet.getRow(n).values as unknown[]).slice(1), (value) => value ?? null);
    while (values.length > 0 && values.at(-1) === null) values.pop();
    rows.push(values);
  }
  return rows;
}
