import type { ResultBody } from './draft';
import { STORAGE_KEYS } from './storage';
import { outbox } from './write-queue';

/** A result that could not reach the server; resent as is (same clientResultId) until answered. */
export interface QueuedResult {
  terminalId: number;
  flowName: string;
  queuedAt: number;
  body: ResultBody;
}

/** A queued result the server refused when it finally arrived (e.g. the task was stopped meanwhile). */
export interface RefusedResult {
  clientResultId: string;
  productionCode: string;
  flowName: string;
  message: string;
}

/** The overall check's results waiting for the server (lib/write-queue). */
export const RESULT_OUTBOX = outbox<QueuedResult, RefusedResult>({ queue: STORAGE_KEYS.queue, refused: STORAGE_KEYS.refused }, (entry) => entry.body.clientResultId);

export const refusedResult = (entry: QueuedResult, message: string): RefusedResult => ({
  clientResultId: entry.body.clientResultId,
  productionCode: entry.body.productionCode,
  flowName: entry.flowName,
  message,
});
