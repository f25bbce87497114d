import { useCallback, useEffect, useState } from 'react';
import { StationError } from '../lib/station-api';

/**
 * A list this terminal reads from the server (today's results or movements, a PDA
 * mode's batches): read when it is shown and again on reload(); null until the first
 * answer. A failed read keeps the last list; an expired session goes to onExpired.
 * `read` is a module-level call (its identity never changes).
 */
export function useServerList<T>(read: (token: string) => Promise<T[]>, token: string, onExpired: (message: string) => void) {
  const [rows, setRows] = useState<T[] | null>(null);

  const reload = useCallback(async () => {
    try {
      setRows(await read(token));
    } catch (failure) {
      if (failure instanceof StationError && failure.kind === 'session') onExpired(failure.message);
    }
  }, [read, token, onExpired]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { rows, setRows, reload };
}
