import { useState } from 'react';

/**
 * A number that grows each time `open` turns true. A side panel keys its form by
 * it, so every opening starts from a fresh form store (antd keeps a form's values
 * while its panel is closed, and merges them over new initial values), while the
 * closing animation still runs on the same instance.
 */
export function useOpenSession(open: boolean): number {
  const [session, setSession] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSession((current) => current + 1);
  }
  return session;
}
