import type { StreamTicket } from '@factory/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAccount } from './auth.js';
import type { Db } from './db.js';
import type { ResultEvent, ResultEventHub } from './result-events.js';
import { issueStreamTicket } from './stream-tickets.js';

/** At most one event per this many ms per stream: a burst of results is one refresh, not hundreds. */
const THROTTLE_MS = 500;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * How a stream route is opened, for the OpenAPI document: a ticket in the url
 * (a browser's EventSource) or the bearer header (any other client). The scheme
 * `streamTicket` is declared in openapi.ts.
 */
export const STREAM_SECURITY: { [scheme: string]: string[] }[] = [{ streamTicket: [] }, { bearer: [] }];

/**
 * The answer of a stream's ticket call: a ticket for the caller's session that
 * opens `stream` (the stream route's path) once. The ticket call declares the
 * stream's own permission, so whoever may open the stream may get one.
 */
export function streamTicketFor(db: Db, request: FastifyRequest, stream: string): Promise<StreamTicket> {
  return issueStreamTicket(db.kysely, requireAccount(request).tokenHash, stream, Date.now());
}

/**
 * Answers the request with a server-sent event stream that sends `event:
 * result` when a result passing `accept` is stored: the first at once, then at
 * most one per THROTTLE_MS (a result in between is sent at the end of the
 * window), so a board refreshes within a second of any result. Ends when the
 * client goes away or the server closes.
 */
export function streamResults(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: ResultEventHub,
  accept: (event: ResultEvent) => boolean,
): void {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  out.write('retry: 3000\n\n');

  let lastSent = 0;
  let pending: NodeJS.Timeout | undefined;
  const send = (event: ResultEvent) => {
    lastSent = Date.now();
    pending = undefined;
    out.write(`event: result\ndata: ${JSON.stringify({ taskId: event.taskId })}\n\n`);
  };
  const unsubscribe = hub.subscribe((event) => {
    if (!accept(event) || pending) return;
    const wait = lastSent + THROTTLE_MS - Date.now();
    if (wait <= 0) send(event);
    else pending = setTimeout(() => send(event), wait);
  });
  const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const close = () => {
    unsubscribe();
    untrack();
    clearInterval(heartbeat);
    clearTimeout(pending);
  };
  const untrack = hub.trackStream(() => {
    close();
    out.end();
  });
  request.raw.on('close', close);
  out.on('close', close);
}
