import { useEffect, useRef } from 'react';
import type { StationDtuUnit } from '../lib/contracts';
import { type DtuIdentity, fetchDtuUnit } from '../lib/dtu-api';

/** How often a unit under test is asked for: its values arrive as the DTU reports them. */
export const UNIT_POLL_MS = 1_000;

interface UnitPollEvents {
  onUnit: (unit: StationDtuUnit) => void;
  onFailure: (failure: unknown) => void;
}

/**
 * Asks for the unit under test every second while there is one (`code` not null)
 * and the page is shown: a hidden page (another app in front, the screen off)
 * asks nothing and asks at once when shown again. One question at a time: a slow
 * answer is not overtaken. Answers after the unit changed are dropped.
 */
export function useUnitPoll(token: string, identity: DtuIdentity, code: string | null, events: UnitPollEvents): void {
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  });

  useEffect(() => {
    if (code === null) return;
    let stopped = false;
    let asking = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const hidden = () => document.visibilityState === 'hidden';

    const tick = async () => {
      if (asking) return;
      asking = true;
      try {
        const unit = await fetchDtuUnit(token, identity, code);
        if (!stopped) latest.current.onUnit(unit);
      } catch (failure) {
        if (!stopped) latest.current.onFailure(failure);
      } finally {
        asking = false;
      }
    };
    const start = () => {
      if (timer === undefined) timer = setInterval(() => void tick(), UNIT_POLL_MS);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (hidden()) return stop();
      start();
      void tick();
    };

    if (!hidden()) start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [token, identity, code]);
}
