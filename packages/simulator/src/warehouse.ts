import { randomUUID } from 'node:crypto';
import type { BatchVerdict } from '@factory/contracts';
import type { CloseBatchAnswer, PdaApi, PdaBatch, SpotCheckAnswer } from './pda-client.js';
import { pick, type Random } from './random.js';
import { RefusalCounts } from './simulation-stats.js';
import { StationRefusal } from './station-client.js';

/** A unit that passed the last flow of its task: what the warehouse stocks. */
export interface PassedUnit {
  taskId: number;
  productNumber: string;
  /** the production code */
  code: string;
  /** the SN the stations scanned (every flow of an overall check scans it); null when unknown */
  sn: string | null;
}

/** Defect notes an inspector writes for a unit that fails the spot check. */
export const DEFECT_NOTES = ['外壳划伤', '指示灯不亮', '标签歪斜', '螺丝缺失', '按键卡滞', '包装破损', '接口松动'] as const;

/** A batch on a bad day has units defective this many times as often (at most every unit). */
export const BAD_DAY_FACTOR = 30;

/** The plan fixed when a batch was closed, as the close (or batch) answer gives it. */
export interface BatchPlanOf {
  lotSize: number;
  codeLetter: string;
  sampleSize: number;
  acceptNumber: number;
  rejectNumber: number;
}

/** A unit of an accepted batch waiting to ship, and when. */
export interface Shipment {
  code: string;
  batchNo: string;
  dueAt: number;
}

interface Batch {
  batchNo: string;
  productNumber: string;
  /** production codes this warehouse stocked into it, in order */
  units: string[];
  /** units in it by the server's count (a person at another PDA may add some) */
  count: number;
  /** units at which the warehouse closes it */
  target: number;
  lastInAt: number;
  status: 'OPEN' | 'CLOSED';
  plan: BatchPlanOf | null;
  /** per-unit defect probability while checking it */
  defectRate: number;
  badDay: boolean;
  /** sampled units still to check */
  toCheck: string[];
  /** units found defective: never shipped, even when the batch is accepted */
  defective: Set<string>;
  checked: number;
  defects: number;
  verdict: BatchVerdict;
}

/** Counts of the warehouse, for the progress line and the summary. */
export class WarehouseStats extends RefusalCounts {
  /** units stocked in, and scans of units already in stock (a rerun) */
  stocked = 0;
  alreadyStocked = 0;
  closed = 0;
  checked = 0;
  defects = 0;
  accepted = 0;
  rejected = 0;
  shipped = 0;
  /** passed units not taken because the queue was full */
  dropped = 0;
  /** stock-ins that scanned the SN rather than the production code */
  scannedBySn = 0;
}

/**
 * The units a spot check takes: `size` distinct units drawn at random from the batch
 * (a partial Fisher–Yates shuffle), every unit when the plan asks for the whole lot.
 */
export function sampleUnits(units: readonly string[], size: number, random: Random): string[] {
  const pool = [...units];
  const take = Math.max(0, Math.min(size, pool.length));
  for (let index = 0; index < take; index++) {
    const other = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[other]] = [pool[other]!, pool[index]!];
  }
  return pool.slice(0, take);
}

/** Units per batch: mostly 20–80, now and then 151–200 (a plan of n 50, Ac 1, Re 2 at AQL 1.0). */
export function drawBatchSize(random: Random): number {
  if (random() < 0.125) return 151 + Math.floor(random() * 50);
  return 20 + Math.floor(random() * 61);
}

/**
 * What ships of an accepted batch, and when: all of it or 40–90 %, in orders of 5–20
 * units, the first 10–40 s after the verdict and each next one 10–45 s later (waits
 * divided by `speed`), so 出库记录 fills over time.
 */
export function planShipments(batchNo: string, units: readonly string[], acceptedAt: number, random: Random, speed = 1): Shipment[] {
  if (units.length === 0) return [];
  const share = random() < 0.5 ? 1 : 0.4 + 0.5 * random();
  const count = Math.max(1, Math.ceil(units.length * share));
  const shipments: Shipment[] = [];
  let dueAt = acceptedAt + (10_000 + 30_000 * random()) / speed;
  for (let start = 0; start < count; ) {
    const order = Math.min(count - start, 5 + Math.floor(random() * 16));
    for (const code of units.slice(start, start + order)) shipments.push({ code, batchNo, dueAt });
    start += order;
    dueAt += (10_000 + 35_000 * random()) / speed;
  }
  return shipments;
}

