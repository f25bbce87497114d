/**
 * The sheet worker's code (xlsx-streaming.ts runs it with `eval: true`). Plain
 * CommonJS in a string, so the same text runs from the built server and from
 * the TypeScript sources under the tests (Node 20 can not load a .ts worker, and
 * tsc copies no .js file to dist).
 *
 * It keeps one exceljs streaming WorkbookWriter per open export, multiplexed by
 * id, and posts the zip's bytes back as they are deflated. Messages in:
 * {id, kind: 'open', sheet} | {id, kind: 'rows', rows} | {id, kind: 'end'} |
 * {id, kind: 'drop'} | {id, kind: 'ping'} (answered 'ready': the worker is up) | {id, kind: 'credit', bytes}
 * (the client took that many bytes). Out: {id, kind: 'data', chunk} (transferred) |
 * {id, kind: 'ready'} (the rows are in and the zip entry has room again) |
 * {id, kind: 'done'} (every byte was posted) | {id, kind: 'error', message}.
 *
 * exceljs 4.4's sheet hands its XML to the zip entry (a readable-stream 2
 * PassThrough, without writableNeedDrain) and ignores the entry's backpressure,
 * so 'ready' waits for that entry's drain itself: what a batch of rows becomes
 * is deflated before the next batch is asked for. And it waits for credit: at
 * most UNTAKEN bytes posted that the client has not taken yet, so a client that
 * stops reading stops the zip, then the rows, then the reads, as one pipe did.
 * Each export has its own queue of messages, so one slow client holds up only
 * its own export; credits and drops are handled at once, outside the queues.
 */
export const SHEET_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { Writable } = require('node:stream');
// The streaming writer alone: exceljs' index loads its reader and every format too (about 3x the start-up).
const WorkbookWriter = require(workerData.workbookWriter);

// The zip is background work: on Linux a thread has its own nice value, and os.setPriority with no pid sets the
// calling thread's. Lowered, the worker takes the cores only when requests leave them free (on two cores an
// export's zip otherwise held up the calls beside it). Where it cannot be set, the worker runs as it is.
try {
  require('node:os').setPriority(workerData.niceness);
} catch {
  // not permitted here: the default priority
}

/** Bytes posted and not yet taken by the client, past which an export's rows wait. */
const UNTAKEN = 16 * 1024;
const books = new Map();

function post(message, transfer) {
  parentPort.postMessage(message, transfer);
}

function open(id, sheetName) {
  const book = { untaken: 0, onCredit: null, queue: Promise.resolve() };
  book.out = new Writable({
    write(chunk, _encoding, done) {
      // A copy of exactly the chunk, moved to the main thread rather than cloned.
      const bytes = new Uint8Array(chunk);
      book.untaken += bytes.byteLength;
      post({ id, kind: 'data', chunk: bytes }, [bytes.buffer]);
      done();
    },
  });
  book.workbook = new WorkbookWriter({ stream: book.out, useStyles: false, useSharedStrings: false });
  book.sheet = book.workbook.addWorksheet(sheetName);
  books.set(id, book);
}

function entryOf(sheet) {
  const pipes = sheet.stream && sheet.stream.pipes;
  return pipes && pipes[0];
}

function entryDrained(book) {
  const entry = entryOf(book.sheet);
  if (!entry || !entry._writableState || !entry._writableState.needDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      entry.removeListener('drain', done);
      entry.removeListener('close', done);
      resolve();
    };
    entry.on('drain', done);
    entry.on('close', done);
  });
}

function credited(book) {
  if (book.untaken <= UNTAKEN) return Promise.resolve();
  return new Promise((resolve) => (book.onCredit = resolve));
}

function wakeCredit(book) {
  const resolve = book.onCredit;
  book.onCredit = null;
  if (resolve) resolve();
}

async function handle(id, message) {
  const book = books.get(id);
  if (!book) return;
  if (message.kind === 'rows') {
    for (const row of message.rows) book.sheet.addRow(row).commit();
    await entryDrained(book);
    await credited(book);
    if (books.has(id)) post({ id, kind: 'ready' });
  } else if (message.kind === 'end') {
    book.sheet.commit();
    await book.workbook.commit();
    books.delete(id);
    post({ id, kind: 'done' });
  }
}

parentPort.on('message', (message) => {
  const { id, kind } = message;
  if (kind === 'ping') return post({ id, kind: 'ready' });
  if (kind === 'open') return open(id, message.sheet);
  const book = books.get(id);
  if (!book) return;
  if (kind === 'credit') {
    book.untaken -= message.bytes;
    if (book.untaken <= UNTAKEN) wakeCredit(book);
    return;
  }
  if (kind === 'drop') {
    books.delete(id);
    wakeCredit(book);
    book.out.destroy();
    return;
  }
  // One export's messages in order: its rows and its end never overtake each other.
  book.queue = book.queue.then(() =>
    handle(id, message).catch((error) => {
      if (!books.delete(id)) return;
      post({ id, kind: 'error', message: String((error && error.stack) || error) });
    }),
  );
});
`;
