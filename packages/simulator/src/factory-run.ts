import type { ConsoleApi } from './console-client.js';
import type { FactoryPlan } from './factory-plan.js';
import { type PlannedTask, planNextTask, type SeededTask, taskStatusOf } from './factory-seed.js';
import { SimulationStats } from './simulation-stats.js';
import { type Simulation, type SimulationOptions, startSimulation, type TaskProgress } from './simulation.js';
import type { StationClient } from './station-client.js';

export interface FactoryRunOptions {
  /** the console API, signed in as the administrator who seeded the factory */
  api: ConsoleApi;
  plan: FactoryPlan;
  /** the seeded tasks, in the order of plan.tasks */
  tasks: readonly SeededTask[];
  simulation: Omit<SimulationOptions, 'stations' | 'stats' | 'log'>;
  log: (line: string) => void;
  /** how long to wait before asking the console again when planning a task failed */
  retryMs?: number;
  /** told of every task planned after one is over, before its stations start (tests look at it then) */
  onPlanned?: (previous: SeededTask, next: PlannedTask) => void | Promise<void>;
}

export interface FactoryRun {
  readonly stats: SimulationStats;
  /** the stations signed in now, over every running task */
  clients(): StationClient[];
  progress(): TaskProgress[];
  /** resolves once stop() (or abort()) has ended every task's stations */
  readonly done: Promise<void>;
  stop(): Promise<void>;
  abort(): void;
}

const sleep = (ms: number, until: Promise<void>) => Promise.race([new Promise<void>((resolve) => setTimeout(resolve, ms).unref()), until]);

/**
 * A factory that keeps producing until stopped (`npm run demo`): each task of the
 * plan runs its stations in a simulation of its own; when they have all ended
 * (the task finished, or nothing left can pass), the next task of that entry is
 * planned through the console API (planNextTask: same product, line and PADs),
 * said in the log, and its stations start. Without this the demo went quiet once
 * its tasks were done, and the station app was left idle with no task.
 */
export function runFactory(options: FactoryRunOptions): FactoryRun {
  const { api, plan, log } = options;
  const retryMs = options.retryMs ?? 10_000;
  const stats = new SimulationStats();
  const running = new Map<number, Simulation>();
  let stopping = false;
  let aborted = false;
  let wake!: () => void;
  const stopped = new Promise<void>((resolve) => (wake = resolve));

  async function keepProducing(index: number, first: SeededTask): Promise<void> {
    let task = first;
    while (!stopping) {
      const simulation = await startSimulation({ ...options.simulation, stations: task.stations, stats, log });
      running.set(index, simulation);
      if (stopping) break;
      if (simulation.clients.length === 0) {
        log(`task ${task.taskId} (${task.productNumber}): no station could sign in; no next task is planned for it`);
        return;
      }
      await simulation.done;
      if (stopping) break;
      running.delete(index);
      await Promise.all(simulation.clients.map((client) => client.logout()));

      for (;;) {
        try {
          const status = await taskStatusOf(api, task.taskId, task.productNumber);
          const next = await planNextTask(api, plan, index, task);
          const over = status === 'FINISH' ? 'finished' : 'has no unit left that can pass, so it was finished';
          log(
            `task ${task.taskId} (${task.productNumber}) ${over}; planned the next: task ${next.taskId}, ` +
              `${next.productNumber}, ${next.units} units on line ${next.lineName} (${next.lineNum}), ${next.stations.length} stations, started`,
          );
          await options.onPlanned?.(task, next);
          task = next;
          break;
        } catch (error) {
          if (stopping) return;
          log(`planning the task after task ${task.taskId} failed (${(error as Error).message}); trying again in ${Math.round(retryMs / 1000)} s`);
          await sleep(retryMs, stopped);
          if (stopping) return;
        }
      }
    }
    const simulation = running.get(index);
    if (simulation) await (aborted ? simulation.done : simulation.stop());
  }

  const done = Promise.all(options.tasks.map((task, index) => keepProducing(index, task))).then(() => undefined);

  return {
    stats,
    clients: () => [...running.values()].flatMap((simulation) => simulation.clients),
    progress: () => [...running.values()].flatMap((simulation) => simulation.progress()),
    done,
    async stop() {
      stopping = true;
      wake();
      await Promise.all([...running.values()].map((simulation) => simulation.stop()));
      await done;
    },
    abort() {
      stopping = true;
      aborted = true;
      wake();
      for (const simulation of running.values()) simulation.abort();
    },
  };
}
