/**
 * Results as they are stored, for the boards' server-sent events: the station
 * result route publishes after each commit (and a stock scan, a DTU unit's scan,
 * report or result, a DTU task's record deleted or status changed), every open
 * board, dashboard or DTU task stream listens. Within a process at once; on
 * PostgreSQL the other server processes hear it too, through LISTEN/NOTIFY
 * (result-relay.ts). The specification's polling stays as the fallback.
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
  let relay: Listener | null = null;
  const deliver = (event: ResultEvent) => {
    for (const listener of listeners) listener(event);
  };
  return {
    /** an open stream's ending, so that closing the server ends the streams it would otherwise wait for */
    trackStream(end: () => void): () => void {
      streams.add(end);
      return () => streams.delete(end);
    },
    endStreams(): void {
      for (const end of [...streams]) end();
    },
    /** a result stored here: this process's listeners at once, the other processes' through the relay */
    publish(event: ResultEvent): void {
      deliver(event);
      relay?.(event);
    },
    /** a result another process stored (the relay's notifications): this process's listeners only */
    deliver,
    /** where published events go beyond this process (result-relay.ts); null: nowhere */
    relayTo(send: Listener | null): void {
      relay = send;
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
