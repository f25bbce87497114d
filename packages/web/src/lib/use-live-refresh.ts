import type { LiveStream, StreamTicket } from '@factory/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, apiCall } from './api-client';
import { useSession } from './session-store';

/** A burst of results refreshes the screen at most once a second. */
export const LIVE_REFRESH_MIN_MS = 1000;
/** After a dropped stream, the first new try waits this long (the server's own `retry:`), doubling up to the most. */
export const LIVE_RETRY_FIRST_MS = 3000;
export const LIVE_RETRY_MAX_MS = 60_000;

/**
 * Beyond the specification: listens to the server's `result` events of
 * `stream` (server-sent events, with `query` in the url) and refetches the
 * queries under `queryKey` when results arrive, so a big screen moves as units
 * are tested instead of at its refresh period. The first event of a burst
 * refreshes at once, later ones at most once a second.
 *
 * An EventSource sends no headers, and the session token must not ride in a url
 * (proxies and logs keep urls), so each opening first asks `stream.ticket` (with
 * the bearer header) for a one-use ticket. The browser's own reconnection would
 * reuse a spent ticket, so when the stream drops it is closed and opened again
 * with a fresh ticket, after a growing pause.
 *
 * Polling goes on regardless: signed out, without EventSource, refused, or while
 * the stream is down, the screen is simply as fresh as its refresh periods.
 */
export function useLiveRefresh(stream: LiveStream, query: Record<string, string | number>, queryKey: QueryKey): void {
  const token = useSession((state) => state.token);
  const search = searchOf(query);
  const queryClient = useQueryClient();
  // The caller builds the query and key inline each render; the stream follows the url alone.
  const keyRef = useRef(queryKey);
  useEffect(() => {
    keyRef.current = queryKey;
  });

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = LIVE_RETRY_FIRST_MS;
    let last = 0;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;

    const refresh = () => {
      refreshTimer = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: keyRef.current });
    };
    const onResult = () => {
      if (refreshTimer !== undefined) return;
      const wait = last + LIVE_REFRESH_MIN_MS - Date.now();
      if (wait <= 0) refresh();
      else refreshTimer = setTimeout(refresh, wait);
    };
    const retryLater = () => {
      if (stopped) return;
      retryTimer = setTimeout(() => void open(), retryMs);
      retryMs = Math.min(retryMs * 2, LIVE_RETRY_MAX_MS);
    };
    const open = async () => {
      let ticket: StreamTicket;
      try {
        // Quiet: the screen's own calls already tell of an expired session or a server down.
        ticket = await apiCall(stream.ticket, undefined, { quiet: true });
      } catch (error) {
        // Refused (signed out, no permission): asking again would be refused again; polling carries on.
        const refused = error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500;
        if (!refused) retryLater();
        return;
      }
      if (stopped) return;
      source = new EventSource(`${stream.events.path}?${search ? `${search}&` : ''}ticket=${encodeURIComponent(ticket.ticket)}`);
      source.addEventListener('open', () => (retryMs = LIVE_RETRY_FIRST_MS));
      source.addEventListener('result', onResult);
      source.addEventListener('error', () => {
        source?.close();
        source = undefined;
        retryLater();
      });
    };
    void open();

    return () => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
      clearTimeout(refreshTimer);
    };
  }, [token, stream.events, stream.ticket, search, queryClient]);
}

function searchOf(query: Record<string, string | number>): string {
  return Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}
