import { readStored, writeStored } from './storage';

/**
 * An outbox in localStorage: writes that could not reach the server, kept in the
 * order they were made and resent as they are (with their own id) until the server
 * answers, and the ones it refused when they finally arrived. A terminal is a shared
 * device: each entry names the terminal that made it, and only that terminal sends it.
 */
export interface QueuedWrite {
  terminalId: number;
  queuedAt: number;
}

export interface Outbox<Entry extends QueuedWrite, Refused> {
  /** the entry's id, the same on every resend (clientResultId, clientId) */
  idOf: (entry: Entry) => string;
  load: () => Entry[];
  /** adds an entry at the end, once per id; answers the queue as stored */
  enqueue: (entry: Entry) => Entry[];
  drop: (id: string) => Entry[];
  loadRefused: () => Refused[];
  saveRefused: (refused: Refused[]) => void;
}

export function outbox<Entry extends QueuedWrite, Refused>(keys: { queue: string; refused: string }, idOf: (entry: Entry) => string): Outbox<Entry, Refused> {
  const load = () => readStored<Entry[]>(keys.queue) ?? [];
  const save = (queue: Entry[]) => {
    writeStored(keys.queue, queue.length > 0 ? queue : null);
    return queue;
  };
  return {
    idOf,
    load,
    enqueue: (entry) => save([...load().filter((queued) => idOf(queued) !== idOf(entry)), entry]),
    drop: (id) => save(load().filter((queued) => idOf(queued) !== id)),
    loadRefused: () => readStored<Refused[]>(keys.refused) ?? [],
    saveRefused: (refused) => writeStored(keys.refused, refused.length > 0 ? refused : null),
  };
}
