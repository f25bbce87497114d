import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { SHEET_WORKER_SOURCE } from './xlsx-worker-source.js';

// Streamed .xlsx exports (production codes, records list, DTU task, batch and report) written off the event loop
// (issue 19): the export reads its rows a batch at a time on the main thread and hands each batch to a worker
// thread, which runs exceljs' streaming writer and deflates the zip; the bytes come back and go to the client.
// Measured before: 100,000 rows cost the main thread about 0.5 s of exceljs row serialising plus the zip's
// bookkeeping, and the code export, whose SQLite reads resolve as microtasks, never let another request in.

/** What a cell may hold (structured-clonable, as exceljs writes it). */
export type CellValue = string | number | boolean | Date | null | undefined;

/** One sheet of a workbook being written by the worker into `output`. */
export interface SheetStream {
  /**
   * Hands rows to the worker. Resolves once the worker and `output` have room for
   * more and other requests had a turn, so the caller reads its next batch only then;
   * resolves at once when `output` is destroyed (the caller checks `output.destroyed`).
   */
  add(rows: readonly (readonly CellValue[])[]): Promise<void>;
  /** Finishes the workbook; resolves when `output` has ended (or is gone). */
  end(): Promise<void>;
}

/** Batches the worker may hold beyond the one being written: the next batch is read while one is zipped. */
const BATCHES_AHEAD = 1;
/** The worker stays this long after its last export: its start (loading exceljs) costs 0.3 s or more. */
const IDLE_MS = 60_000;

type FromWorker =
  | { id: number; kind: 'data'; chunk: Uint8Array }
  | { id: number; kind: 'ready' }
  | { id: number; kind: 'done' }
  | { id: number; kind: 'error'; message: string };

interface OpenSheet {
  /** the worker writing it: a worker ended for idleness must not fail the exports of the one after it */
  thread: Worker;
  onData(chunk: Uint8Array): void;
  onReady(): void;
  onDone(): void;
  onError(error: Error): void;
}

const require = createRequire(import.meta.url);
let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
/** The sheet worker thread's nice value (0 normal, 19 lowest): below the requests' (xlsx-worker-source.ts). */
export const SHEET_WORKER_NICENESS = 10;
const sheets = new Map<number, OpenSheet>();

function sheetWorker(): Worker {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (worker) {
    worker.ref();
    return worker;
  }
  const started = new Worker(SHEET_WORKER_SOURCE, {
    eval: true,
    workerData: { workbookWriter: require.resolve('exceljs/lib/stream/xlsx/workbook-writer.js'), niceness: SHEET_WORKER_NICENESS },
  });
  started.on('message', (message: FromWorker) => {
    const sheet = sheets.get(message.id);
    if (!sheet) return;
    if (message.kind === 'data') sheet.onData(message.chunk);
    else if (message.kind === 'ready') sheet.onReady();
    else if (message.kind === 'done') sheet.onDone();
    else sheet.onError(new Error(`xlsx worker: ${message.message}`));
  });
  const lost = (error: Error) => {
    if (worker === started) worker = null;
    for (const sheet of [...sheets.values()]) if (sheet.thread === started) sheet.onError(error);
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`xlsx worker exited (${code})`)));
  worker = started;
  return started;
}

/** Lets the process exit while no export runs, and ends the worker after IDLE_MS without one. */
function released() {
  if (sheets.size > 0 || !worker) return;
  worker.unref();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (sheets.size > 0 || !worker) return;
    const idle = worker;
    worker = null;
    void idle.terminate();
  }, IDLE_MS);
  idleTimer.unref();
}

/**
 * Starts the worker if need be and resolves once it answers (exceljs loaded): for tests that time what an
 * export does, not the worker's start.
 */
export function sheetWorkerReady(): Promise<void> {
  const id = nextId++;
  const thread = sheetWorker();
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      sheets.delete(id);
      released();
      if (error) reject(error);
      else resolve();
    };
    sheets.set(id, { thread, onData: () => undefined, onReady: () => done(), onDone: () => undefined, onError: done });
    thread.postMessage({ id, kind: 'ping' });
  });
}

/** Resolves on the next turn of the event loop, after pending I/O: between batches, other requests run. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function drained(output: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      output.removeListener('drain', done);
      output.removeListener('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
}

/**
 * Opens a one-sheet workbook written by the worker into `output` (streaming,
 * without shared strings or styles: both are tables kept whole until the end).
 * `output` is destroyed with the error should the worker fail.
 */
export function openSheetStream(output: Writable, sheetName: string): SheetStream {
  const id = nextId++;
  const thread = sheetWorker();
  let unanswered = 0;
  let wakeReady: (() => void) | null = null;
  let finished: (() => void) | null = null;
  let closed = false;

  const close = () => {
    if (closed) return;
    closed = true;
    sheets.delete(id);
    released();
  };
  const wake = () => {
    const resolve = wakeReady;
    wakeReady = null;
    resolve?.();
  };
  // The client left: the worker drops the workbook, and nothing waits on it any more.
  const left = () => {
    if (closed) return;
    thread.postMessage({ id, kind: 'drop' });
    close();
    wake();
    finished?.();
  };
  output.once('close', left);

  sheets.set(id, {
    thread,
    onData: (chunk) => {
      if (output.destroyed) return;
      // The write's callback comes once the client took the bytes (a PassThrough holds it while its reader is
      // full): that is the worker's credit, so a client that stops reading stops the zip and then the reads.
      output.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), () => {
        if (!closed) thread.postMessage({ id, kind: 'credit', bytes: chunk.byteLength });
      });
    },
    onReady: () => {
      unanswered -= 1;
      wake();
    },
    onDone: () => {
      close();
      output.removeListener('close', left);
      output.end(() => finished?.());
    },
    onError: (error) => {
      close();
      output.destroy(error);
      wake();
      finished?.();
    },
  });
  thread.postMessage({ id, kind: 'open', sheet: sheetName });

  return {
    async add(rows) {
      if (closed || output.destroyed) return;
      thread.postMessage({ id, kind: 'rows', rows });
      unanswered += 1;
      while (unanswered > BATCHES_AHEAD && !closed) await new Promise<void>((resolve) => (wakeReady = resolve));
      if (output.writableNeedDrain && !output.destroyed) await drained(output);
      await nextTurn();
    },
    end() {
      if (closed || output.destroyed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        finished = resolve;
        thread.postMessage({ id, kind: 'end' });
      });
    },
  };
}
