import fs from 'node:fs';
import os from 'node:os';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type CellValue, openSheetStream, SHEET_WORKER_NICENESS, sheetWorkerReady } from './xlsx-streaming.js';

// The sheet worker (issue 19) against exceljs' streaming writer run on the main thread, as every export ran before.

const SHEET = '生产记录';

/** Every kind of cell the exports write: text (Chinese too), numbers, blanks, a date; 2,500 rows = 3 batches. */
function sampleRows(): CellValue[][] {
  const rows: CellValue[][] = [['序号', '生产码', '检测状态', '检测时间', '值']];
  for (let index = 1; index <= 2_500; index++) {
    rows.push([
      index,
      `K${String(index).padStart(9, '0')}`,
      index % 7 === 0 ? '不合格' : '合格',
      index % 5 === 0 ? null : `2026-11-${String((index % 28) + 1).padStart(2, '0')} 08:00:00`,
      index % 3 === 0 ? index / 4 : index % 11 === 0 ? new Date(Date.UTC(2026, 10, index % 28)) : 'a "quoted" <tag> & more',
    ]);
  }
  return rows;
}

async function collect(write: (output: Writable) => Promise<void>): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(output);
  return Buffer.concat(chunks);
}

async function rowsOf(file: Buffer): Promise<{ name: string; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's own Buffer type predates Node's generic one
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

/** How every export wrote before the worker: the same writer and options, in this thread. */
async function inThread(rows: CellValue[][], output: Writable) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(SHEET);
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}

async function inWorker(rows: CellValue[][], output: Writable, batch: number) {
  const sheet = openSheetStream(output, SHEET);
  for (let start = 0; start < rows.length; start += batch) await sheet.add(rows.slice(start, start + batch));
  await sheet.end();
}

describe('the sheet worker', () => {
  it('writes the rows the in-thread writer writes, whatever the batches', async () => {
    const rows = sampleRows();
    const before = await rowsOf(await collect((output) => inThread(rows, output)));
    expect(before.rows).toHaveLength(2_501);
    for (const batch of [1_000, 97]) {
      const after = await rowsOf(await collect((output) => inWorker(rows, output, batch)));
      expect(after.name).toBe(SHEET);
      expect(after.rows).toEqual(before.rows);
    }
  });

  it('writes several workbooks side by side, each whole and apart', async () => {
    const rows = sampleRows();
    const files = await Promise.all(
      [0, 1, 2].map((n) => collect((output) => inWorker(rows.map((row) => [n, ...row]), output, 500))),
    );
    for (const [n, file] of files.entries()) {
      const { rows: read } = await rowsOf(file);
      expect(read).toHaveLength(2_501);
      expect(read.every((row) => row[0] === n)).toBe(true);
    }
  });

  it('holds the rows back while the client does not read, and stops when it leaves', async () => {
    await sheetWorkerReady();
    const output = new PassThrough();
    const sheet = openSheetStream(output, SHEET);
    const rows = sampleRows();
    let handed = 0;
    const writing = (async () => {
      for (let start = 0; start < 100_000 && !output.destroyed; start += 1_000) {
        await sheet.add(rows.slice(1, 1_001).map((row) => [start, ...row]));
        handed += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing reads `output`: after a few batches the zip's bytes fill it and add() waits.
    expect(handed).toBeGreaterThan(0);
    expect(handed).toBeLessThan(10);
    output.destroy();
    await writing;
    expect(handed).toBeLessThan(10);
    // end() after the client left resolves at once rather than waiting on a workbook the worker dropped.
    await sheet.end();
  });

  it('answers a workbook with only its header when no rows follow', async () => {
    const file = await collect(async (output) => {
      const sheet = openSheetStream(output, SHEET);
      await sheet.add([['序号', '生产码']]);
      await sheet.end();
    });
    expect((await rowsOf(file)).rows).toEqual([['序号', '生产码']]);
  });

  // Linux keeps a nice value per thread: the worker's is lowered, the process's (the requests') is not.
  it.runIf(process.platform === 'linux')('runs the zip below the requests: the worker thread alone is lowered', async () => {
    await sheetWorkerReady();
    const niceOf = (task: string) => {
      const stat = fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      // The fields after the command's closing parenthesis; nice is field 19, the 17th of these.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const nices = fs.readdirSync('/proc/self/task').map(niceOf);
    expect(nices).toContain(SHEET_WORKER_NICENESS);
    expect(os.getPriority()).toBe(0);
    expect(niceOf(String(process.pid))).toBe(0);
  });
});
