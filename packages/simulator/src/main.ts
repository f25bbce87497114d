#!/usr/bin/env node
import { parseCli, USAGE } from './cli-args.js';
import { consoleLogin } from './console-client.js';
import { codesReader, stationsOfRunningTasks } from './factory-discovery.js';
import { demoPlan } from './factory-plan.js';
import { runFactory } from './factory-run.js';
import { type SeededFactory, seedFactory } from './factory-seed.js';
import { progressLine, summaryLines } from './progress.js';
import type { SimulationStats } from './simulation-stats.js';
import { type StationLogin, startSimulation, type TaskProgress } from './simulation.js';
import type { StationClient } from './station-client.js';

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
const plan = demoPlan({ stations: cli.stations, units: cli.units });
if (cli.seedFactory) {
  log(`seeding the factory at ${cli.url} …`);
  seeded = await seedFactory(api, cli.url, plan, (line) => log(`  ${line}`));
  stations = seeded.tasks.flatMap((task) => task.stations);
} else {
  stations = await stationsOfRunningTasks(api, { username: cli.stationUser, password: cli.stationPassword }, cli.stations);
  if (stations.length === 0) fail('no started task has terminals on its flows: plan one in the console, or run with --seed-factory');
}

const simulationOptions = {
  baseUrl: cli.url,
  rate: cli.rate,
  failureRate: cli.failureRate,
  repairDelayMs: cli.repairDelaySeconds * 1000,
  codesOf: codesReader(api),
  ...(cli.randomSeed === undefined ? {} : { randomSeed: cli.randomSeed }),
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

const reporter = setInterval(() => log(progressLine(simulation.stats, simulation.progress())), cli.reportEverySeconds * 1000);

let signals = 0;
const onSignal = () => {
  signals += 1;
  if (signals === 1) {
    log('stopping: answering the results in flight (Ctrl-C again to quit at once)');
    // A server that never comes back must not keep the simulator waiting forever.
    setTimeout(() => simulation.abort(), 10_000).unref();
    void simulation.stop();
  } else {
    simulation.abort();
    process.exit(130);
  }
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

await simulation.done;
clearInterval(reporter);
for (const line of summaryLines(simulation.stats, simulation.progress())) log(line);
const inDoubt = simulation.clients().reduce((sum, client) => sum + client.pending.size, 0);
if (inDoubt > 0) log(`${inDoubt} results were sent but never answered (the server may or may not have them)`);
await Promise.all(simulation.clients().map((client) => client.logout()));
process.exit(0);
