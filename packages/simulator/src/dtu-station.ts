import { randomUUID } from 'node:crypto';
import { DTU_SUBMISSION_MSG, DTU_TASK_MSG } from '@factory/contracts';
import type { DtuAssignment, DtuPadApi, DtuUnitView, UnitRef } from './dtu-pad-client.js';
import {
  deliveredReport,
  drawDtuUnit,
  type DtuUnit,
  repairedUnit,
  type Report,
  reportSequence,
  type TestedItem,
  type UnitContext,
  type UnitSerials,
} from './dtu-unit.js';
import { jitter, pick, type Random } from './random.js';
import { RefusalCounts } from './simulation-stats.js';
import { StationRefusal } from './station-client.js';

/*
 * A parts-check bench (DESIGN.md §9.4): a PAD in 配件检测 mode and the DTU units put on
 * its fixture. The units speak for themselves over MQTT (DtuLink); the PAD scans each
 * one, watches its values come in, confirms the key tests and posts the result, and a
 * bluetooth bench's serial terminal posts what it reads over the unit's serial link.
 */

type Assignment = NonNullable<DtuAssignment>;

/** Where the units publish: factory/dtu/<imei-or-mac>/report on the broker. */
export interface DtuLink {
  publish(unitCode: string, report: Report): Promise<void>;
}

/** Counts of the benches, for the progress line and the summary. */
export class DtuStats extends RefusalCounts {
  /** results the server stored */
  tested = 0;
  passed = 0;
  failed = 0;
  /** units tested again where the task allows it (the rework task) */
  retested = 0;
  /** failed units a rework bench took back after repair */
  reworked = 0;
  /** scans of a unit tested before, refused by a task without duplicates (409), as meant */
  duplicatesRefused = 0;
  /** units whose values had not all come when the bench submitted */
  incomplete = 0;
  /** verdicts that differ from what the drawn values meant (values complete) */
  unexpected = 0;
  /** 提交: batches made and the units in them */
  batchesSubmitted = 0;
  unitsSubmitted = 0;
  /** samples the sampling benches had judged, and of them defective (NOT_PASS) */
  samplesJudged = 0;
  samplesDefective = 0;
  /** batches a sample of the benches decided */
  batchesAccepted = 0;
  batchesRejected = 0;
  /** units or batches a sampling bench let go on an expected refusal (sampled already, not in the batch, judged meanwhile) */
  samplingSkipped = 0;
}

/** Failed units waiting for a rework bench of their model, oldest first. */
export class RepairQueue {
  private readonly waiting = new Map<string, DtuUnit[]>();
  /**
   * @param reworked the models a rework bench retests (all when not given): a failed unit of another model is
   * scrapped, not queued for a bench that never comes
   */
  constructor(
    private readonly reworked?: ReadonlySet<string>,
    private readonly limit = 500,
  ) {}

  put(dtuType: string, unit: DtuUnit): void {
    if (this.reworked && !this.reworked.has(dtuType)) return;
    const queue = this.waiting.get(dtuType) ?? [];
    if (queue.length >= this.limit) queue.shift();
    queue.push(unit);
    this.waiting.set(dtuType, queue);
  }

  take(dtuType: string): DtuUnit | undefined {
    return this.waiting.get(dtuType)?.shift();
  }

  size(): number {
    return [...this.waiting.values()].reduce((sum, queue) => sum + queue.length, 0);
  }
}

/** A bench: its PAD, its serial terminal (bluetooth DTUs), the units' broker link and the model's figures. */
export interface DtuBench extends Fixture {
  dtuType: string;
  /** the model's standard voltage and baud rate: what a unit's VOLTAGE and BAUD_RATE read around */
  standardVoltage: number;
  bandRate: number;
}

