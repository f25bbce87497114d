import type { StationDtuResultAnswer } from './contracts';
import { codeOfBody, type DtuResultBody } from './dtu-api';
import { readStored, STORAGE_KEYS, writeStored } from './storage';
import { outbox, type QueuedWrite } from './write-queue';

/** A parts-check result that could not reach the server; resent as is (same clientResultId) until answered. */
export interface QueuedDtuResult extends QueuedWrite {
  taskName: string;
  body: DtuResultBody;
}

/** A queued result the server refused when it finally arrived (the task stopped, a value another unit took). */
export interface RefusedDtuResult {
  clientResultId: string;
  code: string;
  taskName: string;
  message: string;
}

/** The parts-check results waiting for the server (lib/write-queue), apart from the overall check's. */
export const DTU_RESULT_OUTBOX = outbox<QueuedDtuResult, RefusedDtuResult>(
  { queue: STORAGE_KEYS.dtuQueue, refused: STORAGE_KEYS.dtuRefused },
  (entry) => entry.body.clientResultId,
);

export const refusedDtuResult = (entry: QueuedDtuResult, message: string): RefusedDtuResult => ({
  clientResultId: entry.body.clientResultId,
  code: codeOfBody(entry.body),
  taskName: entry.taskName,
  message,
});

/** A result the server answered, as today's list shows it. */
export interface DtuTodayRow {
  terminalId: number;
  clientResultId: string;
  code: string;
  taskName: string;
  testStatus: StationDtuResultAnswer['testStatus'];
  /** when answered, epoch ms */
  time: number;
}

/** Enough for a shift at one PAD; older rows drop off. */
const TODAY_MAX = 300;

const sameDay = (a: number, b: number) => new Date(a).toDateString() === new Date(b).toDateString();

/*
 * The server keeps no list of a PAD's parts-check results to ask for, so the device
 * keeps the ones it was answered (by clientResultId, a replay once) for today's list.
 */
export function loadDtuToday(terminalId: number, now = Date.now()): DtuTodayRow[] {
  return (readStored<DtuTodayRow[]>(STORAGE_KEYS.dtuToday) ?? []).filter((row) => row.terminalId === terminalId && sameDay(row.time, now));
}

export function addDtuToday(row: DtuTodayRow): void {
  const kept = (readStored<DtuTodayRow[]>(STORAGE_KEYS.dtuToday) ?? []).filter(
    (stored) => stored.clientResultId !== row.clientResultId && sameDay(stored.time, row.time),
  );
  writeStored(STORAGE_KEYS.dtuToday, [row, ...kept].slice(0, TODAY_MAX));
}
