import { useCallback, useState } from 'react';
import type { StationDtuResultAnswer } from '../lib/contracts';
import { codeOfBody, type DtuResultBody, submitDtuResult } from '../lib/dtu-api';
import { addDtuToday, DTU_RESULT_OUTBOX, loadDtuToday, type QueuedDtuResult, refusedDtuResult } from '../lib/dtu-result-queue';
import { StationError } from '../lib/station-api';
import { useWriteQueue } from './use-write-queue';

/** How a result ended: answered, refused with the server's message, queued to send later, or the session is gone. */
export type DtuSubmitOutcome =
  | { status: 'done'; answer: StationDtuResultAnswer }
  | { status: 'refused'; message: string }
  | { status: 'queued' }
  | { status: 'expired' };

interface DtuResultEvents {
  /** a result answered, at once or later from the queue (the task's progress moved) */
  onAnswered: () => void;
  onExpired: (message: string) => void;
}

const sendQueued = (token: string, entry: QueuedDtuResult) => submitDtuResult(token, entry.body);

/**
 * The parts-check results of this PAD: each is sent at once; one that fails for
 * network reasons goes to the offline queue with its clientResultId
 * (hooks/use-write-queue) and is resent in order until answered, the server
 * storing it once. While results wait, a new one joins them rather than
 * overtaking. Answered results make today's list, kept on the device.
 */
export function useDtuResults(token: string, terminalId: number, events: DtuResultEvents) {
  const [today, setToday] = useState(() => loadDtuToday(terminalId));
  const { onAnswered, onExpired } = events;

  const record = useCallback(
    (body: DtuResultBody, taskName: string, answer: StationDtuResultAnswer) => {
      addDtuToday({ terminalId, clientResultId: body.clientResultId, code: codeOfBody(body), taskName, testStatus: answer.testStatus, time: Date.now() });
      setToday(loadDtuToday(terminalId));
      onAnswered();
    },
    [terminalId, onAnswered],
  );

  const queue = useWriteQueue(token, terminalId, {
    outbox: DTU_RESULT_OUTBOX,
    send: sendQueued,
    refusedOf: refusedDtuResult,
    onSent: (answer, entry) => record(entry.body, entry.taskName, answer),
    onExpired,
  });
  const { add, flush, isWaiting } = queue;

  const submit = useCallback(
    async (body: DtuResultBody, taskName: string): Promise<DtuSubmitOutcome> => {
      const enqueue = (): DtuSubmitOutcome => {
        add({ terminalId, queuedAt: Date.now(), taskName, body });
        // The network may be back already (a result joining a waiting queue): no need to wait for the next round.
        void flush();
        return { status: 'queued' };
      };
      if (isWaiting()) return enqueue();
      try {
        const answer = await submitDtuResult(token, body);
        record(body, taskName, answer);
        return { status: 'done', answer };
      } catch (failure) {
        if (failure instanceof StationError && failure.kind === 'refused') return { status: 'refused', message: failure.message };
        if (failure instanceof StationError && failure.kind === 'session') {
          onExpired(failure.message);
          return { status: 'expired' };
        }
        return enqueue();
      }
    },
    [token, terminalId, add, flush, isWaiting, record, onExpired],
  );

  return { pending: queue.pending, refused: queue.refused, flush, dismissRefused: queue.dismissRefused, submit, today };
}

export type DtuResults = ReturnType<typeof useDtuResults>;