export interface DtuBenchOptions {
  random: Random;
  /** units per minute at this bench; 0 tests as fast as the server answers */
  rate: number;
  failureRate: number;
  /** share of scans that take a unit the bench tested before (a duplicate); default 0.03 */
  rescanRate?: number;
  /** share of units that report their boot message before they are scanned; default 0.3 */
  earlyReportRate?: number;
  serials: UnitSerials;
  repairs: RepairQueue;
  stats: DtuStats;
  /** true once the run winds down: finish the unit in hand, take no new one */
  stopping(): boolean;
  signal?: AbortSignal;
  /** how often a bench of a stopped task looks again; default 2 s */
  pollMs?: number;
  /** how long after the scan the PAD waits for the unit's values before it submits anyway; default 8 s */
  valueWaitMs?: number;
  /** told after every result the server stored (the run submits the task's units every so many) */
  onJudged?: () => void;
  log?: (line: string) => void;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Units a bench remembers having tested, to scan one again now and then. */
const HISTORY = 50;
/** How often the PAD asks for the unit's values while they come in. */
const VALUE_POLL_MS = 100;

/** The unit's reference in the station's bodies: by IMEI or MAC, as its model identifies it. */
export const refOf = (unit: DtuUnit): UnitRef => (unit.identity === 'IMEI' ? { imei: unit.code } : { mac: unit.code });

/** Every tested item has its value (SERVER_VERIFY once a report of the unit came over MQTT). */
export function valuesComplete(assignment: Assignment, view: DtuUnitView): boolean {
  return assignment.items.every((item) => {
    if (item.code === 'SERVER_VERIFY') return view.serverVerified;
    return view.values.some((value) => value.kind === item.kind && value.code === item.code && value.value !== null);
  });
}

/** The key tests as the operator confirms them: each passes unless the unit was drawn to fail it. */
export function keyResultsOf(assignment: Assignment, unit: DtuUnit): { code: string; pass: boolean }[] {
  return assignment.keyTests.map(({ code }) => ({ code, pass: !unit.keyFailures.includes(code) }));
}

type Outcome = 'tested' | 'duplicate' | 'refused' | 'stop';

/**
 * One bench at work: read the assignment, put a unit on the fixture (a fresh one, a
 * repaired one at a rework bench, now and then one tested before), test it, and go on
 * at about `rate` units a minute. A stopped task pauses the bench; a finished task,
 * a terminal taken off its task or an Excel used up ends it.
 */
export async function runDtuBench(bench: DtuBench, options: DtuBenchOptions): Promise<void> {
  const { random, signal } = options;
  const log = options.log ?? (() => {});
  const pollMs = options.pollMs ?? 2_000;
  const interval = options.rate > 0 ? 60_000 / options.rate : 0;
  const name = bench.pad.terminalCode;
  const history: DtuUnit[] = [];
  let assignment = await bench.pad.dtuAssignment();
  let nextDue = performance.now();

  while (!options.stopping() && !signal?.aborted) {
    if (!assignment || assignment.taskStatus === 'FINISH') {
      log(`${name}: ${assignment ? 'DTU task finished' : 'not on a DTU task'}, bench stops`);
      return;
    }
    if (assignment.taskStatus === 'STOP') {
      await sleep(pollMs, signal);
      assignment = await bench.pad.dtuAssignment();
      continue;
    }
    if (interval > 0) {
      nextDue += jitter(random, interval, 0.3);
      const wait = nextDue - performance.now();
      if (wait > 0) await sleep(wait, signal);
      else if (wait < -interval) nextDue = performance.now();
      if (options.stopping() || signal?.aborted) return;
    }

    const next = nextUnit(bench, assignment, history, options, interval);
    // A rework bench with nothing back from repair waits for the next turn.
    if (!next) continue;
    const { unit, again } = next;
    let outcome: Outcome;
    try {
      outcome = await testUnit(bench, assignment, unit, again, options, interval);
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
    if (outcome === 'stop') return;
    if (outcome === 'tested' && !history.includes(unit)) {
      history.push(unit);
      if (history.length > HISTORY) history.shift();
    }
    // A refusal often means the task changed (stopped, ended, the terminal moved): look again.
    if (outcome === 'refused') assignment = await bench.pad.dtuAssignment();
  }
}

/**
 * The next unit: one tested before (rescanRate), a repaired one at a rework bench, or
 * a fresh one. A rework bench with no repaired unit waiting takes a unit returned from
 * the field every other turn and is idle otherwise (null; never at full speed).
 */
function nextUnit(
  bench: DtuBench,
  assignment: Assignment,
  history: readonly DtuUnit[],
  options: DtuBenchOptions,
  interval: number,
): { unit: DtuUnit; again: boolean } | null {
  const { random } = options;
  if (history.length > 0 && random() < (options.rescanRate ?? 0.03)) return { unit: pick(random, history), again: true };
  const context: UnitContext = {
    communicationType: assignment.dtu.communicationType,
    firmwareVersion: assignment.testFirmwareVersion,
    standardVoltage: bench.standardVoltage,
    bandRate: bench.bandRate,
  };
  const tested: TestedItem[] = assignment.items.map(({ kind, code, standard }) => ({ kind, code, standard }));
  const keyTests = assignment.keyTests.map(({ code }) => code);
  if (assignment.reworkTask) {
    const failed = options.repairs.take(bench.dtuType);
    if (failed) {
      options.stats.reworked += 1;
      return { unit: repairedUnit(failed, { random, unit: context, tested, keyTests }), again: false };
    }
    if (interval > 0 && random() < 0.5) return null;
  }
  const unit = drawDtuUnit({ random, serial: options.serials.take(), unit: context, tested, keyTests, failureRate: options.failureRate });
  return { unit, again: false };
}

// A unit submitted since it was tested is not tested over even where duplicates are allowed (the rework task).
const isDuplicate = (error: StationRefusal, unit: DtuUnit) =>
  error.status === 409 &&
  (error.message === DTU_TASK_MSG.duplicateUnit(unit.code) ||
    error.message === DTU_SUBMISSION_MSG.submittedNoRetest(unit.code) ||
    error.message.endsWith('已被其他设备使用，任务不允许重复检测'));

/** Publishes a report, counting a broker that does not take it (the unit's values then never come). */
async function publish(fixture: Fixture, unit: DtuUnit, report: Report, log: (line: string) => void): Promise<void> {
  try {
    await fixture.link.publish(unit.code, report);
  } catch (error) {
    log(`${fixture.pad.terminalCode}: publishing a report of ${unit.code} failed (${(error as Error).message})`);
  }
}

/** What a unit on the fixture meets: the PAD that scans and watches, the terminal reading its serial link (or none), the broker. */
export interface Fixture {
  pad: DtuPadApi;
  serial: DtuPadApi | null;
  link: DtuLink;
}

/** What putting a unit on the fixture takes of a bench's options. */
export type FixtureOptions = Pick<DtuBenchOptions, 'random' | 'stats' | 'signal' | 'earlyReportRate' | 'valueWaitMs' | 'log'>;

/**
 * A unit on the fixture up to its result, the same at a production PAD and a sampling
 * terminal: its boot message now and then before the scan (`scan`, which names the
 * batch at a sampling terminal), the rest of its reports and the major/minor it was
 * given, the serial terminal's reads, then the PAD watching until every tested item has
 * its value or the wait is over. Answers whether the values are complete; a refused
 * call of the PAD throws its StationRefusal.
 */
export async function putOnFixture(
  fixture: Fixture,
  assignment: Assignment,
  unit: DtuUnit,
  scan: () => Promise<DtuUnitView>,
  options: FixtureOptions,
  interval: number,
): Promise<{ complete: boolean }> {
  const { random, stats, signal } = options;
  const log = options.log ?? (() => {});
  const ref = refOf(unit);
  // The unit's reports come a moment apart, as a DTU sends them after power-on; at full speed at once.
  const gap = () => sleep(interval > 0 ? Math.min(400, interval / 20) * (0.5 + random()) : 0, signal);
  const sequence = reportSequence(unit, random);
  const early = random() < (options.earlyReportRate ?? 0.3);
  if (early) await publish(fixture, unit, sequence[0]!, log);

  let view = await scan();
  for (const report of early ? sequence.slice(1) : sequence) {
    await gap();
    await publish(fixture, unit, report, log);
  }
  if (view.majorMinor) await publish(fixture, unit, deliveredReport(view.majorMinor), log);
  if (fixture.serial && Object.keys(unit.serialReads).length > 0 && assignment.items.some((item) => item.kind === 'SERIAL')) {
    await gap();
    try {
      await fixture.serial.report(ref, unit.serialReads);
    } catch (error) {
      if (!(error instanceof StationRefusal)) throw error;
      stats.recordRefusal(error.status, error.message);
    }
  }

  // The PAD shows the values as they come: it asks until every tested item has one, or gives up waiting.
  const deadline = performance.now() + (options.valueWaitMs ?? 8_000);
  for (;;) {
    view = await fixture.pad.unit(ref);
    const complete = valuesComplete(assignment, view);
    if (complete || performance.now() >= deadline || signal?.aborted) return { complete };
    await sleep(VALUE_POLL_MS, signal);
  }
}

/** One unit tested at a production PAD: on the fixture, then the key tests confirmed and the result posted. */
async function testUnit(bench: DtuBench, assignment: Assignment, unit: DtuUnit, again: boolean, options: DtuBenchOptions, interval: number): Promise<Outcome> {
  const { stats } = options;
  const log = options.log ?? (() => {});
  const ref = refOf(unit);
  let complete: boolean;
  try {
    ({ complete } = await putOnFixture(bench, assignment, unit, () => bench.pad.scan(ref), options, interval));
  } catch (error) {
    return refused(error, unit, bench, stats, log);
  }
  if (again) stats.retested += 1;
  if (!complete) stats.incomplete += 1;

  let answer;
  try {
    answer = await bench.pad.result({ ...ref, clientResultId: randomUUID(), keyResults: keyResultsOf(assignment, unit) });
  } catch (error) {
    return refused(error, unit, bench, stats, log);
  }
  stats.tested += 1;
  options.onJudged?.();
  const passed = answer.testStatus === 'PASS';
  if (passed) stats.passed += 1;
  else stats.failed += 1;
  if (complete && passed !== (unit.faults.length === 0)) stats.unexpected += 1;
  // A failed unit goes to repair; a rework bench of its model takes it back.
  if (!passed && !assignment.reworkTask) options.repairs.put(bench.dtuType, unit);
  return 'tested';
}

/** A refused call: a duplicate as meant, an Excel used up (the bench stops), or another refusal counted by its message. */
function refused(error: unknown, unit: DtuUnit, bench: DtuBench, stats: DtuStats, log: (line: string) => void): Outcome {
  if (!(error instanceof StationRefusal)) throw error;
  if (isDuplicate(error, unit)) {
    stats.duplicatesRefused += 1;
    return 'duplicate';
  }
  stats.recordRefusal(error.status, error.message);
  if (error.status === 409 && error.message === DTU_TASK_MSG.excelUsedUp) {
    log(`${bench.pad.terminalCode}: ${error.message}; bench stops`);
    return 'stop';
  }
  // Signed out for good, not a PAD, no 配件检测 menu: nothing this bench can do.
  if (error.status === 401 || error.status === 403) throw error;
  return 'refused';
}
