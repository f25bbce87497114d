import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { dtuReportTopic, PATHS, REPORT_LIMITS } from '@factory/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dtuStationApi, eventually, freshImei } from '../../test/dtu-station-api.js';
import { buildAppBeside, buildTestApp, testDialects, withTestApp } from '../../test/test-app.js';
import { dbOf } from '../../test/session-helpers.js';

/*
 * DTU reports over MQTT end to end (DESIGN.md §9.4, §10): published with the mqtt
 * client, then read back from the database until stored and applied.
 */

const MOSQUITTO = 'mqtt://127.0.0.1:1883';

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const answer = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1_000);
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}
const mosquittoUp = await reachable('127.0.0.1', 1883);
if (!mosquittoUp) console.warn(`Mosquitto does not answer at ${MOSQUITTO}: the MQTT_URL tests are skipped`);

async function publisherOf(url: string): Promise<MqttClient> {
  return connectAsync(url, { clientId: `test-dtu-${randomBytes(4).toString('hex')}`, reconnectPeriod: 0 });
}

/** The DTU task, PAD and helpers of a test app, for a file's tests. */
function stationOf(t: { app: FastifyInstance; admin: string }) {
  return dtuStationApi(
    () => t.app,
    () => t.admin,
  );
}

describe.each(testDialects())('DTU reports over the embedded broker on %s', (dialect) => {
  const t = withTestApp(dialect, { config: { mqtt: true, mqttPort: 0 } });
  const api = stationOf(t);
  let dtu: MqttClient;

  beforeAll(async () => {
    expect(await t.app.dtuMqtt.subscribed).toBe(true);
    expect(t.app.dtuMqtt.port).toBeGreaterThan(0);
    dtu = await publisherOf(`mqtt://127.0.0.1:${t.app.dtuMqtt.port}`);
  });
  afterAll(() => dtu?.endAsync());

  it('stores a report of a unit under test, applies it and verifies the unit to the server', async () => {
    const { taskId, pad } = await api.taskWithPad();
    const imei = freshImei();
    await api.scan(pad.token, { imei });
    await dtu.publishAsync(dtuReportTopic(imei), JSON.stringify({ CSQ: 21, ICCID: '8986', VERSION: '1.0.0', VOLTAGE: 3.9 }), { qos: 1 });
    const [report] = await eventually(() => api.reportsOf(imei), (rows) => rows.length === 1);
    const test = await api.testOf(taskId, imei);
    expect(report).toMatchObject({ source: 'MQTT', unitCode: imei, taskId, testId: test!.id, terminalId: null });
    expect(JSON.parse(report!.content)).toEqual({ CSQ: 21, ICCID: '8986', VERSION: '1.0.0', VOLTAGE: 3.9 });
    const unit = await api.unit(pad.token, { imei });
    expect(unit.serverVerified).toBe(true);
    expect(unit.values.map(({ code, value, pass }) => ({ code, value, pass }))).toEqual([
      { code: 'CSQ', value: '21', pass: true },
      { code: 'ICCID', value: '8986', pass: true },
      { code: 'VERSION', value: '1.0.0', pass: true },
      { code: 'VOLTAGE', value: '3.9', pass: null },
    ]);
  });

  it('loses no value of reports arriving fast for one unit, and keeps the latest', async () => {
    const { taskId, pad } = await api.taskWithPad();
    const mac = 'AA:00:00:00:00:01';
    const imei = freshImei();
    await api.scan(pad.token, { imei, mac });
    await Promise.all(Array.from({ length: 30 }, (_, n) => dtu.publishAsync(dtuReportTopic(imei.toLowerCase()), JSON.stringify({ CSQ: n + 1, [`K${n}`]: n }), { qos: 1 })));
    await eventually(() => api.reportsOf(imei), (rows) => rows.length === 30, 10_000);
    const test = await api.testOf(taskId, imei);
    const values = await api.valuesOf(test!.id);
    expect(values.filter((value) => value.kind === 'BASE')).toHaveLength(30);
    expect(values.find((value) => value.code === 'CSQ')).toMatchObject({ kind: 'AUTO', value: '30', pass: 1 });
  });

  it('keeps what is no JSON object, or too long, as it came and applies none of it; ignores other topics', async () => {
    const { taskId, pad } = await api.taskWithPad();
    const imei = freshImei();
    await api.scan(pad.token, { imei });
    await dtu.publishAsync(`factory/dtu/${imei}/status`, '{"CSQ":1}', { qos: 1 });
    await dtu.publishAsync(`factory/dtu/${imei}/x/report`, '{"CSQ":1}', { qos: 1 });
    await dtu.publishAsync(`factory/dtu/${'9'.repeat(65)}/report`, '{"CSQ":1}', { qos: 1 });
    await dtu.publishAsync(dtuReportTopic(imei), 'CSQ=1', { qos: 1 });
    await dtu.publishAsync(dtuReportTopic(imei), '[{"CSQ":1}]', { qos: 1 });
    const long = JSON.stringify({ CSQ: 1, PAD: 'x'.repeat(REPORT_LIMITS.bytesMax) });
    await dtu.publishAsync(dtuReportTopic(imei), long, { qos: 1 });
    const rows = await eventually(() => api.reportsOf(imei), (found) => found.length === 3);
    expect(rows.map((row) => row.content)).toEqual(['CSQ=1', '[{"CSQ":1}]', long.slice(0, REPORT_LIMITS.bytesMax)]);
    const test = await api.testOf(taskId, imei);
    expect(rows.every((row) => row.testId === test!.id)).toBe(true);
    expect(await api.valuesOf(test!.id)).toEqual([]);
    expect(test!.serverVerified).toBe(0);
    expect(await dbOf(t.app).selectFrom('dtu_report').select('id').where('unitCode', '=', '9'.repeat(65)).execute()).toEqual([]);
  });

  it('keeps a report of a unit not yet scanned until its scan joins it', async () => {
    const { pad } = await api.taskWithPad();
    const imei = freshImei();
    await dtu.publishAsync(dtuReportTopic(imei), JSON.stringify({ CSQ: 12 }), { qos: 1 });
    const [waiting] = await eventually(() => api.reportsOf(imei), (rows) => rows.length === 1);
    expect(waiting).toMatchObject({ testId: null, taskId: null, dtuId: null });
    const unit = await api.scan(pad.token, { imei });
    expect(unit).toMatchObject({ serverVerified: true });
    expect(unit.values.find((value) => value.code === 'CSQ')).toMatchObject({ value: '12', pass: true });
  });
});

