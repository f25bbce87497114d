import { useCallback, useEffect, useRef, useState } from 'react';
import type { StationAssignment, StationDtuAssignment } from '../lib/contracts';
import { fetchDtuAssignment } from '../lib/dtu-api';
import { fetchAssignment, StationError } from '../lib/station-api';

/** How often an idle or paused terminal asks again whether it has work. */
export const IDLE_POLL_MS = 10_000;
/** While working, the progress in the header and a stop or finish from the console show within this time. */
export const WORK_POLL_MS = 30_000;

/** One mode's answer: undefined until asked; held false when the user lacks the mode's menu (the server's 403). */
interface Served<T> {
  assignment: T | undefined;
  held: boolean;
}

export interface AssignmentState {
  /** the overall check's task and flow: undefined until the first answer; null when the terminal has none */
  assignment: StationAssignment | undefined;
  /** the parts check's DTU task (配件检测): undefined until the first answer; null when the terminal has none */
  parts: StationDtuAssignment | undefined;
  /** which PAD APP menus the user holds, as the server's answers tell */
  held: { overallCheck: boolean; partsCheck: boolean };
  /** the last failure to ask (the last answers are kept meanwhile) */
  error: string | null;
  reload: () => Promise<void>;
}

const UNASKED: Served<never> = { assignment: undefined, held: true };

/** A mode's assignment; a 403 says the user does not hold its menu: for this PAD the mode has no task. */
async function ask<T>(read: () => Promise<T>): Promise<Served<T | null>> {
  try {
    return { assignment: await read(), held: true };
  } catch (failure) {
    if (failure instanceof StationError && failure.kind === 'refused' && failure.status === 403) return { assignment: null, held: false };
    throw failure;
  }
}

/** Of two failed questions, an expired session counts first: the operator must sign in again either way. */
function worstOf(answers: PromiseSettledResult<unknown>[]): unknown {
  const failures = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason as unknown] : []));
  return failures.find((failure) => failure instanceof StationError && failure.kind === 'session') ?? failures[0];
}

/**
 * What this PAD works on: a production task's flow (整机检测) or a DTU task (配件检测).
 * A terminal serves one task at a time, so once one mode has a task only that one
 * is asked again; when it has none, both are (the console may give the PAD to either).
 */
export function useAssignment(token: string, onExpired: (message: string) => void): AssignmentState {
  const [served, setServed] = useState<{ overall: Served<StationAssignment>; parts: Served<StationDtuAssignment> }>({ overall: UNASKED, parts: UNASKED });
  const [error, setError] = useState<string | null>(null);
  // What the next round asks depends on the last answers, read here rather than from a render.
  const latest = useRef(served);

  const reload = useCallback(async () => {
    const askOverall = () => ask(() => fetchAssignment(token));
    const askParts = () => ask(() => fetchDtuAssignment(token));
    const { overall, parts } = latest.current;
    const answered = (next: typeof served) => {
      latest.current = next;
      setServed(next);
    };
    try {
      if (overall.assignment) {
        const nextOverall = await askOverall();
        answered({ overall: nextOverall, parts: nextOverall.assignment ? parts : await askParts() });
      } else if (parts.assignment) {
        const nextParts = await askParts();
        answered({ overall: nextParts.assignment ? overall : await askOverall(), parts: nextParts });
      } else {
        const [nextOverall, nextParts] = await Promise.allSettled([askOverall(), askParts()]);
        if (nextOverall.status === 'fulfilled' && nextParts.status === 'fulfilled') answered({ overall: nextOverall.value, parts: nextParts.value });
        else throw worstOf([nextOverall, nextParts]);
      }
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
  const { overall, parts } = served;
  const status = parts.assignment?.taskStatus ?? overall.assignment?.taskStatus;
  const working = status === 'UNSTART' || status === 'START';
  useEffect(() => {
    const timer = setInterval(() => void reload(), working && error === null ? WORK_POLL_MS : IDLE_POLL_MS);
    return () => clearInterval(timer);
  }, [reload, working, error]);

  return {
    assignment: overall.assignment,
    parts: parts.assignment,
    held: { overallCheck: overall.held, partsCheck: parts.held },
    error,
    reload,
  };
}
