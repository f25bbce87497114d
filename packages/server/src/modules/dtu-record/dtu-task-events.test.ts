import type { AddressInfo } from 'node:net';
import { dtuReportTopic, type Envelope, PATHS, type StreamTicket } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dtuStationApi, eventually, freshImei } from '../../../test/dtu-station-api.js';
import { openEventStream } from '../../../test/event-stream.js';
import { bearer } from '../../../test/session-helpers.js';
import { testDialects, withTestApp } from '../../../test/test-app.js';

/*
 * The live stream of a DTU task (beyond the specification): its board and progress
 * page hear within a second of a unit scanned, a report joining a unit (over MQTT
 * or from the station), a result, a record deleted or the task's status changed,
 * and nothing of another task or of a production task.
 */

async function ticketOf(app: FastifyInstance, path: string, token: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: path, headers: bearer(token), payload: {} });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<StreamTicket>>().data.ticket;
}

describe.each(testDialects())('live DTU task events on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { mqtt: true, mqttPort: 0 } });
  const api = dtuStationApi(
    () => t.app,
    () => t.admin,
  );
  let base: string;
  let dtu: MqttClient;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(await t.app.dtuMqtt.subscribed).toBe(true);
    dtu = await connectAsync(`mqtt://127.0.0.1:${t.app.dtuMqtt.port}`, { reconnectPeriod: 0 });
  });
  afterAll(() => dtu?.endAsync());

  const openStream = async (taskId: number) => {
    const ticket = await ticketOf(t.app, PATHS.dtuTaskEventsTicket, t.admin);
    const stream = openEventStream(`${base}${PATHS.dtuTaskEvents}?taskId=${taskId}&ticket=${ticket}`);
    expect(await stream.opened).toBe(200);
    return stream;
  };
  /** Past the stream's throttle window, so that the next change is sent at once. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

  it('tells of a scan, an MQTT report, a station report and a result of the task, nothing of another task', async () => {
    const watched = await api.taskWithPad();
    const other = await api.taskWithPad();
    const stream = await openStream(watched.taskId);
    // The big-screen dashboard's figures are of production tasks: it hears none of this.
    const center = openEventStream(`${base}${PATHS.dataCenterEvents}?ticket=${await ticketOf(t.app, PATHS.dataCenterEventsTicket, t.admin)}`);
    expect(await center.opened).toBe(200);
    try {
      await api.scan(other.pad.token, { imei: freshImei() });
      await settle();
      expect(stream.events(), 'another task is not heard').toEqual([]);

      const imei = freshImei();
      await api.scan(watched.pad.token, { imei });
      expect(await stream.nextEvent(0, 1000), 'a scan').toBe(true);
      expect(stream.events()[0]).toContain(`"taskId":${watched.taskId}`);
      await settle();

      await dtu.publishAsync(dtuReportTopic(imei), JSON.stringify({ CSQ: 21, ICCID: `8986${imei}`, VERSION: '1.0.0' }), { qos: 1 });
      expect(await stream.nextEvent(1, 3000), 'a report over MQTT joining the unit').toBe(true);
      await settle();

      await api.report(watched.pad.token, { imei, content: { CSQ: 22 } });
      expect(await stream.nextEvent(2, 1000), 'a report from the station').toBe(true);
      await settle();

      await api.result(watched.pad.token, api.resultBody({ imei }));
      expect(await stream.nextEvent(3, 1000), 'a result').toBe(true);
      expect(center.events(), 'the dashboard hears no DTU task').toEqual([]);
    } finally {
      stream.close();
      center.close();
    }
  });

  it('is silent for a report of a unit not under test, and a replayed result tells nothing new', async () => {
    const watched = await api.taskWithPad();
    const stream = await openStream(watched.taskId);
    try {
      const stranger = freshImei();
      await dtu.publishAsync(dtuReportTopic(stranger), JSON.stringify({ CSQ: 21 }), { qos: 1 });
      expect(await eventually(() => api.reportsOf(stranger), (rows) => rows.length === 1)).toHaveLength(1);
      await settle();
      expect(stream.events(), 'a report kept in the check log only').toEqual([]);
      const imei = freshImei();
      await api.scan(watched.pad.token, { imei });
      await api.report(watched.pad.token, { imei, content: { CSQ: 22, ICCID: `8986${imei}`, VERSION: '1.0.0' } });
      const body = api.resultBody({ imei });
      await api.result(watched.pad.token, body);
      await settle();
      await settle();
      const heard = stream.events().length;
      // A scan, a report and a result within the throttle window: one or two events, not one per change.
      expect(heard).toBeGreaterThanOrEqual(1);
      expect(heard).toBeLessThanOrEqual(2);
      expect((await api.result(watched.pad.token, body)).replayed).toBe(true);
      await settle();
      expect(stream.events().length, 'a replay changes nothing').toBe(heard);
    } finally {
      stream.close();
    }
  });

  it('tells of a record deleted and of the task stopped from the console', async () => {
    const watched = await api.taskWithPad();
    const imei = freshImei();
    await api.scan(watched.pad.token, { imei });
    const test = await api.testOf(watched.taskId, imei);
    const stream = await openStream(watched.taskId);
    try {
      const deleted = await t.app.inject({ method: 'POST', url: PATHS.dtuTaskCheckinfoDelete, headers: bearer(t.admin), payload: { id: test!.id } });
      expect(deleted.statusCode).toBe(200);
      expect(await stream.nextEvent(0, 1000), 'a record deleted').toBe(true);
      await settle();
      const stopped = await t.app.inject({ method: 'POST', url: PATHS.dtuTaskStop, headers: bearer(t.admin), payload: { taskId: watched.taskId } });
      expect(stopped.statusCode).toBe(200);
      expect(await stream.nextEvent(1, 1000), 'the task stopped').toBe(true);
    } finally {
      stream.close();
    }
  });

  it('refuses a stream without a ticket and answers 404 for a task the caller cannot see', async () => {
    const watched = await api.taskWithPad();
    const refused = openEventStream(`${base}${PATHS.dtuTaskEvents}?taskId=${watched.taskId}`);
    expect(await refused.opened).toBe(401);
    refused.close();
    const ticket = await ticketOf(t.app, PATHS.dtuTaskEventsTicket, t.admin);
    const unknown = openEventStream(`${base}${PATHS.dtuTaskEvents}?taskId=999999&ticket=${ticket}`);
    expect(await unknown.opened).toBe(404);
    unknown.close();
    // A production board's ticket does not open a DTU task's stream.
    const boardTicket = await ticketOf(t.app, PATHS.boardEventsTicket, t.admin);
    const wrong = openEventStream(`${base}${PATHS.dtuTaskEvents}?taskId=${watched.taskId}&ticket=${boardTicket}`);
    expect(await wrong.opened).toBe(401);
    wrong.close();
  });
});
