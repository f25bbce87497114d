import type { StationAssignment } from '@factory/contracts';
import type { Device, ProductionLine } from './production-line.js';
import { jitter, type Random } from './random.js';
import type { SimulationStats } from './simulation-stats.js';
import type { StationClient, StationResult } from './station-client.js';
import { drawResult } from './value-model.js';

type Assignment = NonNullable<StationAssignment>;

export interface StationLoopOptions {
  /** results per second of this station; 0 tests as fast as the server answers */
  rate: number;
  failureRate: number;
  random: Random;
  /** the shared line of the assignment's task */
  lineOf(assignment: Assignment): Promise<ProductionLine>;
  stats: SimulationStats;
  /** true once the simulation winds down: finish the result in hand, take no new unit */
  stopping(): boolean;
  signal?: AbortSignal;
  /** how often a station of a stopped task, or one waiting for units, looks again */
  pollMs?: number;
  log?: (line: string) => void;
}

/** After this many refusals a unit leaves the line: the server will not take it, retrying changes nothing. */
const MAX_REFUSALS = 3;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The codes the flow asks to scan (scanCodesOf: 生产码, SN码, MAC or IMEI) read off the unit. */
export function scannedCodes(scanCodes: readonly string[], device: Device): Pick<StationResult, 'sn' | 'mac' | 'imei'> {
  return {
    sn: scanCodes.includes('SN码') ? device.sn : null,
    mac: scanCodes.includes('MAC') ? device.mac : null,
    imei: scanCodes.includes('IMEI') ? device.imei : null,
  };
}

/**
 * One station at work: read the assignment, take the next unit the line has for
 * this flow, test it for about 1/rate seconds, submit, and pass the unit on by
 * the server's verdict. A stopped task pauses the station; a finished task, a
 * terminal taken off its task or a drained flow ends it.
 */
export async function runStation(client: StationClient, options: StationLoopOptions): Promise<void> {
  const { stats, random, signal } = options;
  const pollMs = options.pollMs ?? 2_000;
  const interval = options.rate > 0 ? 1000 / options.rate : 0;
  const name = client.terminalCode;
  let assignment = await client.assignment();
  let nextDue = performance.now();

  while (!options.stopping() && !signal?.aborted) {
    if (!assignment || assignment.taskStatus === 'FINISH') {
      options.log?.(`${name}: ${assignment ? 'task finished' : 'not on a task'}, station stops`);
      return;
    }
    if (assignment.taskStatus === 'STOP') {
      await sleep(pollMs, signal);
      assignment = await client.assignment();
      continue;
    }
    const line = await options.lineOf(assignment);
    const flowOrder = assignment.flowOrder;
    const device = line.take(flowOrder);
    if (!device) {
      if (line.drained(flowOrder)) {
        options.log?.(`${name}: no unit left for flow ${flowOrder} (${assignment.flowName}), station stops`);
        return;
      }
      await sleep(Math.min(pollMs, 250), signal);
      nextDue = performance.now();
      continue;
    }

    const startTime = Date.now();
    if (interval > 0) {
      nextDue += jitter(random, interval, 0.3);
      const wait = nextDue - performance.now();
      // A station that fell behind (a slow answer, a restart) starts afresh rather than rushing to catch up.
      if (wait > 0) await sleep(wait, signal);
      else if (wait < -interval) nextDue = performance.now();
    }
    const drawn = drawResult(assignment.items, assignment.manualItems, options.failureRate, random);
    const result: StationResult = {
      productionCode: device.code,
      ...scannedCodes(assignment.scanCodes, device),
      startTime,
      endTime: Math.max(startTime, Date.now()),
      autoValues: drawn.autoValues,
      manualResults: drawn.manualResults,
    };

    if (result.sn) device.snSent = true;
    let outcome;
    try {
      outcome = await client.submit(result);
    } catch (error) {
      // aborted: the unit's result stays in doubt (client.pending); the line is being torn down anyway
      if (signal?.aborted) return;
      throw error;
    }
    if (outcome.ok) {
      const passed = outcome.verdict.status === 'TEST_SUCCESS';
      line.report(device, flowOrder, passed);
      stats.recordVerdict(assignment.taskId, passed, drawn.expectPass, outcome.attempts);
      continue;
    }
    stats.recordRefusal(outcome.status, outcome.message);
    device.refusals += 1;
    if (device.refusals >= MAX_REFUSALS) line.drop(flowOrder);
    else line.giveBack(device, flowOrder);
    // A refusal often means the task or the terminal changed (stopped, finished, moved): look again.
    assignment = await client.assignment();
  }
}
