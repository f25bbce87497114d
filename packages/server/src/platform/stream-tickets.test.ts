import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Envelope, MSG, PATHS, STREAM_TICKET_SECONDS, type StreamTicket } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createManager, fullGrants, grantsWithout } from '../../test/factories/index.js';
import { bearer, dbOf, loginAsAdmin } from '../../test/session-helpers.js';
import { buildAppBeside, testDialects, withTestApp } from '../../test/test-app.js';
import { redactedUrl } from './auth.js';

/** The status a stream url answers with; the stream (if it opened) is closed at once. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', reject);
  });
}

async function ticketOf(app: FastifyInstance, path: string, token: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: path, headers: bearer(token), payload: {} });
  const body = response.json<Envelope<StreamTicket>>();
  if (body.code !== 1) throw new Error(`${path}: ${response.statusCode} ${body.errorMsg}`);
  return body.data.ticket;
}

describe.each(testDialects())('live-event stream tickets on %s', (dialect) => {
  const t = withTestApp(dialect);
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const centerTicket = (token = t.admin) => ticketOf(t.app, PATHS.dataCenterEventsTicket, token);

  it('issues a ticket that opens its stream once, and never takes the session token from the url', async () => {
    const issued = await t.app.inject({ method: 'POST', url: PATHS.dataCenterEventsTicket, headers: bearer(t.admin), payload: {} });
    expect(issued.statusCode).toBe(200);
    const { ticket, expiresIn } = issued.json<Envelope<StreamTicket>>().data;
    expect(expiresIn).toBe(STREAM_TICKET_SECONDS);
    expect(ticket).toMatch(/^[\w-]{43}$/);
    expect(ticket).not.toBe(t.admin);

    expect(await statusOf(`${base}${PATHS.dataCenterEvents}?ticket=${ticket}`)).toBe(200);
    expect(await statusOf(`${base}${PATHS.dataCenterEvents}?ticket=${ticket}`), 'a ticket opens one stream').toBe(401);
    for (const url of [`${PATHS.dataCenterEvents}?token=${t.admin}`, `${PATHS.boardEvents}?taskId=1&token=${t.admin}`]) {
      expect(await statusOf(`${base}${url}`), url).toBe(401);
    }
    // Neither is a session token a ticket, nor a ticket a bearer token.
    expect(await statusOf(`${base}${PATHS.dataCenterEvents}?ticket=${t.admin}`)).toBe(401);
    const other = await centerTicket();
    const asBearer = await t.app.inject({ method: 'GET', url: PATHS.dataCenterRealTimeInput, headers: bearer(other) });
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json()).toEqual({ code: 0, data: null, errorMsg: MSG.sessionExpired });
  });

  it('refuses a ticket at another stream, after its minute, or once its session ended', async () => {
    const forCenter = await centerTicket();
    expect(await statusOf(`${base}${PATHS.boardEvents}?taskId=1&ticket=${forCenter}`)).toBe(401);
    expect(await statusOf(`${base}${PATHS.dataCenterEvents}?ticket=${forCenter}`), 'spent where it was shown').toBe(401);

    const stale = await centerTicket();
    await dbOf(t.app).updateTable('stream_ticket').set({ expiresAt: Date.now() - 1 }).execute();
    expect(await statusOf(`${base}${PATHS.dataCenterEvents}?ticket=${stale}`)).toBe(401);

    const { token } = await loginAsAdmin(t.app);
    const orphan = await centerTicket(token);
    await t.app.inject({ method: 'POST', url: PATHS.logout, headers: bearer(token) });
    expect(await statusOf(`${base}${PATHS.dataCenterEvents}?ticket=${orphan}`)).toBe(401);
  });

  it('stores only the hash of a ticket, and sweeps expired ones', async () => {
    const db = dbOf(t.app);
    await db.updateTable('stream_ticket').set({ expiresAt: Date.now() - 1 }).execute();
    const ticket = await centerTicket();
    const rows = await db.selectFrom('stream_ticket').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ticketHash).toBe(createHash('sha256').update(ticket).digest('hex'));
    expect(rows[0]!.stream).toBe(PATHS.dataCenterEvents);
    expect(JSON.stringify(rows)).not.toContain(ticket);
  });

  it('asks the ticket call for the permission of its stream', async () => {
    expect((await t.app.inject({ method: 'POST', url: PATHS.dataCenterEventsTicket, payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: PATHS.boardEventsTicket, payload: {} })).statusCode).toBe(401);

    const noCenter = await createManager(t.app, fullGrants('/productionCenter'));
    const center = await t.app.inject({ method: 'POST', url: PATHS.dataCenterEventsTicket, headers: bearer(noCenter.token), payload: {} });
    expect(center.statusCode).toBe(403);
    expect(center.json()).toEqual({ code: 0, data: null, errorMsg: MSG.noPermission });
    expect((await t.app.inject({ method: 'POST', url: PATHS.boardEventsTicket, headers: bearer(noCenter.token), payload: {} })).statusCode).toBe(200);

    const noBoard = await createManager(t.app, [...grantsWithout('/productionCenter', 'dataWatch'), '/dataCenter']);
    const board = await t.app.inject({ method: 'POST', url: PATHS.boardEventsTicket, headers: bearer(noBoard.token), payload: {} });
    expect(board.statusCode).toBe(403);
    expect(await centerTicket(noBoard.token)).toBeTruthy();
  });

  it('opens a stream on another server process than the one that issued the ticket (DESIGN §10)', async () => {
    const schema =
      dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(dbOf(t.app))).rows[0]!.schema
        : undefined;
    const second = await buildAppBeside(t.config, schema);
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const ticket = await centerTicket();
      expect(await statusOf(`http://127.0.0.1:${(second.server.address() as AddressInfo).port}${PATHS.dataCenterEvents}?ticket=${ticket}`)).toBe(200);
      expect(await statusOf(`${base}${PATHS.dataCenterEvents}?ticket=${ticket}`), 'and it is spent on both').toBe(401);
    } finally {
      await second.close();
    }
  });

  it('documents the ticket calls and how a stream is opened in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: `${PATHS.docs}/json` })).json<{
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
    }>();
    expect(document.components.securitySchemes.streamTicket).toMatchObject({ type: 'apiKey', in: 'query', name: 'ticket' });
    for (const [stream, ticket] of [
      [PATHS.boardEvents, PATHS.boardEventsTicket],
      [PATHS.dataCenterEvents, PATHS.dataCenterEventsTicket],
    ] as const) {
      expect(document.paths[stream]!.get!.security).toEqual([{ streamTicket: [] }, { bearer: [] }]);
      expect(document.paths[ticket]!.post, ticket).toBeDefined();
    }
  });

  it('keeps tickets and tokens out of the log', () => {
    expect(redactedUrl('/api/board/events?taskId=3&ticket=abc123')).toBe('/api/board/events?taskId=3&ticket=[redacted]');
    expect(redactedUrl('/api/dataCenter/events?token=abc&x=1')).toBe('/api/dataCenter/events?token=[redacted]&x=1');
  });
});
