import { useCallback, useEffect, useRef, useState } from 'react';
import { StationError } from '../lib/station-api';
import type { Outbox, QueuedWrite } from '../lib/write-queue';

/** How often writes waiting in the queue are tried again (and at once when the browser is back online). */
export const RETRY_MS = 5_000;

export interface WriteQueueOptions<Entry extends QueuedWrite, Answer, Refused> {
  outbox: Outbox<Entry, Refused>;
  /** sends one queued write as it was made */
  send: (token: string, entry: Entry) => Promise<Answer>;
  /** what the operator is shown of a queued write the server refused on arrival */
  refusedOf: (entry: Entry, message: string) => Refused;
  onSent: (answer: Answer, entry: Entry) => void;
  onExpired: (message: string) => void;
}

/**
 * Writes that failed for network reasons, kept in localStorage (lib/write-queue)
 * and resent in order with their own id, so a write the server did apply before
 * the connection dropped is answered again, not applied twice. Only this
 * terminal's writes are sent: another terminal signed in on the device would have
 * them judged as its own. Sending stops at the first network failure (the order
 * is kept) and goes on past a refusal, which moves the write to the refused list.
 */
export function useWriteQueue<Entry extends QueuedWrite, Answer, Refused>(token: string, terminalId: number, options: WriteQueueOptions<Entry, Answer, Refused>) {
  const { outbox } = options;
  const [queue, setQueue] = useState<Entry[]>(outbox.load);
  const [refused, setRefused] = useState<Refused[]>(outbox.loadRefused);
  const sending = useRef(false);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const next = outbox.load().find((entry) => entry.terminalId === terminalId);
        if (!next) break;
        const id = outbox.idOf(next);
        try {
          const answer = await latest.current.send(token, next);
          setQueue(outbox.drop(id));
          latest.current.onSent(answer, next);
        } catch (failure) {
          if (!(failure instanceof StationError) || failure.kind === 'network') break;
          if (failure.kind === 'session') {
            latest.current.onExpired(failure.message);
            break;
          }
          setQueue(outbox.drop(id));
          const list = [...outbox.loadRefused(), latest.current.refusedOf(next, failure.message)];
          outbox.saveRefused(list);
          setRefused(list);
        }
      }
    } finally {
      sending.current = false;
    }
  }, [token, terminalId, outbox]);

  const add = useCallback((entry: Entry) => setQueue(outbox.enqueue(entry)), [outbox]);

  /** Whether this terminal has writes waiting, as stored now (a new write then joins them rather than overtaking). */
  const isWaiting = useCallback(() => outbox.load().some((entry) => entry.terminalId === terminalId), [outbox, terminalId]);

  const dismissRefused = useCallback(() => {
    outbox.saveRefused([]);
    setRefused([]);
  }, [outbox]);

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

  return { pending, refused, add, flush, isWaiting, dismissRefused };
}
