import { Readable, type Writable } from 'node:stream';
import { CODE_EXPORT_COLUMNS } from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { ExportFormat } from '../../platform/export-formats.js';
import type { Database } from '../../platform/schema.js';
import { nextTurn, openSheetStream } from '../../platform/xlsx-streaming.js';
import { codesAfter, type ExportedTask } from './production-code.repository.js';

/**
 * Codes read per query: memory stays flat for 100,000 units and no query holds SQLite's one connection long;
 * between batches other requests run (issue 19: at 5,000 a batch of the csv held the event loop about 10 ms).
 */
const READ_BATCH = 2_000;
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
 * Writes the xlsx into `output` with exceljs's streaming writer in the sheet
 * worker (platform/xlsx-streaming.ts): a batch of rows at a time, the next read
 * once the worker and the client have room, so the workbook is never held whole
 * in memory and the event loop is never held by it.
 * Resolves when the zip is finished and `output` has ended.
 */
export async function writeCodesXlsx(db: Kysely<Database>, task: ExportedTask, output: Writable): Promise<void> {
  const sheet = openSheetStream(output, SHEET_NAME);
  await sheet.add([[...CODE_EXPORT_COLUMNS]]);
  for await (const rows of exportRows(db, task, () => output.destroyed)) await sheet.add(rows);
  if (output.destroyed) return;
  await sheet.end();
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
      for await (const rows of exportRows(db, task, () => false)) {
        yield rows.map(csvLine).join('');
        // SQLite's reads resolve as microtasks: without this the stream would read on while the socket takes it.
        await nextTurn();
      }
    })(),
    { objectMode: false },
  );
}
