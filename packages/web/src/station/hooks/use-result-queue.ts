import { useCallback, useEffect, useRef, useState } from 'react';
import type { StationVerdict } from '../lib/contracts';
import {
  dropQueued,
  enqueueResult,
  loadQueue,
  loadRefused,
  type QueuedResult,
  type RefusedResult,
  saveRefused,
} from '../lib/result-queue';
import { StationError, submitResult } from '../lib/station-api';

/** How often results waiting in the queue are tried again (and at once when the browser is back online). */
export const RETRY_MS = 5_000;

interface QueueEvents {
  onSent: (verdict: StationVerdict) => void;
  onExpired: (message: string) => void;
}

/**
 * Results that failed for network reasons, kept in localStorage and resent in
 * order with their own clientResultId, so a result the server did store before
 * the connection dropped is answered again, not stored twice. Only this
 * terminal's results are sent: another terminal signed in on the device would
 * have them judged against its own flow.
 */
export function useResultQueue(token: string, terminalId: number, events: QueueEvents) {
  const [queue, setQueue] = useState<QueuedResult[]>(loadQueue);
  const [refused, setRefused] = useState<RefusedResult[]>(loadRefused);
  const sending = useRef(false);
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  });

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const next = loadQueue().find((entry) => entry.terminalId === terminalId);
        if (!next) break;
        try {
          const verdict = await submitResult(token, next.body);
          setQueue(dropQueued(next.body.clientResultId));
          latest.current.onSent(verdict);
        } catch (failure) {
          if (!(failure instanceof StationError) || failure.kind === 'network') break;
          if (failure.kind === 'session') {
            latest.current.onExpired(failure.message);
            break;
          }
          setQueue(dropQueued(next.body.clientResultId));
          const list = [
            ...loadRefused(),
            { clientResultId: next.body.clientResultId, productionCode: next.body.productionCode, flowName: next.flowName, message: failure.message },
          ];
          saveRefused(list);
          setRefused(list);
        }
      }
    } finally {
      sending.current = false;
    }
  }, [token, terminalId]);

  const add = useCallback((entry: QueuedResult) => setQueue(enqueueResult(entry)), []);

  const dismissRefused = useCallback(() => {
    saveRefused([]);
    setRefused([]);
  }, []);

  const pending = queue.filter((entry) => entry.terminalId === terminalId);
  const waiting = pending.length > 0;

  useEffect(() => {
    // Leftovers of an earlier page (a reload or a restart while offline) go first.
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  return { pending, refused, add, flush, dismissRefused };
}
