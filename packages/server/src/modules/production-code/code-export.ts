import { Readable, type Writable } from 'node:stream';
import { CODE_EXPORT_COLUMNS } from '@factory/contracts';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { ExportFormat } from '../../platform/export-formats.js';
import type { Database } from '../../platform/schema.js';
import { codesAfter, type ExportedTask } from './production-code.repository.js';

/** Codes read per query: memory stays flat for 100,000 units and no query holds SQLite's one connection long. */
const READ_BATCH = 5_000;
const SHEET_NAME = '生产编码';
/** Excel guesses a csv's encoding from a byte-order mark; without one it reads Chinese as the local code page. */
const UTF8_BOM = '\uFEFF';

/** `<fileName>.<format>`, default `<model>_生产编码_<taskId>`; a name given with its extension keeps just one. */
export function exportFileName(task: ExportedTask, fileName: string | undefined, format: ExportFormat): string {
  const extension = `.${format}`;
  const given = fileName?.toLowerCase().endsWith(extension) ? fileName.slice(0, -extension.length) : fileName;
  return `${given || `${task.productNumber}_${SHEET_NAME}_${task.id}`}${extension}`;
}

type ExportRow = [sequence: number, code: string, productNumber: string, productCode: string, taskId: number];

/** The task's rows in label order, a batch at a time; stops reading when `stopped` says the reader left. */
async function* exportRows(db: Kysely<Database>, task: ExportedTask, stopped: () => boolean): AsyncGenerator<ExportRow[]> {
  let after = 0;
  while (!stopped()) {
    const codes = await codesAfter(db, task.id, after, READ_BATCH);
    if (codes.length === 0) return;
    yield codes.map((row) => [row.sequence, row.code, task.productNumber, task.productCode, task.id]);
    after = codes[codes.length - 1]!.sequence;
  }
}

/**
 * Writes the xlsx into `output` with exceljs's streaming writer: each row is
 * committed as it is added, so the workbook is never held whole in memory.
 * Resolves when the zip is finished and `output` has ended.
 */
export async function writeCodesXlsx(db: Kysely<Database>, task: ExportedTask, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(SHEET_NAME);
  sheet.addRow([...CODE_EXPORT_COLUMNS]).commit();
  for await (const rows of exportRows(db, task, () => output.destroyed)) {
    for (const row of rows) sheet.addRow(row).commit();
  }
  if (output.destroyed) return;
  sheet.commit();
  await workbook.commit();
}

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csvLine = (fields: readonly (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

/**
 * The csv as a stream: UTF-8 with a byte-order mark, CRLF lines as Excel writes
 * them. Destroying the stream (the client left) ends the generator at its next row batch.
 */
export function codesCsv(db: Kysely<Database>, task: ExportedTask): Readable {
  return Readable.from(
    (async function* () {
      yield UTF8_BOM + csvLine(CODE_EXPORT_COLUMNS);
      for await (const rows of exportRows(db, task, () => false)) yield rows.map(csvLine).join('');
    })(),
    { objectMode: false },
  );
}
