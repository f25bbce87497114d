import { setMaxListeners } from 'node:events';
import type { StationAssignment } from '@factory/contracts';
import { type Device, ProductionLine } from './production-line.js';
import { seededRandom } from './random.js';
import { SimulationStats } from './simulation-stats.js';
import { StationClient, StationRefusal } from './station-client.js';
import { runStation } from './station-loop.js';
import type { PassedUnit } from './warehouse.js';

/** A terminal and the user who signs in at it. */
export interface StationLogin {
  terminalCode: string;
  username: string;
  password: string;
}

export interface SimulationOptions {
  baseUrl: string;
  stations: readonly StationLogin[];
  /** results per second per station; 0 = as fast as the server answers */
  rate: number;
  /** share of results that fail (0–1) */
  failureRate: number;
  /** how long a failed unit is away for repair before its retest */
  repairDelayMs: number;
  /** the task's production codes in label order (the console's exportQrCodeUrls, page after page) */
  codesOf(taskId: number): Promise<string[]>;
  /** seeds the value draws; each station gets its own stream */
  randomSeed?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: (line: string) => void;
  /** counts shared with other simulations (a factory run's successive tasks); a fresh one by default */
  stats?: SimulationStats;
  /** told of every unit that passed the last flow of its task (the warehouse stocks it) */
  onUnitPassed?: (unit: PassedUnit) => void;
}

export interface TaskProgress {
  taskId: number;
  productNumber: string;
  finished: number;
  total: number;
  /** units waiting (or in repair) before each flow */
  waiting: number[];
}

export interface Simulation {
  readonly clients: StationClient[];
  readonly stats: SimulationStats;
  /** resolves when every station has stopped */
  readonly done: Promise<void>;
  progress(): TaskProgress[];
  /** no new units; every result already sent is retried until answered, then the stations end */
  stop(): Promise<void>;
  /** gives up at once, results in doubt included */
  abort(): void;
}

type Assignment = NonNullable<StationAssignment>;

/** Runs `work` over the items, at most `limit` at a time. */
async function inBatches<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  });
  await Promise.all(workers);
}

/**
 * Signs every station in and runs them against one server, the stations of a
 * task sharing one simulated line. Stations whose sign-in is refused are left out
 * (and logged); the others run until their flows drain, the task ends, or stop().
 */
export async function startSimulation(options: SimulationOptions): Promise<Simulation> {
  const log = options.log ?? (() => {});
  const controller = new AbortController();
  // Every request and wait of every station listens to this one signal.
  setMaxListeners(0, controller.signal);
  let stopping = false;
  const stats = options.stats ?? new SimulationStats();
  const lines = new Map<number, Promise<ProductionLine>>();
  const ready = new Map<number, { line: ProductionLine; productNumber: string }>();
  const lineOf = (assignment: Assignment) => {
    let line = lines.get(assignment.taskId);
    if (!line) {
      line = options.codesOf(assignment.taskId).then((codes) => {
        const passed = (device: Device) =>
          options.onUnitPassed?.({ taskId: assignment.taskId, productNumber: assignment.productNumber, code: device.code, sn: device.snSent ? device.sn : null });
        const made = new ProductionLine(assignment.taskId, assignment.flowCount, codes, { repairDelayMs: options.repairDelayMs, onFinished: passed });
        ready.set(assignment.taskId, { line: made, productNumber: assignment.productNumber });
        return made;
      });
      lines.set(assignment.taskId, line);
    }
    return line;
  };

  const clients: StationClient[] = [];
  // Sign-ins cost the server a password hash each: a few at a time.
  await inBatches(options.stations, 6, async (station) => {
    const client = new StationClient({
      baseUrl: options.baseUrl,
      signal: controller.signal,
      ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
      ...(options.maxBackoffMs === undefined ? {} : { maxBackoffMs: options.maxBackoffMs }),
    });
    try {
      await client.login(station.terminalCode, station.username, station.password);
      clients.push(client);
    } catch (error) {
      if (!(error instanceof StationRefusal)) throw error;
      log(`${station.terminalCode}: sign-in refused (${error.status} ${error.message})`);
    }
  });

  const baseSeed = options.randomSeed ?? Date.now();
  const done = Promise.all(
    clients.map((client, index) =>
      runStation(client, {
        rate: options.rate,
        failureRate: options.failureRate,
        random: seededRandom(baseSeed + index * 7919),
        lineOf,
        stats,
        stopping: () => stopping,
        signal: controller.signal,
        log,
      }).catch((error: unknown) => {
        if (controller.signal.aborted) return;
        log(`${client.terminalCode}: stopped by an error: ${(error as Error).message}`);
      }),
    ),
  ).then(() => undefined);

  return {
    clients,
    stats,
    done,
    progress() {
      return [...ready.values()].map(({ line, productNumber }) => ({
        taskId: line.taskId,
        productNumber,
        finished: line.finished,
        total: line.total,
        waiting: line.waiting(),
      }));
    },
    async stop() {
      stopping = true;
      await done;
    },
    abort() {
      stopping = true;
      controller.abort(new Error('simulation aborted'));
    },
  };
}
