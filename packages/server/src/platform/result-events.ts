/**
 * Results as they are stored, for the boards' server-sent events: the station
 * result route publishes after each commit (and a stock scan, a DTU unit's scan,
 * report or result, a DTU task's record deleted or status changed), every open
 * board, dashboard or DTU task stream listens. In-process: with several server processes a board hears the
 * results of its own process at once and the others at its next poll (the
 * specification's polling stays as the fallback, docs/decisions.md).
 */
export interface ResultEvent {
  /** whose id taskId is: a production task's (task) or a DTU task's (dtu_task) */
  kind: 'task' | 'dtuTask';
  taskId: number;
  /** the task's account */
  ownerId: number;
}

type Listener = (event: ResultEvent) => void;

export function resultEventHub() {
  const listeners = new Set<Listener>();
  const streams = new Set<() => void>();
  return {
    /** an open stream's ending, so that closing the server ends the streams it would otherwise wait for */
    trackStream(end: () => void): () => void {
      streams.add(end);
      return () => streams.delete(end);
    },
    endStreams(): void {
      for (const end of [...streams]) end();
    },
    publish(event: ResultEvent): void {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}
export type ResultEventHub = ReturnType<typeof resultEventHub>;
