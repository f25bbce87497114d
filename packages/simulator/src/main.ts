#!/usr/bin/env node
import { parseCli, USAGE } from './cli-args.js';
import { consoleLogin } from './console-client.js';
import { type DtuRun, startDtuTesting } from './dtu-run.js';
import { type SeededDtuSampling, seedDtuSampling } from './dtu-sampling-seed.js';
import { type SeededDtuTesting, seedDtuTesting } from './dtu-seed.js';
import { batchUnitsReader, codesReader, stationsOfRunningTasks } from './factory-discovery.js';
import { demoPlan } from './factory-plan.js';
import { runFactory } from './factory-run.js';
import { type SeededFactory, seedFactory } from './factory-seed.js';
import { PdaClient } from './pda-client.js';
import { dtuProgress, dtuSummary, progressLine, summaryLines, warehouseProgress, warehouseSummary } from './progress.js';
import { seededRandom } from './random.js';
import type { SimulationStats } from './simulation-stats.js';
import { type StationLogin, startSimulation, type TaskProgress } from './simulation.js';
import { type StationClient, StationRefusal } from './station-client.js';
import { startWarehouse, type Warehouse } from './warehouse.js';

const log = (line: string) => console.log(line);
const fail = (message: string, code = 1): never => {
  console.error(message);
  process.exit(code);
};

