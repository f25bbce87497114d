import { randomUUID } from 'node:crypto';
import { type BatchDetailItem, DTU_SUBMISSION_MSG as SM, type SamplingBatch } from '@factory/contracts';
import { otherCheckOf } from './dtu-other-checks.js';
import type { DtuAssignment, SamplingPadApi, UnitRef } from './dtu-pad-client.js';
import { type DtuLink, type DtuStats, keyResultsOf, putOnFixture } from './dtu-station.js';
import { drawDtuUnit, knownIdentities, type TestedItem } from './dtu-unit.js';
import { jitter, type Random } from './random.js';
import { StationRefusal } from './station-client.js';

/*
 * A sampling bench (docs/dtu-submission.md "Sampling at the station"): a terminal bound
 * to a DTU task by 配置抽检任务 (mode SAMPLING) takes the task's batches as they are
 * submitted, puts units of each on the fixture again, the same DTU test as production
 * (the units report over MQTT), records the DTU's other checks by hand, and goes on
 * until the server's answer decides the batch against its GB/T 2828.1 plan.
 */

type Assignment = NonNullable<DtuAssignment>;

export interface SamplingBench {
  pad: SamplingPadApi;
  link: DtuLink;
  /** the units submitted in a batch, as the console's 提交批次的设备 lists them */
  unitsOfBatch(batchId: number): Promise<BatchDetailItem[]>;
  /** the model's standard voltage and baud rate (what a unit's VOLTAGE and BAUD_RATE read around) */
  standardVoltage: number;
  bandRate: number;
}

