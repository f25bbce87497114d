import { useEffect, useState } from 'react';
import type { StationLastTask } from '../lib/contracts';
import { fetchLastTask, StationError } from '../lib/station-api';

/**
 * The terminal's last task while it is idle: a finished task frees its terminals,
 * so the assignment (null) cannot say whether the task finished or the terminal
 * was taken off it; this can. Asked each time the terminal becomes idle; undefined
 * until answered (or when the question failed: the idle screen then says only
 * what to do).
 */
export function useLastTask(token: string, idle: boolean, onExpired: (message: string) => void): StationLastTask | undefined {
  const [lastTask, setLastTask] = useState<StationLastTask | undefined>(undefined);
  useEffect(() => {
    if (!idle) return;
    let current = true;
    fetchLastTask(token).then(
      (answer) => {
        if (current) setLastTask(answer);
      },
      (failure: unknown) => {
        if (current && failure instanceof StationError && failure.kind === 'session') onExpired(failure.message);
      },
    );
    return () => {
      current = false;
    };
  }, [token, idle, onExpired]);
  return idle ? lastTask : undefined;
}
