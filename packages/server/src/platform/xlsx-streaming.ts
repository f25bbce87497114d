import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';

// Backpressure for .xlsx files written with exceljs' streaming WorkbookWriter
// (the records list's export and issue 18's).

/**
 * What exceljs 4.4's streaming sheet writes into (not part of its typed API):
 * a buffer that hands each 64 KB of sheet XML to the zip entry's stream (a
 * readable-stream 2 PassThrough of archiver's, which predates writableNeedDrain)
 * and ignores that stream's backpressure. So neither the rows nor `output` push
 * back: with a slow client the whole sheet would pile up before the deflater.
 */
interface SheetInternals {
  stream?: { pipes?: LegacyWritable[] };
}
interface LegacyWritable {
  _writableState?: { needDrain?: boolean };
  on(event: 'drain' | 'close', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close', listener: () => void): unknown;
}

/**
 * Resolves once the zip entry of the sheet and `output` have room again (or
 * `output` is gone): call it between pages of rows, so the next page is read
 * only after the client took the earlier ones. Without a stream to watch
 * (another exceljs), `output` alone is watched.
 */
export async function roomIn(sheet: ExcelJS.Worksheet, output: Writable): Promise<void> {
  const entry = (sheet as unknown as SheetInternals).stream?.pipes?.[0];
  if (entry?._writableState?.needDrain && !output.destroyed) await drained(entry, output);
  if (output.writableNeedDrain && !output.destroyed) await drained(output, output);
  // Lets the deflater's and the socket's callbacks run between pages.
  await new Promise((resolve) => setImmediate(resolve));
}

function drained(stream: LegacyWritable, output: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      output.removeListener('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    output.on('close', done);
  });
}
