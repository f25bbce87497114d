import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Scans handled one after another, in the order scanned: a scanner is faster than
 * the network, and no scan may be dropped or overtake the one before it. Each is
 * handled by the latest handler (the current screen's state). busy while any waits.
 */
export function useSerialScans(handle: (code: string) => Promise<void>) {
  const chain = useRef<Promise<void>>(Promise.resolve());
  const [waiting, setWaiting] = useState(0);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });

  const onScan = useCallback((code: string) => {
    setWaiting((count) => count + 1);
    chain.current = chain.current
      .then(() => latest.current(code))
      .catch(() => undefined)
      .finally(() => setWaiting((count) => count - 1));
  }, []);

  return { onScan, busy: waiting > 0 };
}
