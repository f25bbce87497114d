import type { StationVerdict } from '../lib/contracts';
import { type QueuedResult, refusedResult, RESULT_OUTBOX } from '../lib/result-queue';
import { submitResult } from '../lib/station-api';
import { useWriteQueue } from './use-write-queue';

interface QueueEvents {
  onSent: (verdict: StationVerdict) => void;
  onExpired: (message: string) => void;
}

const sendResult = (token: string, entry: QueuedResult) => submitResult(token, entry.body);

/**
 * The overall check's results that failed for network reasons, resent in order
 * with their own clientResultId (hooks/use-write-queue), so a result the server
 * did store before the connection dropped is answered again, not stored twice.
 */
export function useResultQueue(token: string, terminalId: number, events: QueueEvents) {
  const { pending, refused, add, flush, dismissRefused } = useWriteQueue(token, terminalId, {
    outbox: RESULT_OUTBOX,
    send: sendResult,
    refusedOf: refusedResult,
    onSent: (verdict) => events.onSent(verdict),
    onExpired: (message) => events.onExpired(message),
  });
  return { pending, refused, add, flush, dismissRefused };
}
