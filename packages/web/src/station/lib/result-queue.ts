import type { ResultBody } from './draft';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

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

export const loadQueue = (): QueuedResult[] => readStored<QueuedResult[]>(STORAGE_KEYS.queue) ?? [];
export const saveQueue = (queue: QueuedResult[]) => writeStored(STORAGE_KEYS.queue, queue.length > 0 ? queue : null);

export const loadRefused = (): RefusedResult[] => readStored<RefusedResult[]>(STORAGE_KEYS.refused) ?? [];
export const saveRefused = (refused: RefusedResult[]) => writeStored(STORAGE_KEYS.refused, refused.length > 0 ? refused : null);

/** Adds a result to the stored queue, once per clientResultId. */
export function enqueueResult(entry: QueuedResult): QueuedResult[] {
  const queue = loadQueue().filter((queued) => queued.body.clientResultId !== entry.body.clientResultId);
  queue.push(entry);
  saveQueue(queue);
  return queue;
}

export function dropQueued(clientResultId: string): QueuedResult[] {
  const queue = loadQueue().filter((queued) => queued.body.clientResultId !== clientResultId);
  saveQueue(queue);
  return queue;
}