/** The plan of a closed batch's answer; null while the batch has none (still open). */
function planOf(batch: { lotSize: number | null; codeLetter: string | null; sampleSize: number | null; acceptNumber: number | null; rejectNumber: number | null }): BatchPlanOf | null {
  const { lotSize, codeLetter, sampleSize, acceptNumber, rejectNumber } = batch;
  if (lotSize === null || codeLetter === null || sampleSize === null || acceptNumber === null || rejectNumber === null) return null;
  return { lotSize, codeLetter, sampleSize, acceptNumber, rejectNumber };
}

export interface WarehouseOptions {
  pda: PdaApi;
  random: Random;
  /** per-unit probability that a checked unit is defective, on an ordinary day */
  defectRate: number;
  /** share of batches having a bad day, with units BAD_DAY_FACTOR times as often defective (default 0.1) */
  badDayShare?: number;
  /** divides every wait: 1 is a person's pace, a scan every 0.5–2 s (1 s on average) */
  speed?: number;
  /** units at which a batch is closed, drawn per batch (default drawBatchSize) */
  batchSize?: (random: Random) => number;
  /** units of the first batch of each product in the run (default FIRST_BATCH_SIZE) */
  firstBatchSize?: number;
  /** a batch no unit entered for this long (at speed 1), with none of its product waiting, is closed with what it has (default 60 s) */
  closeIdleMs?: number;
  /** the most passed units waiting to be stocked; more are let go (default 10,000) */
  queueLimit?: number;
  /**
   * The production codes of a batch, for one this run did not fill alone (a batch opened
   * by an earlier run or a person): the console's 抽检管理 lists them. Without it only
   * the units this warehouse stocked are sampled.
   */
  unitsOfBatch?: (batchNo: string) => Promise<string[]>;
  /** waits (tests pass one that takes no time); the default is setTimeout */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  log?: (line: string) => void;
}

export interface Warehouse {
  readonly stats: WarehouseStats;
  /** a unit that passed its last flow: it joins the queue to be stocked */
  readonly offer: (unit: PassedUnit) => void;
  /** units waiting to be stocked */
  waiting(): number;
  /** batches closed and still being checked */
  checking(): number;
  /** units of accepted batches still to ship */
  toShip(): number;
  /** resolves once the warehouse has stopped (stop(), a fatal refusal, or an error) */
  readonly done: Promise<void>;
  /** takes no new scan; the scan in flight is answered first */
  stop(): Promise<void>;
}

type Action =
  | { kind: 'close'; batch: Batch }
  | { kind: 'check'; batch: Batch }
  | { kind: 'ship'; shipment: Shipment }
  | { kind: 'stockIn'; unit: PassedUnit };

const NAMES: Record<BatchVerdict, string> = { PENDING: '待抽检', ACCEPT: '合格', REJECT: '不合格' };
const IDLE_MS = 500;
/** Units of the first batch of each product in a run. */
export const FIRST_BATCH_SIZE = 20;

/**
 * The finished-goods warehouse at one PDA (DESIGN.md §9.1), one person's work in turn:
 * a full batch is closed first, then a closed batch is spot-checked unit by unit by its
 * plan until its verdict is decided, then due shipments of accepted batches go out, and
 * otherwise the next passed unit is stocked in (by its production code, now and then by
 * its SN). Each scan gets a clientId once; the PDA client resends it unchanged after a
 * network failure. A scan every 0.5–2 s, 1 s on average (divided by `speed`).
 */
