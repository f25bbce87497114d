import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Envelope, PATHS, type StreamTicket } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.js';
import { bearer, loginAsAdmin } from '../../../test/session-helpers.js';
import { type RunningTask, stationApi } from '../../../test/station-api.js';
import { buildTestApp, testDialects, withTestApp } from '../../../test/test-app.js';

/** A one-use ticket for a stream, from its ticket call (platform/stream-tickets.ts). */
async function ticketOf(app: FastifyInstance, path: string, token: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: path, headers: bearer(token), payload: {} });
  return response.json<Envelope<StreamTicket>>().data.ticket;
}

describe.each(testDialects())('live board events on %s', (dialect) => {
  const t = withTestApp(dialect);
  let base: string;
  let watched: RunningTask;
  let other: RunningTask;
  beforeAll(async () => {
    watched = await api.runningTask({ flows: 1, count: 5 });
    other = await api.runningTask({ flows: 1, count: 5 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const api = stationApi(
    () => t.app,
    () => t.admin,
  );
  const pass = async (task: RunningTask, unit: number) =>
    api.verdict(task.stations[0]!.token, await api.resultBody(task.flowIds[0]!, task.codes[unit]!));

  it('sends an event within a second of a result of the task, none for another task', async () => {
    const boardTicket = await ticketOf(t.app, PATHS.boardEventsTicket, t.admin);
    const centerTicket = await ticketOf(t.app, PATHS.dataCenterEventsTicket, t.admin);
    const board = openEventStream(`${base}${PATHS.boardEvents}?taskId=${watched.taskId}&ticket=${boardTicket}`);
    const center = openEventStream(`${base}${PATHS.dataCenterEvents}?ticket=${centerTicket}`);
    try {
      expect(await board.opened).toBe(200);
      expect(await center.opened).toBe(200);
      await pass(other, 0);
      expect(await center.nextEvent(0, 1000), 'the dashboard hears every task of the account').toBe(true);
      expect(board.events(), 'the board of another task hears nothing').toEqual([]);
      await pass(watched, 0);
      expect(await board.nextEvent(0, 1000)).toBe(true);
      expect(board.events()[0]).toContain(`"taskId":${watched.taskId}`);
      // A burst is one or two events, not one per result.
      for (let unit = 1; unit < 5; unit++) await pass(watched, unit);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(board.events().length).toBeGreaterThanOrEqual(2);
      expect(board.events().length).toBeLessThanOrEqual(3);
    } finally {
      board.close();
      center.close();
    }
  });

  it('refuses a stream without a ticket, and a board ticket for a task the caller cannot see opens nothing', async () => {
    const refused = openEventStream(`${base}${PATHS.boardEvents}?taskId=${watched.taskId}`);
    expect(await refused.opened).toBe(401);
    refused.close();
    const unknown = openEventStream(`${base}${PATHS.boardEvents}?taskId=999999&ticket=${await ticketOf(t.app, PATHS.boardEventsTicket, t.admin)}`);
    expect(await unknown.opened).toBe(404);
    unknown.close();
  });

  it('ends open streams when the server closes, rather than waiting for their clients', async () => {
    const own = await buildTestApp(dialect);
    const token = (await loginAsAdmin(own.app)).token;
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (own.app.server.address() as AddressInfo).port;
    const ticket = await ticketOf(own.app, PATHS.dataCenterEventsTicket, token);
    const ended = new Promise<boolean>((resolve) => {
      http.get(`http://127.0.0.1:${port}${PATHS.dataCenterEvents}?ticket=${ticket}`, (response) => {
        response.resume();
        response.on('end', () => resolve(true));
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = await Promise.race([own.close().then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 3000))]);
    expect(closed, 'the server closed within 3 s with a stream open').toBe(true);
    expect(await ended).toBe(true);
  });
});