let options;
try {
  options = parseCli(process.argv.slice(2));
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`, 2);
}
if (options!.help) {
  log(USAGE);
  process.exit(0);
}
const cli = options!;

let admin;
try {
  admin = await consoleLogin(cli.url, cli.adminUser, cli.adminPassword);
} catch (error) {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  fail(`cannot sign in to ${cli.url} as ${cli.adminUser}: ${cause ?? (error as Error).message} (is the server running, with CAPTCHA=off?)`);
}
const { api } = admin!;

let stations: StationLogin[];
let seeded: SeededFactory | null = null;
let dtuSeeded: SeededDtuTesting | null = null;
let samplingSeeded: SeededDtuSampling | null = null;
const plan = demoPlan({ stations: cli.stations, units: cli.units });
if (cli.seedFactory) {
  log(`seeding the factory at ${cli.url} …`);
  seeded = await seedFactory(api, cli.url, plan, (line) => log(`  ${line}`));
  stations = seeded.tasks.flatMap((task) => task.stations);
  // DTU tasks after the accessory catalogue they test; without them the rest of the factory still runs.
  if (plan.accessories?.testing) {
    try {
      dtuSeeded = await seedDtuTesting(api, cli.url, plan.accessories.testing, (line) => log(`  ${line}`));
    } catch (error) {
      log(`  DTU testing not seeded: ${(error as Error).message}`);
    }
  }
  // Sampling of the submitted batches, once the tasks it samples exist.
  if (dtuSeeded && plan.accessories?.testing && plan.accessories.sampling) {
    try {
      samplingSeeded = await seedDtuSampling(api, cli.url, plan.accessories.testing, plan.accessories.sampling, dtuSeeded, (line) => log(`  ${line}`));
    } catch (error) {
      log(`  DTU sampling not seeded: ${(error as Error).message}`);
    }
  }
} else {
  stations = await stationsOfRunningTasks(api, { username: cli.stationUser, password: cli.stationPassword }, cli.stations);
  if (stations.length === 0) fail('no started task has terminals on its flows: plan one in the console, or run with --seed-factory');
}

// The finished-goods warehouse at the seeded PDA: it stocks the units the lines pass (docs/simulator.md).
const pdaAbort = new AbortController();
let warehouse: Warehouse | null = null;
let pda: PdaClient | null = null;
if (cli.warehouse && seeded?.warehouse) {
  const { terminalCode, username, password } = seeded.warehouse;
  pda = new PdaClient({ baseUrl: cli.url, signal: pdaAbort.signal });
  try {
    await pda.login(terminalCode, username, password);
    warehouse = startWarehouse({
      pda,
      random: seededRandom((cli.randomSeed ?? Date.now()) + 104_729),
      defectRate: cli.spotDefectRate,
      // A person's pace at rate 1, quicker when the lines are.
      speed: cli.rate > 0 ? Math.max(1, cli.rate) : 20,
      unitsOfBatch: batchUnitsReader(api),
      log,
    });
    log(`warehouse at ${terminalCode} (${username}): stocks passed units, closes batches of 20–80 units, spot-checks them, ships accepted ones`);
  } catch (error) {
    if (!(error instanceof StationRefusal)) throw error;
    log(`warehouse: ${terminalCode} sign-in refused (${error.status} ${error.message}); running without it`);
    pda = null;
  }
}

// The DTU benches at the seeded 配件检测 PADs: the units report over MQTT (docs/simulator.md).
let dtu: DtuRun | null = null;
if (cli.dtu && dtuSeeded && dtuSeeded.benches.length > 0) {
  dtu = await startDtuTesting({
    baseUrl: cli.url,
    mqttUrl: cli.mqttUrl,
    benches: dtuSeeded.benches,
    rate: cli.dtuRate,
    failureRate: cli.dtuFailureRate,
    ...(cli.randomSeed === undefined ? {} : { randomSeed: cli.randomSeed + 15_485_863 }),
    api,
    submitEvery: cli.dtuSubmitEvery,
    // Without submits there is no batch to sample.
    samplers: cli.dtuSubmitEvery > 0 ? (samplingSeeded?.samplers ?? []) : [],
    log,
  });
  const tasks = [...new Set(dtuSeeded.benches.map((bench) => `${bench.reworkTask ? '返工任务' : 'DTU任务'} ${bench.taskName}`))];
  log(`${dtu.benches} DTU benches (${tasks.join(', ')}) at ${cli.dtuRate || 'full speed'} units/min each, units publishing to ${cli.mqttUrl}`);
  if (cli.dtuSubmitEvery > 0) {
    const sampled = samplingSeeded?.samplers.map((sampler) => `${sampler.taskName} at ${sampler.pad.terminalCode}`) ?? [];
    log(
      `DTU tasks submitted every ${cli.dtuSubmitEvery} units judged (the first batch at ${Math.ceil(cli.dtuSubmitEvery / 2)}); ` +
        (dtu.samplers > 0 ? `batches sampled: ${sampled.join(', ')}` : 'no sampling bench'),
    );
  }
}

const simulationOptions = {
  baseUrl: cli.url,
  rate: cli.rate,
  failureRate: cli.failureRate,
  repairDelayMs: cli.repairDelaySeconds * 1000,
  codesOf: codesReader(api),
  ...(cli.randomSeed === undefined ? {} : { randomSeed: cli.randomSeed }),
  ...(warehouse ? { onUnitPassed: warehouse.offer } : {}),
};

/** What main needs of a run, one simulation or a factory that plans task after task. */
interface Run {
  stats: SimulationStats;
  clients(): StationClient[];
  progress(): TaskProgress[];
  done: Promise<void>;
  stop(): Promise<void>;
  abort(): void;
}
let simulation: Run;
if (cli.continuous && seeded) {
  simulation = runFactory({ api, plan, tasks: seeded.tasks, simulation: simulationOptions, log });
  // Sign-ins happen inside the run: wait for the first stations before saying they run.
  const signInDeadline = Date.now() + 60_000;
  while (simulation.clients().length < stations.length && Date.now() < signInDeadline) await new Promise((resolve) => setTimeout(resolve, 200));
  log(
    `${simulation.clients().length} stations running at ${cli.rate || 'full speed'} results/s each, failure rate ${cli.failureRate}; ` +
      'when a task is over the next one is planned; Ctrl-C stops',
  );
} else {
  const once = await startSimulation({ ...simulationOptions, stations, log });
  simulation = { ...once, clients: () => once.clients, progress: () => once.progress() };
  if (once.clients.length === 0) fail('no station could sign in');
  log(`${once.clients.length} stations running at ${cli.rate || 'full speed'} results/s each, failure rate ${cli.failureRate}; Ctrl-C stops`);
}

const reporter = setInterval(() => {
  log(progressLine(simulation.stats, simulation.progress()));
  if (warehouse) log(`           ${warehouseProgress(warehouse)}`);
  if (dtu) log(`           ${dtuProgress(dtu.stats, dtu.repairsWaiting())}`);
}, cli.reportEverySeconds * 1000);

let signals = 0;
const onSignal = () => {
  signals += 1;
  if (signals === 1) {
    log('stopping: answering the results and scans in flight (Ctrl-C again to quit at once)');
    // A server that never comes back must not keep the simulator waiting forever.
    setTimeout(() => {
      simulation.abort();
      pdaAbort.abort(new Error('simulation aborted'));
      dtu?.abort();
    }, 10_000).unref();
    void simulation.stop();
    void warehouse?.stop();
    void dtu?.stop();
  } else {
    simulation.abort();
    pdaAbort.abort(new Error('simulation aborted'));
    dtu?.abort();
    process.exit(130);
  }
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

await simulation.done;
// The lines are done (or stopped): the warehouse finishes the scan in hand and stops too.
await warehouse?.stop();
await dtu?.stop();
clearInterval(reporter);
for (const line of summaryLines(simulation.stats, simulation.progress())) log(line);
if (warehouse) for (const line of warehouseSummary(warehouse.stats)) log(line);
if (dtu) for (const line of dtuSummary(dtu.stats)) log(line);
const inDoubt = simulation.clients().reduce((sum, client) => sum + client.pending.size, 0);
if (inDoubt > 0) log(`${inDoubt} results were sent but never answered (the server may or may not have them)`);
await Promise.all([...simulation.clients(), ...(pda ? [pda] : [])].map((client) => client.logout()));
process.exit(0);