describe.each(testDialects())('the embedded broker’s port taken on %s', (dialect) => {
  let blocker: net.Server;
  let port = 0;
  beforeAll(async () => {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('logs one warning and serves on without a broker', async () => {
    const test = await buildTestApp(dialect, { mqtt: true, mqttPort: port });
    try {
      const warn = vi.spyOn(test.app.log, 'warn');
      await test.app.ready();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![1])).toContain(`port ${port}`);
      expect(await test.app.dtuMqtt.subscribed).toBe(false);
      expect(test.app.dtuMqtt.port).toBeNull();
      expect((await test.app.inject({ method: 'GET', url: `${PATHS.docs}/json` })).statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });

  it.runIf(dialect === 'postgres')('says in the log that the embedded broker serves one process, on PostgreSQL', async () => {
    const test = await buildTestApp(dialect, { mqtt: true, mqttPort: 0 });
    try {
      const warn = vi.spyOn(test.app.log, 'warn');
      await test.app.ready();
      expect(await test.app.dtuMqtt.subscribed).toBe(true);
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining('for this server process only')]);
      expect(String(warn.mock.calls[0]![0])).toContain('MQTT_URL');
    } finally {
      await test.close();
    }
  });

  it('starts no broker at all with MQTT off (the test app’s default)', async () => {
    const test = await buildTestApp(dialect);
    try {
      await test.app.ready();
      expect(await test.app.dtuMqtt.subscribed).toBe(false);
      expect(test.app.dtuMqtt.port).toBeNull();
    } finally {
      await test.close();
    }
  });
});

describe.skipIf(!mosquittoUp).each(testDialects())('DTU reports through MQTT_URL (Mosquitto) on %s', (dialect) => {
  // A group of this run's own: another server on this Mosquitto must not take our reports.
  const group = `test-${randomBytes(4).toString('hex')}`;
  const t = withTestApp(dialect, { config: { mqtt: true, mqttUrl: MOSQUITTO, mqttShareGroup: group } });
  const api = stationOf(t);
  let dtu: MqttClient;
  let second: FastifyInstance | undefined;

  beforeAll(async () => {
    expect(await t.app.dtuMqtt.subscribed).toBe(true);
    dtu = await publisherOf(MOSQUITTO);
  });
  afterAll(async () => {
    await dtu?.endAsync();
    await second?.close();
  });

  it('stores and applies a report published to the factory’s broker', async () => {
    const { taskId, pad } = await api.taskWithPad();
    const imei = freshImei();
    await api.scan(pad.token, { imei });
    await dtu.publishAsync(dtuReportTopic(imei), JSON.stringify({ CSQ: 18 }), { qos: 1 });
    const [report] = await eventually(() => api.reportsOf(imei), (rows) => rows.length === 1);
    expect(report).toMatchObject({ source: 'MQTT', taskId });
    expect(await api.unit(pad.token, { imei })).toMatchObject({ serverVerified: true });
  });

  it('stores each report once with two server processes in the shared group (DESIGN §10)', async () => {
    const schema =
      dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(dbOf(t.app))).rows[0]!.schema : undefined;
    second = await buildAppBeside(t.config, schema);
    await second.ready();
    expect(await second.dtuMqtt.subscribed).toBe(true);
    const units = Array.from({ length: 20 }, () => freshImei());
    for (const unit of units) await dtu.publishAsync(dtuReportTopic(unit), JSON.stringify({ CSQ: 20 }), { qos: 1 });
    const count = () =>
      dbOf(t.app)
        .selectFrom('dtu_report')
        .select('unitCode')
        .where('unitCode', 'in', units)
        .execute();
    await eventually(count, (rows) => rows.length >= units.length, 10_000);
    // Time for a second copy to land, were the subscription not shared.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await count()).map((row) => row.unitCode).sort()).toEqual([...units].sort());
  });
});