export interface SamplingOptions {
  random: Random;
  /** samples per minute; 0 samples as fast as the server answers */
  rate: number;
  /** share of sampled units that passed production yet fail their DTU test now; default 0.02 */
  failureRate?: number;
  /** share of other checks judged 不合格; default 0.01 */
  otherFailureRate?: number;
  stats: DtuStats;
  /** true once the run winds down: finish the sample in hand, take no new one */
  stopping(): boolean;
  signal?: AbortSignal;
  /** how often the bench looks for a batch when none waits; default 3 s */
  pollMs?: number;
  /** how long after the scan the PAD waits for the unit's values; default 8 s */
  valueWaitMs?: number;
  log?: (line: string) => void;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** A batch still 抽检中 the bench has not given up on, the oldest first (the assignment lists the newest first). */
export function nextBatch(batches: readonly SamplingBatch[], givenUp: ReadonlySet<number>): SamplingBatch | undefined {
  return batches.findLast((batch) => batch.verdict === 'PENDING' && !givenUp.has(batch.id));
}

/** The units in a random order, as an inspector draws a sample from the lot. */
function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** One sample's end: judged (the batch as the answer left it), let go (skip), the batch decided elsewhere, or refused. */
type SampleOutcome = { kind: 'judged'; batch: SamplingBatch | null } | { kind: 'skip' } | { kind: 'batchDecided' } | { kind: 'refused' };

/**
 * The bench at work: read the assignment, take the oldest batch still 抽检中, sample
 * it until decided, then the next; idle while none waits. It ends when its terminal is
 * no longer a sampling terminal (unbound) or the run stops. A batch it cannot go on
 * with (every unit tried, a refusal it does not expect) is left to the console.
 */
export async function runSamplingBench(bench: SamplingBench, options: SamplingOptions): Promise<void> {
  const { signal } = options;
  const log = options.log ?? (() => {});
  const name = bench.pad.terminalCode;
  const givenUp = new Set<number>();
  const pace = { interval: options.rate > 0 ? 60_000 / options.rate : 0, nextDue: performance.now() };

  while (!options.stopping() && !signal?.aborted) {
    const assignment = await bench.pad.dtuAssignment();
    if (!assignment || assignment.mode !== 'SAMPLING') {
      log(`${name}: ${assignment ? 'no longer a sampling terminal' : 'not on a DTU task'}, sampling stops`);
      return;
    }
    const batch = nextBatch(assignment.batches, givenUp);
    if (!batch) {
      await sleep(options.pollMs ?? 3_000, signal);
      continue;
    }
    const decided = await sampleBatch(bench, assignment, batch, options, pace);
    if (!decided) givenUp.add(batch.id);
  }
}

/**
 * Samples units of the batch until a sample's answer decides it; false when the bench
 * can do no more with it. A console that does not answer the batch's units is asked
 * again at the next look (the batch is kept).
 */
async function sampleBatch(
  bench: SamplingBench,
  assignment: Assignment,
  batch: SamplingBatch,
  options: SamplingOptions,
  pace: { interval: number; nextDue: number },
): Promise<boolean> {
  const { random, stats, signal } = options;
  let units: BatchDetailItem[];
  try {
    units = await bench.unitsOfBatch(batch.id);
  } catch (error) {
    options.log?.(`${bench.pad.terminalCode}: the units of batch ${batch.batchId} could not be read (${(error as Error).message}); trying again`);
    await sleep(options.pollMs ?? 3_000, signal);
    return true;
  }
  for (const unit of shuffled(units, random)) {
    if (pace.interval > 0) {
      pace.nextDue += jitter(random, pace.interval, 0.3);
      const wait = pace.nextDue - performance.now();
      if (wait > 0) await sleep(wait, signal);
      else if (wait < -pace.interval) pace.nextDue = performance.now();
    }
    if (options.stopping() || signal?.aborted) return true;
    const outcome = await sampleUnit(bench, assignment, batch.id, unit, options, pace.interval);
    if (outcome.kind === 'batchDecided') return true;
    if (outcome.kind === 'refused') return false;
    if (outcome.kind === 'judged' && outcome.batch && outcome.batch.verdict !== 'PENDING') {
      if (outcome.batch.verdict === 'ACCEPT') stats.batchesAccepted += 1;
      else stats.batchesRejected += 1;
      return true;
    }
  }
  return false;
}

/**
 * One sample: the unit (as production listed it) on the fixture with its batch named
 * at the scan, its values reported over MQTT as in production; a unit that failed
 * production fails again, one that passed now and then too. Then the other checks
 * (POST sample, skipped for a DTU without any) and the result with its key tests.
 */
async function sampleUnit(
  bench: SamplingBench,
  assignment: Assignment,
  batchId: number,
  item: BatchDetailItem,
  options: SamplingOptions,
  interval: number,
): Promise<SampleOutcome> {
  const { random, stats } = options;
  const ids = knownIdentities(assignment.dtu.communicationType, item);
  if (ids.code === '') return { kind: 'skip' };
  const tested: TestedItem[] = assignment.items.map(({ kind, code, standard }) => ({ kind, code, standard }));
  const keyTests = assignment.keyTests.map(({ code }) => code);
  const failureRate = item.testStatus === 'NOT_PASS' ? 1 : (options.failureRate ?? 0.02);
  const unit = drawDtuUnit({
    random,
    serial: ids.serial,
    identities: ids,
    unit: { communicationType: assignment.dtu.communicationType, firmwareVersion: assignment.testFirmwareVersion, standardVoltage: bench.standardVoltage, bandRate: bench.bandRate },
    tested,
    keyTests,
    failureRate,
  });
  const ref: UnitRef = ids.identity === 'IMEI' ? { imei: ids.code } : { mac: ids.code };
  const checks = assignment.otherProps.map((prop) => otherCheckOf(prop, random() >= (options.otherFailureRate ?? 0.01), random));

  let answer;
  let complete: boolean;
  try {
    // The sampling terminal reads a bluetooth unit's serial link itself: it is the only terminal at this fixture.
    ({ complete } = await putOnFixture({ pad: bench.pad, serial: bench.pad, link: bench.link }, assignment, unit, () => bench.pad.scan(ref, batchId), options, interval));
    if (checks.length > 0) await bench.pad.sample({ ...ref, batchId, otherResults: checks });
    answer = await bench.pad.result({ ...ref, clientResultId: randomUUID(), keyResults: keyResultsOf(assignment, unit) });
  } catch (error) {
    return refusedSample(error, ids.code, stats, options.log ?? (() => {}), bench.pad.terminalCode);
  }
  stats.samplesJudged += 1;
  const passed = answer.testStatus === 'PASS';
  if (!passed) stats.samplesDefective += 1;
  if (!complete) stats.incomplete += 1;
  else if (passed !== (unit.faults.length === 0 && checks.every((check) => check.pass))) stats.unexpected += 1;
  return { kind: 'judged', batch: answer.batch };
}

/**
 * A refused sampling call: a unit sampled already or not in the batch is let go, a
 * batch judged meanwhile (another terminal's sample) is left; anything else is counted
 * and the batch left. Signed out for good or not allowed ends the bench.
 */
function refusedSample(error: unknown, code: string, stats: DtuStats, log: (line: string) => void, terminal: string): SampleOutcome {
  if (!(error instanceof StationRefusal)) throw error;
  if (error.status === 401 || error.status === 403) throw error;
  if (error.status === 409 && error.message === SM.batchJudged) {
    stats.samplingSkipped += 1;
    return { kind: 'batchDecided' };
  }
  if (error.status === 409 && (error.message === SM.sampledAlready(code) || error.message === SM.notInBatch(code))) {
    stats.samplingSkipped += 1;
    return { kind: 'skip' };
  }
  stats.recordRefusal(error.status, error.message);
  log(`${terminal}: sampling ${code} refused (${error.status} ${error.message}); the batch is left`);
  return { kind: 'refused' };
}
