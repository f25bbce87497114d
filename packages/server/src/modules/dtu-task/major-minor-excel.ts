import fs from 'node:fs';
import path from 'node:path';
import { DTU_TASK_EXCEL_EXTENSIONS, DTU_TASK_LIMITS, DTU_TASK_MSG as M } from '@factory/contracts';
import ExcelJS from 'exceljs';
import { badRequest, HttpError } from '../../platform/errors.js';
import type { ReceivedBlob } from '../../platform/files.js';

/*
 * The major/minor Excel of a task's data delivery (DESIGN.md §9.3, docs/dtu-tasks.md):
 * a header row naming the columns `major` and `minor` (any order, any case), then one
 * row per unit, whole numbers 0–65535 (iBeacon's range), each pair once.
 */

export interface MajorMinorRow {
  /** the row of the sheet, 1-based (the header's row counted) */
  rowNo: number;
  major: number;
  minor: number;
}

/** The Excel as read: its rows, or why it is refused (kept until the form's other checks ran: they speak first). */
export type MajorMinorExcel = { blob: ReceivedBlob; rows: MajorMinorRow[] } | { blob: ReceivedBlob; refusal: HttpError };

const MAX_VALUE = 65_535;
/** An .xls (Excel 97-2003) is an OLE2 compound file: exceljs reads only the zip of an .xlsx. */
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Reads a received Excel, answering its rows or its refusal; never throws for what the file holds. */
export async function readMajorMinorExcel(blob: ReceivedBlob): Promise<MajorMinorExcel> {
  try {
    return { blob, rows: await readRows(blob) };
  } catch (error) {
    if (error instanceof HttpError) return { blob, refusal: error };
    // exceljs and its unzip complain in their own words about a file they cannot read.
    return { blob, refusal: badRequest(M.excelUnreadable) };
  }
}

/**
 * What a workbook may hold unzipped: the sheet of 100 000 rows of two numbers is a few
 * MB of XML; far more is a zip bomb, refused before anything is inflated.
 */
const UNZIPPED_MAX_BYTES = 200 * 1024 * 1024;

async function readRows(blob: ReceivedBlob): Promise<MajorMinorRow[]> {
  const extension = path.extname(blob.originName).toLowerCase();
  if (!(DTU_TASK_EXCEL_EXTENSIONS as readonly string[]).includes(extension)) throw badRequest(M.excelType);
  if (blob.size > DTU_TASK_LIMITS.excelMaxBytes) throw new HttpError(413, M.excelTooLarge);
  const bytes = await fs.promises.readFile(blob.tempFile);
  // By the bytes, not the name: an .xlsx renamed .xls is read, an .xls renamed .xlsx is recognised.
  if (bytes.subarray(0, OLE2_SIGNATURE.length).equals(OLE2_SIGNATURE)) throw badRequest(M.excelOldFormat);
  const unzipped = unzippedSize(bytes);
  if (unzipped === null) throw badRequest(M.excelUnreadable);
  if (unzipped > UNZIPPED_MAX_BYTES) throw badRequest(M.excelTooManyRows);
  /*
   * Read whole, not streamed: exceljs's streaming reader races its own parts (a sheet's
   * rows may arrive before the workbook or the shared strings are parsed, and then throw or
   * read the header as empty, about once in a hundred reads under load). The file is at most
   * 10 MB and its unzipped size was checked above.
   */
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const firstSheet = new MajorMinorSheet();
  sheet?.eachRow({ includeEmpty: false }, (row) => firstSheet.add(row));
  return firstSheet.rows();
}

/**
 * The sum of a zip's entries' unzipped sizes, read from its central directory without
 * inflating anything; null when the bytes are not a zip (or a Zip64 one: far too big here).
 */
function unzippedSize(zip: Buffer): number | null {
  const END_SIGNATURE = 0x06054b50;
  const ENTRY_SIGNATURE = 0x02014b50;
  // the end record is 22 bytes plus a comment of up to 65 535
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at -= 1) {
    if (zip.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== ENTRY_SIGNATURE) return null;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

/**
 * The first sheet's rows under its header (the first row that is not empty), empty
 * rows skipped. Its first refusal is kept and answered by rows().
 */
class MajorMinorSheet {
  private columns: { major: number; minor: number } | undefined;
  private readonly kept: MajorMinorRow[] = [];
  private readonly seen = new Set<number>();
  private refusal: HttpError | undefined;

  add(row: ExcelJS.Row): void {
    if (this.refusal) return;
    try {
      this.read(row);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      this.refusal = error;
    }
  }

  rows(): MajorMinorRow[] {
    if (this.refusal) throw this.refusal;
    if (this.kept.length === 0) throw badRequest(M.excelEmpty);
    return this.kept;
  }

  private read(row: ExcelJS.Row): void {
    const values = row.values as unknown[];
    if (!this.columns) {
      const names = values.map((value) => textOf(value).toLowerCase());
      if (names.every((name) => name === '')) return;
      const major = names.indexOf('major');
      const minor = names.indexOf('minor');
      if (major < 0 || minor < 0) throw badRequest(M.excelEmpty);
      this.columns = { major, minor };
      return;
    }
    const major = textOf(values[this.columns.major]);
    const minor = textOf(values[this.columns.minor]);
    if (major === '' && minor === '') return;
    const pair = { major: wholeNumber(major), minor: wholeNumber(minor) };
    if (pair.major === null || pair.minor === null) throw badRequest(M.excelRow(row.number));
    if (this.kept.length >= DTU_TASK_LIMITS.excelRowsMax) throw badRequest(M.excelTooManyRows);
    const key = pair.major * (MAX_VALUE + 1) + pair.minor;
    if (this.seen.has(key)) throw badRequest(M.excelDuplicate(row.number));
    this.seen.add(key);
    this.kept.push({ rowNo: row.number, major: pair.major, minor: pair.minor });
  }
}

/** A cell as text: a number, a string, a formula's result, rich text; '' when empty. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if ('result' in cell) return textOf(cell.result);
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('').trim();
    if (typeof cell.text === 'string') return cell.text.trim();
    if (cell.error !== undefined) return String(cell.error);
  }
  return String(value);
}

/** 0–65535 written as a whole number (`12`, `12.0` as Excel may store it), else null. */
function wholeNumber(text: string): number | null {
  if (!/^\d{1,5}(\.0+)?$/.test(text)) return null;
  const number = Number(text);
  return number <= MAX_VALUE ? number : null;
}
