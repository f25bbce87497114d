import { useCallback, useEffect, useState } from 'react';
import type { StationAssignment } from '../lib/contracts';
import { fetchAssignment, StationError } from '../lib/station-api';

/** How often an idle or paused terminal asks again whether it has work. */
export const IDLE_POLL_MS = 10_000;
/** While working, the progress in the header and a stop or finish from the console show within this time. */
export const WORK_POLL_MS = 30_000;

export interface AssignmentState {
  /** undefined until the first answer; null when the terminal has no task */
  assignment: StationAssignment | undefined;
  /** the last failure to ask (the last answer is kept meanwhile) */
  error: string | null;
  reload: () => Promise<void>;
}

export function useAssignment(token: string, onExpired: (message: string) => void): AssignmentState {
  const [assignment, setAssignment] = useState<StationAssignment | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setAssignment(await fetchAssignment(token));
      setError(null);
    } catch (failure) {
      if (failure instanceof StationError && failure.kind === 'session') onExpired(failure.message);
      else setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, [token, onExpired]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Results are taken while UNSTART (the first one starts the task) and START.
  const working = assignment != null && (assignment.taskStatus === 'UNSTART' || assignment.taskStatus === 'START');
  useEffect(() => {
    const timer = setInterval(() => void reload(), working && error === null ? WORK_POLL_MS : IDLE_POLL_MS);
    return () => clearInterval(timer);
  }, [reload, working, error]);

  return { assignment, error, reload };
}
