import { useCallback } from 'react';
import { type QueuedStockWrite, refusedStockWrite, STOCK_OUTBOX } from '../lib/stock-queue';
import { sendStockWrite, type StockWrite, type StockWriteAnswers, type StockWriteBodies, type StockWriteKind } from '../lib/stock-api';
import { StationError } from '../lib/station-api';
import { useWriteQueue } from './use-write-queue';

/** How a write ended: answered, refused with the server's message (naming the unit), or queued to send later. */
export type WriteOutcome<A> = { status: 'done'; answer: A } | { status: 'refused'; message: string } | { status: 'queued' } | { status: 'expired' };

/** A write answered by the server: at once (queued false) or later from the queue. */
export type AnsweredWrite = { [K in StockWriteKind]: { write: StockWrite<K>; answer: StockWriteAnswers[K] } }[StockWriteKind];

/** A write the offline queue got answered: seq tells two answers alike apart. */
export type SentWrite = AnsweredWrite & { seq: number };

interface StockWriteEvents {
  onAnswered: (answered: AnsweredWrite, queued: boolean) => void;
  onExpired: (message: string) => void;
}

const sendQueued = (token: string, entry: QueuedStockWrite) => sendStockWrite(token, entry.write);

/**
 * The PDA's writes (入库, 结束入库, 抽检, 出库): each is sent at once; one that fails for
 * network reasons goes to the offline queue with its clientId (hooks/use-write-queue)
 * and is resent in order until answered. While writes wait, a new one joins them
 * rather than overtaking, so the server applies them in the order they were made.
 */
export function useStockWrites(token: string, terminalId: number, events: StockWriteEvents) {
  const queue = useWriteQueue(token, terminalId, {
    outbox: STOCK_OUTBOX,
    send: sendQueued,
    refusedOf: refusedStockWrite,
    onSent: (answer, entry) => events.onAnswered({ write: entry.write, answer } as AnsweredWrite, true),
    onExpired: (message) => events.onExpired(message),
  });
  const { add, flush, isWaiting } = queue;
  const { onAnswered, onExpired } = events;

  const submit = useCallback(
    async <K extends StockWriteKind>(kind: K, body: StockWriteBodies[K]): Promise<WriteOutcome<StockWriteAnswers[K]>> => {
      const write = { kind, body } as StockWrite;
      const enqueue = (): WriteOutcome<StockWriteAnswers[K]> => {
        add({ terminalId, queuedAt: Date.now(), write });
        // The network may be back already (a write joining a waiting queue): no need to wait for the next round.
        void flush();
        return { status: 'queued' };
      };
      if (isWaiting()) return enqueue();
      try {
        const answer = await sendStockWrite(token, { kind, body });
        onAnswered({ write, answer } as AnsweredWrite, false);
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
    [token, terminalId, add, flush, isWaiting, onAnswered, onExpired],
  );

  return { pending: queue.pending, refused: queue.refused, flush, dismissRefused: queue.dismissRefused, submit };
}

export type StockWrites = ReturnType<typeof useStockWrites>;
