import { randomBytes } from 'node:crypto';
import { PATHS } from '@factory/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codesReader,
  consoleLogin,
  DEMO_ACCESSORIES,
  DEMO_DTU_TESTING,
  type DtuRun,
  type DtuTestingPlan,
  GATEWAY,
  mqttLink,
  reachable,
  seedAccessories,
  seedDtuTesting,
  seedFactory,
  type Simulation,
  singleTaskPlan,
  startDtuTesting,
  startSimulation,
} from '../packages/simulator/src/index.js';
import { openEventStream } from '../packages/server/test/event-stream.js';
import { counterMismatchesOnPostgres } from './support/counters.js';
import { type FreshDatabase, freshDatabase, TEST_DATABASE_URL } from './support/postgres.js';
import { type Proxy, startProxy } from './support/proxy.js';
import { expectAcknowledgedStoredOnce, type StoredResult } from './support/results.js';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './support/server.js';

/*
 * Issue 20, DESIGN.md §10: two server processes on one fresh PostgreSQL database, a
 * load balancer in front, the factory's broker (Mosquitto) for the DTU units' reports.
 * The simulator runs a production task and DTU testing through the balancer; a board
 * open on process A moves with results sent only to B; then B is killed with SIGKILL
 * mid-run and the stations carry on through A. What was acknowledged is stored once.
 */

const MOSQUITTO = { host: '127.0.0.1', port: 1883 };
const STATIONS = 20;
const UNITS = 3000;
/** results acknowledged through both processes before B is killed, and through A after */
const BEFORE_KILL = 300;
const AFTER_KILL = 300;