export function startWarehouse(options: WarehouseOptions): Warehouse {
  const { pda, random } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  const speed = options.speed ?? 1;
  const badDayShare = options.badDayShare ?? 0.1;
  const batchSize = options.batchSize ?? drawBatchSize;
  const firstBatchSize = options.firstBatchSize ?? FIRST_BATCH_SIZE;
  const closeIdleMs = (options.closeIdleMs ?? 60_000) / speed;
  const queueLimit = options.queueLimit ?? 10_000;
  const stats = new WarehouseStats();
  const inbound: PassedUnit[] = [];
  /** units waiting to be stocked, by product */
  const waitingOf = new Map<string, number>();
  const batches = new Map<string, Batch>();
  const shipments: Shipment[] = [];
  const productsSeen = new Set<string>();
  let stopping = false;
  let wake: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (wake = resolve));
  const sleep =
    options.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, ms).unref();
      }));
  const wait = (ms: number) => Promise.race([sleep(ms), stopped]);

  const describe = (batch: Batch) => {
    const plan = batch.plan;
    const planText = plan ? `, n ${plan.sampleSize} Ac ${plan.acceptNumber} Re ${plan.rejectNumber}` : '';
    return `batch ${batch.batchNo} (${batch.productNumber}, ${batch.count} units${planText}${batch.badDay ? ', a bad day' : ''})`;
  };

  const newBatch = (batchNo: string, productNumber: string, target: number): Batch => ({
    batchNo,
    productNumber,
    units: [],
    count: 0,
    target,
    lastInAt: now(),
    status: 'OPEN',
    plan: null,
    defectRate: options.defectRate,
    badDay: false,
    toCheck: [],
    defective: new Set(),
    checked: 0,
    defects: 0,
    verdict: 'PENDING',
  });

  function nextAction(at: number): Action | null {
    for (const batch of batches.values()) {
      if (batch.status !== 'OPEN' || batch.count === 0) continue;
      // Full, or its product's line went quiet (no unit of it waits, none came for a while).
      const quiet = !waitingOf.get(batch.productNumber) && at - batch.lastInAt >= closeIdleMs;
      if (batch.count >= batch.target || quiet) return { kind: 'close', batch };
    }
    for (const batch of batches.values()) {
      if (batch.status === 'CLOSED' && batch.verdict === 'PENDING' && batch.toCheck.length > 0) return { kind: 'check', batch };
    }
    const due = shipments.findIndex((shipment) => shipment.dueAt <= at);
    if (due >= 0) return { kind: 'ship', shipment: shipments.splice(due, 1)[0]! };
    const unit = inbound.shift();
    if (!unit) return null;
    waitingOf.set(unit.productNumber, (waitingOf.get(unit.productNumber) ?? 1) - 1);
    return { kind: 'stockIn', unit };
  }

  function decided(batch: Batch, verdict: BatchVerdict, checked: number, defects: number): void {
    batch.verdict = verdict;
    batch.checked = checked;
    batch.defects = defects;
    if (verdict === 'PENDING') return;
    // The verdict is reached: no further unit of the sample is checked.
    batch.toCheck = [];
    if (verdict === 'ACCEPT') {
      stats.accepted += 1;
      const good = batch.units.filter((code) => !batch.defective.has(code));
      shipments.push(...planShipments(batch.batchNo, good, now(), random, speed));
    } else {
      stats.rejected += 1;
    }
    log(`warehouse: ${describe(batch)} ${NAMES[verdict]} after ${checked} checks, ${defects} defective`);
  }

  /** The plan is fixed: draw the batch's luck and its sample. */
  async function planChecks(batch: Batch, answer: CloseBatchAnswer | PdaBatch): Promise<void> {
    batch.status = 'CLOSED';
    batch.count = answer.count;
    batch.plan = planOf(answer);
    batch.badDay = random() < badDayShare;
    batch.defectRate = Math.min(1, options.defectRate * (batch.badDay ? BAD_DAY_FACTOR : 1));
    if (answer.verdict !== 'PENDING' || !batch.plan) return decided(batch, answer.verdict, answer.checkedCount, answer.defectCount);
    let units = batch.units;
    if (units.length < answer.count && options.unitsOfBatch) {
      units = await options.unitsOfBatch(batch.batchNo);
      batch.units = units;
    }
    const done = new Set('checks' in answer ? answer.checks.map((check) => check.produceCode) : []);
    const left = Math.max(0, batch.plan.sampleSize - answer.checkedCount);
    batch.toCheck = sampleUnits(
      units.filter((code) => !done.has(code)),
      left,
      random,
    );
    batch.checked = answer.checkedCount;
    batch.defects = answer.defectCount;
    if (batch.toCheck.length < left) log(`warehouse: ${describe(batch)}: only ${batch.toCheck.length} of the ${left} units to check are known here; the rest is left to a person`);
  }

  /** Reads a batch again after a refusal said it changed (closed or decided elsewhere). */
  async function refresh(batch: Batch): Promise<void> {
    const fresh = await pda.batch(batch.batchNo);
    if (fresh.status === 'OPEN') return;
    if (batch.status === 'OPEN') return planChecks(batch, fresh);
    if (fresh.verdict !== 'PENDING') decided(batch, fresh.verdict, fresh.checkedCount, fresh.defectCount);
  }

  /** One scan; answers true when it was a unit already in stock (a quick beep, the next unit at once). */
  async function perform(action: Action): Promise<boolean> {
    const clientId = randomUUID();
    try {
      switch (action.kind) {
        case 'stockIn': {
          const bySn = action.unit.sn !== null && random() < 0.2;
          const answer = await pda.stockIn(bySn ? action.unit.sn! : action.unit.code, clientId);
          stats.stocked += 1;
          if (bySn) stats.scannedBySn += 1;
          let batch = batches.get(answer.batchNo);
          if (!batch) {
            // The first batch of a product in a run is a small one, so a verdict comes within the first minutes.
            const first = !productsSeen.has(answer.unit.productNumber);
            productsSeen.add(answer.unit.productNumber);
            batch = newBatch(answer.batchNo, answer.unit.productNumber, first ? firstBatchSize : batchSize(random));
            batches.set(batch.batchNo, batch);
          }
          batch.units.push(answer.unit.produceCode);
          batch.count = answer.count;
          batch.lastInAt = now();
          return false;
        }
        case 'close': {
          const answer = await pda.closeBatch(action.batch.batchNo, clientId);
          stats.closed += 1;
          await planChecks(action.batch, answer);
          log(`warehouse: closed ${describe(action.batch)}, checking ${action.batch.toCheck.length}`);
          return false;
        }
        case 'check': {
          const batch = action.batch;
          const code = batch.toCheck.shift()!;
          const pass = random() >= batch.defectRate;
          const answer: SpotCheckAnswer = await pda.spotCheck({ batchNo: batch.batchNo, code, pass, defect: pass ? null : pick(random, DEFECT_NOTES) }, clientId);
          stats.checked += 1;
          if (!answer.unit.checkPass) {
            stats.defects += 1;
            batch.defective.add(code);
          }
          decided(batch, answer.verdict, answer.checkedCount, answer.defectCount);
          if (answer.verdict === 'PENDING' && batch.toCheck.length === 0) log(`warehouse: ${describe(batch)} still 待抽检 after every unit known here was checked`);
          return false;
        }
        case 'ship':
          await pda.stockOut(action.shipment.code, clientId);
          stats.shipped += 1;
          return false;
      }
    } catch (error) {
      if (!isRefusal(error)) throw error;
      if (refused(action, error)) return true;
      if (action.kind !== 'close' && action.kind !== 'check') return false;
      // The batch may have been closed or decided at another PDA: read it again.
      try {
        await refresh(action.batch);
      } catch (again) {
        if (!isRefusal(again)) throw again;
      }
      // A batch that cannot be closed here is left to a person.
      if (action.batch.status === 'OPEN') batches.delete(action.batch.batchNo);
      return false;
    }
  }

  /** A refusal of one scan; signed out for good, not a PDA or no menu for the mode is fatal (thrown on). */
  function isRefusal(error: unknown): error is StationRefusal {
    return error instanceof StationRefusal && error.status !== 401 && error.status !== 403;
  }

  /** Counts a refusal; true when it was a unit already in stock. */
  function refused(action: Action, error: StationRefusal): boolean {
    // A rerun passes units the first run stocked: the warehouse has them already.
    if (action.kind === 'stockIn' && error.status === 409 && /已入库|已出库/.test(error.message)) {
      stats.alreadyStocked += 1;
      return true;
    }
    stats.recordRefusal(error.status, error.message);
    return false;
  }

  /** Closed batches an earlier run left 待抽检 are checked first (when their units can be read). */
  async function resume(): Promise<void> {
    if (!options.unitsOfBatch) return;
    for (const row of await pda.batchesToCheck()) {
      if (row.status !== 'CLOSED' || row.verdict !== 'PENDING' || batches.has(row.batchNo)) continue;
      const batch = newBatch(row.batchNo, row.productNumber, row.count);
      batches.set(batch.batchNo, batch);
      await planChecks(batch, await pda.batch(row.batchNo));
      log(`warehouse: picked up ${describe(batch)} left 待抽检, checking ${batch.toCheck.length}`);
    }
  }

  async function run(): Promise<void> {
    try {
      await resume();
    } catch (error) {
      if (!isRefusal(error)) throw error;
      log(`warehouse: batches left 待抽检 could not be read (${error.status} ${error.message})`);
    }
    while (!stopping) {
      const action = nextAction(now());
      if (!action) {
        await wait(IDLE_MS / speed);
        continue;
      }
      const known = await perform(action);
      // A person's pace between two scans; a unit the PDA says is in stock already is put aside at once.
      const gap = random();
      await wait((known ? 100 + 200 * gap : 500 + 1500 * gap * gap) / speed);
    }
  }

  const done = run().then(
    () => undefined,
    (error: unknown) => {
      if (stopping) return;
      stopping = true;
      const reason = error instanceof StationRefusal ? `${error.status} ${error.message}` : (error as Error).message;
      log(`warehouse: stopped by an error: ${reason}`);
    },
  );

  return {
    stats,
    offer(unit) {
      if (stopping) return;
      if (inbound.length >= queueLimit) {
        stats.dropped += 1;
        return;
      }
      inbound.push(unit);
      waitingOf.set(unit.productNumber, (waitingOf.get(unit.productNumber) ?? 0) + 1);
    },
    waiting: () => inbound.length,
    checking: () => [...batches.values()].filter((batch) => batch.status === 'CLOSED' && batch.verdict === 'PENDING' && batch.toCheck.length > 0).length,
    toShip: () => shipments.length,
    done,
    async stop() {
      stopping = true;
      wake();
      await done;
    },
  };
}
