import { STORAGE_KEYS } from './storage';
import type { StockWrite, StockWriteKind } from './stock-api';
import { subjectOf } from './stock-api';
import { outbox, type QueuedWrite } from './write-queue';

/** A PDA write that could not reach the server; resent as is (same clientId) until answered. */
export interface QueuedStockWrite extends QueuedWrite {
  write: StockWrite;
}

/** A queued write the server refused when it finally arrived (e.g. the unit was stocked elsewhere meanwhile). */
export interface RefusedStockWrite {
  clientId: string;
  kind: StockWriteKind;
  /** the unit's code or the batch number */
  subject: string;
  message: string;
}

export const STOCK_OUTBOX = outbox<QueuedStockWrite, RefusedStockWrite>(
  { queue: STORAGE_KEYS.stockQueue, refused: STORAGE_KEYS.stockRefused },
  (entry) => entry.write.body.clientId,
);

export const refusedStockWrite = (entry: QueuedStockWrite, message: string): RefusedStockWrite => ({
  clientId: entry.write.body.clientId,
  kind: entry.write.kind,
  subject: subjectOf(entry.write),
  message,
});