const skipped = !TEST_DATABASE_URL;
if (skipped) console.warn('TEST_DATABASE_URL is not set: the two-process end-to-end test (PostgreSQL) is skipped');
const mosquittoUp = !skipped && (await reachable(MOSQUITTO.host, MOSQUITTO.port));
if (!skipped && !mosquittoUp) {
  console.warn(`Mosquitto does not answer at ${MOSQUITTO.host}:${MOSQUITTO.port}: the two-process test runs without its DTU reports part`);
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The units' reports as the broker acknowledged them to the fixtures: unit code and when. */
const published: { unit: string; at: number }[] = [];

let database: FreshDatabase;
let a: RunningServer;
let b: RunningServer;
let proxy: Proxy;
let simulation: Simulation | undefined;
let dtu: DtuRun | undefined;

beforeAll(async () => {
  if (skipped) return;
  database = await freshDatabase();
  const env = {
    CAPTCHA: 'off',
    DATABASE_URL: database.url,
    ...(mosquittoUp
      ? {
          MQTT_URL: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`,
          // A group of this run's own: another server on this Mosquitto must not take its reports.
          MQTT_SHARE_GROUP: `e2e-${randomBytes(4).toString('hex')}`,
        }
      : { MQTT: 'off' }),
  };
  // Started together on the empty database: one migrates and seeds, the other waits for it (migrate.ts, seed.ts).
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  proxy = await startProxy([a.url, b.url]);
}, 120_000);

afterAll(async () => {
  simulation?.abort();
  dtu?.abort();
  await proxy?.close();
  await a?.stop();
  await b?.stop();
  await database?.drop();
});

describe.skipIf(skipped)('two server processes on one PostgreSQL (DESIGN.md §10)', () => {
  it('moves a board on A with results sent to B, then carries on through A after B is killed, storing each acknowledged result and report once', async () => {
    const { api } = await consoleLogin(proxy.url, 'admin', ADMIN_PASSWORD);
    const seeded = await seedFactory(api, proxy.url, singleTaskPlan({ ...GATEWAY, number: 'GW_TWO', code: 'GWTWO' }, { units: UNITS, stations: STATIONS, operatorCount: 4 }));
    const taskId = seeded.tasks[0]!.taskId;
    const plan: DtuTestingPlan = {
      ...DEMO_DTU_TESTING,
      aimLineNum: 'NONE',
      // The cellular task's two benches: their units report over MQTT.
      tasks: DEMO_DTU_TESTING.tasks.slice(0, 1).map((task) => ({ ...task, productionNumber: 2000, excelRows: 0 })),
    };
    if (mosquittoUp) await seedAccessories(api, DEMO_ACCESSORIES);
    const dtuSeeded = mosquittoUp ? await seedDtuTesting(api, proxy.url, plan) : null;

    // A board open on A, while the balancer sends everything to B.
    const { login } = await consoleLogin(a.url, 'admin', ADMIN_PASSWORD);
    const ticketAnswer = await fetch(`${a.url}${PATHS.boardEventsTicket}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const ticket = ((await ticketAnswer.json()) as { data: { ticket: string } }).data.ticket;
    const board = openEventStream(`${a.url}${PATHS.boardEvents}?taskId=${taskId}&ticket=${ticket}`);
    expect(await board.opened).toBe(200);
    proxy.setTargets([b.url]);
    const answeredByA = proxy.answered.get(a.url) ?? 0;

    simulation = await startSimulation({
      baseUrl: proxy.url,
      stations: seeded.tasks[0]!.stations,
      rate: 0,
      failureRate: 0.1,
      repairDelayMs: 200,
      codesOf: codesReader(api),
      randomSeed: 20,
      backoffMs: 50,
      maxBackoffMs: 500,
    });
    expect(simulation.clients).toHaveLength(STATIONS);
    const acknowledged = () => simulation!.clients.reduce((sum, client) => sum + client.acknowledged.size, 0);
    await waitFor(() => acknowledged() > 0, 30_000, 'a first result through B');
    const firstAt = Date.now();
    await waitFor(() => board.events().length > 0, 5_000, 'the board on A to move');
    expect(Date.now() - firstAt, 'within a second of the first result stored by B').toBeLessThan(1_000);
    expect(proxy.answered.get(a.url) ?? 0, 'A answered none of it').toBe(answeredByA);
    board.close();

    // Now both processes, and the DTU benches with them.
    proxy.setTargets([a.url, b.url]);
    if (dtuSeeded) dtu = await startDtuTesting({
      baseUrl: proxy.url,
      mqttUrl: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`,
      benches: dtuSeeded.benches,
      rate: 0,
      failureRate: 0.1,
      rescanRate: 0,
      randomSeed: 20,
      linkOf: (bench) => {
        const link = mqttLink(`mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`, `e2e-${bench.pad.terminalCode}-${randomBytes(3).toString('hex')}`);
        return {
          ...link,
          async publish(unitCode, report) {
            await link.publish(unitCode, report);
            published.push({ unit: unitCode, at: Date.now() });
          },
        };
      },
      log: () => undefined,
    });
    const tested = () => dtu?.stats.tested ?? Infinity;
    if (dtu) expect(dtu.benches).toBe(2);
    await waitFor(() => acknowledged() >= BEFORE_KILL && tested() >= 5, 60_000, `${BEFORE_KILL} results and 5 DTU units`);
    expect(proxy.answered.get(a.url) ?? 0, 'A answered its share').toBeGreaterThan(answeredByA + 20);

    await b.kill();
    const killedAt = Date.now();
    const atKill = { results: acknowledged(), tested: tested() };
    await waitFor(() => acknowledged() >= atKill.results + AFTER_KILL && tested() >= atKill.tested + 5, 60_000, 'the stations to carry on through A');
    await simulation.stop();
    await dtu?.stop();

    expect(simulation.stats.refused).toBe(0);
    // The kill cut submissions in flight through B: the balancer answered 502 and the stations sent them again.
    expect(simulation.clients.reduce((sum, station) => sum + station.retries, 0)).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // Every acknowledged result is stored once, under the id and status its verdict named, and nothing else is.
      const results = expectAcknowledgedStoredOnce(
        simulation,
        (await client.query<StoredResult>('select id, "clientResultId", status from flow_result')).rows,
      );

      // Reports: none stored twice; of the units first reporting after the kill (A alone in the group), every one.
      if (!mosquittoUp) return;
      const reports = (await client.query<{ unitCode: string; count: number }>('select "unitCode", count(*)::int as count from dtu_report group by "unitCode"')).rows;
      const storedOf = new Map(reports.map((row) => [row.unitCode, row.count]));
      const publishedOf = new Map<string, number>();
      const firstReport = new Map<string, number>();
      for (const report of published) {
        publishedOf.set(report.unit, (publishedOf.get(report.unit) ?? 0) + 1);
        if (!firstReport.has(report.unit)) firstReport.set(report.unit, report.at);
      }
      for (const [unit, count] of storedOf) expect(count, `reports of ${unit}`).toBeLessThanOrEqual(publishedOf.get(unit) ?? 0);
      const afterKill = [...firstReport].filter(([, at]) => at > killedAt + 1_000).map(([unit]) => unit);
      expect(afterKill.length).toBeGreaterThan(0);
      console.info(
        `two processes: ${results} results (${atKill.results} before the kill), ${published.length} reports of ${publishedOf.size} units, ${afterKill.length} units begun after the kill`,
      );
      for (const unit of afterKill) expect(storedOf.get(unit) ?? 0, `reports of ${unit}, after the kill`).toBe(publishedOf.get(unit));
    } finally {
      await client.end();
    }
    expect(await counterMismatchesOnPostgres(database.url)).toEqual({
      taskFlow: [],
      flowCounter: [],
      productionCode: [],
      deviceFlow: [],
      unitsWithoutState: [],
      task: [],
    });
  }, 240_000);
});
