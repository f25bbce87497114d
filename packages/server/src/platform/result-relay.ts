import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './db.js';
import type { ResultEvent, ResultEventHub } from './result-events.js';

/*
 * Live events across server processes on one PostgreSQL (DESIGN.md §10, issue 20):
 * what one process publishes reaches the boards, big screens and DTU task pages
 * open on every other within a second.
 *
 *  - Each process holds one connection of its own that LISTENs on the channel; it
 *    reconnects by itself, waiting longer after each failure. While it is down,
 *    boards on this process hear the others' results at their next poll.
 *  - Published events are gathered for FLUSH_MS and sent as one NOTIFY carrying
 *    only ids: a station result is not a round trip more, and a notification never
 *    carries data a listener could not read for itself.
 *  - Every notification names the process that sent it: a process hears its own
 *    too (PostgreSQL sends them to every listener) and skips them, having
 *    delivered its events the moment it published them.
 *
 * The channel is the database's: tests, which give every file a schema of its own
 * in one database, take a channel per schema.
 */

const FLUSH_MS = 20;
/** Events per notification: PostgreSQL refuses payloads of 8,000 bytes or more; 200 events are under 5,000. */
const EVENTS_PER_NOTIFICATION = 200;
const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 15_000;
const KIND_LETTER = { task: 't', dtuTask: 'd' } as const satisfies Record<ResultEvent['kind'], string>;
const EVENT_TOKEN = /^([td])(\d{1,15})\.(\d{1,15})$/;

export interface ResultRelayOptions {
  databaseUrl: string;
  /** the schema the server's tables are in, when not the default (tests) */
  searchPath?: string;
  db: Db;
  hub: ResultEventHub;
  log: FastifyBaseLogger;
}

export interface ResultRelay {
  /** resolves once the first LISTEN is in place (or has failed, and retries are under way) */
  readonly listening: Promise<void>;
  /** sends what is gathered, then stops listening */
  close(): Promise<void>;
}

/** The channel of a schema: the default one's for the default schema. */
export function relayChannel(searchPath?: string): string {
  return searchPath ? `factory_results_${searchPath.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`.slice(0, 63) : 'factory_results';
}

/** One event as a notification carries it: t12.3 is task 12 of account 3, d5.3 DTU task 5. */
const tokenOf = (event: ResultEvent) => `${KIND_LETTER[event.kind]}${event.taskId}.${event.ownerId}`;

function eventOf(token: string): ResultEvent | null {
  const match = EVENT_TOKEN.exec(token);
  if (!match) return null;
  return { kind: match[1] === 't' ? 'task' : 'dtuTask', taskId: Number(match[2]), ownerId: Number(match[3]) };
}

export function relayResultEvents(options: ResultRelayOptions): ResultRelay {
  const { db, hub, log } = options;
  const channel = relayChannel(options.searchPath);
  const sender = randomBytes(6).toString('hex');

  // Sending: the events of FLUSH_MS, each task once, in as few notifications as fit.
  const gathered = new Set<string>();
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let closing = false;
  const flush = () => {
    flushTimer = undefined;
    const tokens = [...gathered];
    gathered.clear();
    // After the previous flush: notifications go out in the order they were gathered, and close() waits for all.
    flushing = flushing.then(async () => {
      for (let at = 0; at < tokens.length; at += EVENTS_PER_NOTIFICATION) {
        const payload = `${sender} ${tokens.slice(at, at + EVENTS_PER_NOTIFICATION).join(' ')}`;
        // A lost notification costs the other processes' boards a poll's wait, never a result: logged, not thrown.
        await sql`select pg_notify(${channel}, ${payload})`.execute(db.kysely).catch((error: unknown) => {
          log.warn({ err: error }, 'live events: a notification to the other server processes failed');
        });
      }
    });
  };
  hub.relayTo((event) => {
    if (closing) return;
    gathered.add(tokenOf(event));
    flushTimer ??= setTimeout(flush, FLUSH_MS);
  });

  // Listening: one connection, reconnected after a failure.
  const onNotification = (message: pg.Notification) => {
    if (message.channel !== channel || !message.payload) return;
    const [from, ...tokens] = message.payload.split(' ');
    if (from === sender) return;
    for (const token of tokens) {
      const event = eventOf(token);
      if (event) hub.deliver(event);
    }
  };
  let client: pg.Client | null = null;
  const gone = new WeakSet<pg.Client>();
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let down = false;

  const lost = (which: pg.Client, error?: unknown) => {
    if (gone.has(which)) return;
    gone.add(which);
    if (client === which) client = null;
    which.removeListener('notification', onNotification);
    which.end().catch(() => {});
    if (closing) return;
    if (!down) {
      log.warn({ err: error }, `live events: lost the listening connection; retrying, boards hear other server processes at their next poll meanwhile`);
      down = true;
    }
    retryTimer = setTimeout(() => void listen(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MOST_MS);
  };

  const listen = async () => {
    retryTimer = undefined;
    const next = new pg.Client({ connectionString: options.databaseUrl, application_name: 'factory-console live events', keepAlive: true });
    // Kept for the client's life: an 'error' without a listener would end the process.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (closing) {
      gone.add(next);
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = RETRY_FIRST_MS;
    if (down) log.info('live events: listening to the other server processes again');
    down = false;
  };

  return {
    listening: listen(),
    async close() {
      closing = true;
      clearTimeout(retryTimer);
      if (flushTimer) {
        clearTimeout(flushTimer);
        flush();
      }
      await flushing;
      hub.relayTo(null);
      const last = client;
      client = null;
      if (last) {
        gone.add(last);
        await last.end().catch(() => {});
      }
    },
  };
}
