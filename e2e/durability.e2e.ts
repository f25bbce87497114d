import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codesReader,
  GATEWAY,
  seedFactory,
  type Simulation,
  singleTaskPlan,
  startSimulation,
} from '../packages/simulator/src/index.js';
import { adminApi } from './support/api.js';
import { counterMismatches } from './support/counters.js';
import { openDb } from './support/db.js';
import { expectAcknowledgedStoredOnce, type StoredResult } from './support/results.js';
import { type RunningServer, startServer } from './support/server.js';

const STATIONS = 50;
const UNITS = 3000;
/** results acknowledged before the crash, and after the restart */
const BEFORE_CRASH = 400;
const AFTER_RESTART = 400;

let server: RunningServer;
let simulation: Simulation | undefined;

beforeAll(async () => {
  server = await startServer({ CAPTCHA: 'off' });
});
afterAll(async () => {
  simulation?.abort();
  await server?.stop();
});

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('durability: a server killed mid-run keeps what it acknowledged', () => {
  it(`${STATIONS} stations, SIGKILL after ${BEFORE_CRASH} results, restart on the same database, retries with the same ids`, async () => {
    const api = await adminApi(server.url);
    const plan = singleTaskPlan({ ...GATEWAY, number: 'GW_DURABLE', code: 'GWDURABLE' }, { units: UNITS, stations: STATIONS, operatorCount: 5 });
    const seeded = await seedFactory(api, server.url, plan);
    const stations = seeded.tasks[0]!.stations;
    expect(stations).toHaveLength(STATIONS);

    simulation = await startSimulation({
      baseUrl: server.url,
      stations,
      rate: 0,
      failureRate: 0.1,
      repairDelayMs: 200,
      codesOf: codesReader(api),
      randomSeed: 6,
      backoffMs: 50,
      maxBackoffMs: 500,
    });
    expect(simulation.clients).toHaveLength(STATIONS);
    const acknowledged = () => simulation!.clients.reduce((sum, client) => sum + client.acknowledged.size, 0);

    await waitFor(() => acknowledged() >= BEFORE_CRASH, 30_000, `${BEFORE_CRASH} results`);
    const inFlightAtCrash = simulation.clients.reduce((sum, client) => sum + client.pending.size, 0);
    await server.kill();
    const atCrash = acknowledged();
    // Down long enough for every station to hit the closed port and back off.
    await new Promise((resolve) => setTimeout(resolve, 500));
    server = await server.restart();

    await waitFor(() => acknowledged() >= atCrash + AFTER_RESTART, 30_000, `${AFTER_RESTART} results after the restart`);
    await simulation.stop();

    // The crash cut submissions in flight: they were retried, some answered from what the dead process had committed.
    expect(inFlightAtCrash).toBeGreaterThan(0);
    expect(simulation.clients.reduce((sum, client) => sum + client.retries, 0)).toBeGreaterThan(0);
    expect(simulation.stats.refused).toBe(0);

    const db = openDb(server.dbFile);
    const stored = db.prepare('select id, clientResultId, status from flow_result').all() as StoredResult[];
    db.close();
    // Exactly once: every acknowledged result is stored, under the id and status its verdict named, and nothing else is.
    expectAcknowledgedStoredOnce(simulation, stored);

    expect(await counterMismatches(server.dbFile)).toEqual({
      taskFlow: [],
      flowCounter: [],
      productionCode: [],
      deviceFlow: [],
      unitsWithoutState: [],
      task: [],
    });
  }, 90_000);
});
