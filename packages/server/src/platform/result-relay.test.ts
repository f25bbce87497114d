import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type Envelope, PATHS, type StreamTicket } from '@factory/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.js';
import { bearer, dbOf } from '../../test/session-helpers.js';
import { stationApi } from '../../test/station-api.js';
import { buildAppBeside, withTestApp } from '../../test/test-app.js';
import { type Db, openDb } from './db.js';
import { type ResultEvent, resultEventHub } from './result-events.js';
import { relayChannel, relayResultEvents } from './result-relay.js';

// DESIGN.md §10: several server processes on one PostgreSQL hear each other's results. SQLite has one process.
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('TEST_DATABASE_URL is not set: the live events across server processes (PostgreSQL only) are not tested');

const until = async (ok: () => boolean | Promise<boolean>, withinMs: number) => {
  const deadline = Date.now() + withinMs;
  while (!(await ok()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return ok();
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A log that keeps its warnings, for the reconnection's. */
function keptLog() {
  const lines: string[] = [];
  const log = { warn: (_: unknown, line: string) => lines.push(`warn ${line}`), info: (line: string) => lines.push(`info ${line}`) };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

describe.skipIf(!url)('live events across server processes on PostgreSQL (result-relay.ts)', () => {
  // The channel is the database's: a name of this file's own keeps it apart from the other files' apps.
  const searchPath = `relay_${randomBytes(4).toString('hex')}`;
  let db: Db;
  const processes: { hub: ReturnType<typeof resultEventHub>; heard: ResultEvent[]; relay: ReturnType<typeof relayResultEvents>; lines: string[] }[] = [];
  const start = async () => {
    const hub = resultEventHub();
    const heard: ResultEvent[] = [];
    hub.subscribe((event) => heard.push(event));
    const { lines, log } = keptLog();
    const relay = relayResultEvents({ databaseUrl: url!, searchPath, db, hub, log });
    await relay.listening;
    const started = { hub, heard, relay, lines };
    processes.push(started);
    return started;
  };
  /** The backends listening on the channel: one per started relay once all are connected. */
  const listening = async () =>
    (
      await sql<{ pid: number }>`select pid from pg_stat_activity where query = ${`LISTEN ${relayChannel(searchPath)}`}`.execute(db.kysely)
    ).rows.map((row) => row.pid);
  const listeners = async () => (await listening()).length;
  let a: Awaited<ReturnType<typeof start>>;
  let b: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    db = openDb(url!);
    a = await start();
    b = await start();
  });
  afterAll(async () => {
    for (const started of processes) await started.relay.close();
    await db.kysely.destroy();
  });

  it('delivers an event published on one process to the other within a second, and to its own listeners once', async () => {
    const event: ResultEvent = { kind: 'task', taskId: 41, ownerId: 7 };
    const before = { a: a.heard.length, b: b.heard.length };
    a.hub.publish(event);
    expect(a.heard.slice(before.a), 'its own listeners hear it at once').toEqual([event]);
    expect(await until(() => b.heard.length > before.b, 1000)).toBe(true);
    expect(b.heard.slice(before.b)).toEqual([event]);
    await pause(200);
    expect(a.heard.slice(before.a), 'not a second time when its own notification comes back').toEqual([event]);
    expect(b.heard.slice(before.b)).toEqual([event]);
  });

  it('sends a burst as a few notifications, each task once, both kinds, however many tasks', async () => {
    const before = b.heard.length;
    const events: ResultEvent[] = [];
    for (let n = 1; n <= 450; n++) events.push({ kind: n % 3 === 0 ? 'dtuTask' : 'task', taskId: 1000 + n, ownerId: 1 + (n % 4) });
    // Every event three times: the other process hears each once.
    for (let round = 0; round < 3; round++) for (const event of events) a.hub.publish(event);
    expect(await until(() => b.heard.length - before >= events.length, 2000)).toBe(true);
    await pause(200);
    const heard = b.heard.slice(before);
    expect(heard).toHaveLength(events.length);
    expect(new Set(heard.map((event) => JSON.stringify(event)))).toEqual(new Set(events.map((event) => JSON.stringify(event))));
  });

  it('ignores a notification it cannot read', async () => {
    const before = b.heard.length;
    await sql`select pg_notify(${relayChannel(searchPath)}, ${'someone x12.3 t.4 t5 t6.7'})`.execute(db.kysely);
    await pause(200);
    expect(b.heard.slice(before), 'only the one well-formed event').toEqual([{ kind: 'task', taskId: 6, ownerId: 7 }]);
  });

  it('listens again after its connection is lost, and says so in the log', async () => {
    const ended = await listening();
    expect(ended).toHaveLength(processes.length);
    // The server ends every listening connection of the channel, as a restart of PostgreSQL would.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`LISTEN ${relayChannel(searchPath)}`}`.execute(db.kysely);
    // Listening again on connections of their own: the ended backends may linger in pg_stat_activity a moment.
    const again = async () => {
      const now = await listening();
      return now.length === processes.length && now.every((pid) => !ended.includes(pid));
    };
    expect(await until(again, 5000), 'both listening again').toBe(true);
    const event: ResultEvent = { kind: 'dtuTask', taskId: 99, ownerId: 2 };
    const before = b.heard.length;
    a.hub.publish(event);
    expect(await until(() => b.heard.length > before, 1000)).toBe(true);
    expect(b.heard.slice(before)).toEqual([event]);
    expect(b.lines[0]).toMatch(/^warn live events: lost the listening connection/);
    expect(b.lines.at(-1)).toBe('info live events: listening to the other server processes again');
  });

  it('sends what it gathered when it closes, then stops listening', async () => {
    const c = await start();
    const before = b.heard.length;
    c.hub.publish({ kind: 'task', taskId: 5, ownerId: 1 });
    await c.relay.close();
    processes.splice(processes.indexOf(c), 1);
    expect(await until(() => b.heard.length > before, 1000), 'sent before it closed').toBe(true);
    expect(await until(async () => (await listeners()) === processes.length, 2000), 'its listening connection ended').toBe(true);
    c.hub.publish({ kind: 'task', taskId: 6, ownerId: 1 });
    await pause(200);
    expect(b.heard.slice(before)).toEqual([{ kind: 'task', taskId: 5, ownerId: 1 }]);
  });
});

describe.skipIf(!url)('a board on one server process hears the results stored by another (PostgreSQL)', () => {
  const t = withTestApp('postgres');
  let second: FastifyInstance;
  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  beforeAll(async () => {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(dbOf(t.app))).rows[0]!.schema;
    second = await buildAppBeside(t.config, schema);
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => second?.close());

  it('moves the board and the dashboard on process B within a second of a result sent to process A', async () => {
    const task = await api.runningTask({ flows: 1, count: 3 });
    const ticket = async (path: string) =>
      (await second.inject({ method: 'POST', url: path, headers: bearer(t.admin), payload: {} })).json<Envelope<StreamTicket>>().data.ticket;
    const base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const board = openEventStream(`${base}${PATHS.boardEvents}?taskId=${task.taskId}&ticket=${await ticket(PATHS.boardEventsTicket)}`);
    const center = openEventStream(`${base}${PATHS.dataCenterEvents}?ticket=${await ticket(PATHS.dataCenterEventsTicket)}`);
    try {
      expect(await board.opened).toBe(200);
      expect(await center.opened).toBe(200);
      await api.verdict(task.stations[0]!.token, await api.resultBody(task.flowIds[0]!, task.codes[0]!));
      expect(await board.nextEvent(0, 1000), 'the board on B').toBe(true);
      expect(board.events()[0]).toContain(`"taskId":${task.taskId}`);
      expect(await center.nextEvent(0, 1000), 'the dashboard on B').toBe(true);
    } finally {
      board.close();
      center.close();
    }
  });

  it('keeps a process of its own apart: a server in another schema hears nothing', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const heard: string[] = [];
    other.on('notification', (message) => heard.push(message.channel));
    try {
      await other.query(`LISTEN ${relayChannel()}`);
      const task = await api.runningTask({ flows: 1, count: 1 });
      await api.verdict(task.stations[0]!.token, await api.resultBody(task.flowIds[0]!, task.codes[0]!));
      await pause(300);
      expect(heard).toEqual([]);
    } finally {
      await other.end();
    }
  });
});
