import { z } from 'zod';
import type { Endpoint } from './endpoint.js';

/**
 * Live events (beyond the specification): a browser's EventSource cannot send
 * the bearer header, and a session token in a url ends up in proxies' and
 * servers' logs. So the console first asks, with its bearer header, for a
 * stream ticket: random, valid this long, good for one opening of the one
 * stream it was asked for, and it rides in the stream's url as `?ticket=`.
 */
export const STREAM_TICKET_SECONDS = 60;

/** POST /api/board/eventsTicket, /api/dataCenter/eventsTicket, /api/dtuTask/eventsTicket */
export const streamTicket = z.object({
  ticket: z.string(),
  /** seconds left to open the stream with it */
  expiresIn: z.number().int(),
});
export type StreamTicket = z.infer<typeof streamTicket>;

/**
 * A live-event stream (answered raw, its query the stream's own) and the call
 * that issues its tickets (same permission as the stream). LIVE_STREAMS
 * (live-streams.ts) names each.
 */
export interface LiveStream {
  events: Endpoint<z.ZodType | undefined, undefined, undefined>;
  ticket: Endpoint<undefined, undefined, typeof streamTicket>;
}
