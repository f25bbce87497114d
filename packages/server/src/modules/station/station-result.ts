import {
  BOARD_LIMITS,
  type FlowResultStatus,
  isScalarValue,
  judgeValue,
  MSG,
  STATION_MSG,
  type stationResultBody,
  type StationVerdict,
  TASK_STATUS_NAMES,
  type TaskStatus,
  type TestStatus,
} from '@factory/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db, Dialect } from '../../platform/db.js';
import { badRequest, conflict, HttpError } from '../../platform/errors.js';
import type { ResultEventHub } from '../../platform/result-events.js';
import type { Database } from '../../platform/schema.js';
import { finishWhenAllPassed, startTaskOnFirstResult } from '../../platform/task-lifecycle.js';
import { formatTime, parseZonedTime } from '../../platform/time.js';
import {
  admitStationSession,
  endStationSession,
  findStationSession,
  type StationSessionRow,
  touchStationSession,
} from '../../platform/station-guard.js';
import { overallCheckRefusal, type StationCaller } from './station-auth.js';
import type { FlowChecks, FlowChecksOf } from './flow-checks.js';
import {
  findResultByClientId,
  findResultContext,
  findSessionAndContext,
  type ResultContext,
  type ScanKind,
  scanTakenBy,
  servesFlow,
  type StoredResultRow,
} from './station.repository.js';
import { type ResultWrite, storeResult, UniqueClash } from './result-writes.js';
import { scanCodesOfFlow } from './station.service.js';

export type StationResultInput = z.output<typeof stationResultBody>;

type JudgedItem = StationVerdict['items'][number];
type JudgedManual = StationVerdict['manual'][number];

/**
 * How far below its total a task's finished count read with a result may be
 * and still be worth asking, after the commit, whether the task is complete.
 * The count is read before the commit, so results committed meanwhile are
 * missing from it: a few dozen at most (ten connections, milliseconds each);
 * a thousand is ample. Reading it only near the end saves a round trip on
 * nearly every pass at the last flow; the sweep in platform/task-lifecycle.ts
 * (finishCompletedTasks) finishes any task this ever misses.
 */
const FINISH_CHECK_MARGIN = 1000;

/** How far ahead of the server's clock a station's start and end times may be. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The one-pass curve's step (task_bucket). */
const BUCKET_MS = BOARD_LIMITS.bucketMinutes * 60_000;

/**
 * What a result adds to its flow's counters (the definitions are in
 * docs/metrics.md): from the device as the checks read it and as the result
 * leaves it. A unit is decided once: at its first failure, or when it reaches
 * PASS never having failed.
 */
function countsOf(
  at: CheckedContext,
  after: { pass: boolean; attempt: number; testStatus: TestStatus | null; finishDelta: number },
): ResultWrite['counts'] {
  const failedBefore = at.everFailed === 1;
  return {
    failed: after.pass ? 0 : 1,
    finishDelta: after.finishDelta,
    testedUnits: at.resultCount === 0 ? 1 : 0,
    repairUnits: at.latestStatus === 'TEST_ERROR' && at.repaired === 0 ? 1 : 0,
    onePassUnits: !failedBefore && after.testStatus === 'PASS' && at.testStatus !== 'PASS' ? 1 : 0,
    failedUnits: !failedBefore && !after.pass ? 1 : 0,
    firstCount: after.attempt === 1 ? 1 : 0,
    firstPassCount: after.attempt === 1 && after.pass ? 1 : 0,
  };
}

/** The scan codes of scanCodesOf and where each is kept on the device. */
const SCAN_FIELDS: Record<string, ScanKind> = { SN码: 'sn', MAC: 'mac', IMEI: 'imei' };

/**
 * A unique index refused the result's writes: thrown out of the transaction, so
 * that submitResult asks, after the rollback, whether the clientResultId was
 * stored meanwhile or which scanned code another device took (PostgreSQL aborts
 * a transaction at its first error, so nothing more can be read inside it).
 */
class StoreRefused extends Error {
  constructor(
    readonly clash: UniqueClash,
    readonly taskId: number,
    readonly deviceId: number,
    readonly scans: Partial<Record<ScanKind, string>>,
  ) {
    super('a unique index refused a station result');
  }
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function storedVerdict(row: StoredResultRow, timeZone: string): StationVerdict {
  return {
    resultId: row.id,
    clientResultId: row.clientResultId,
    productionCode: row.productionCode,
    status: row.status as FlowResultStatus,
    items: parseJson<JudgedItem[]>(row.autoResults, []),
    manual: parseJson<JudgedManual[]>(row.manualResults, []),
    deviceStatus: row.testStatus as TestStatus | null,
    createTime: formatTime(row.createTime, timeZone),
  };
}

/** A time as epoch ms, from a number, digits, or `YYYY-MM-DD HH:mm:ss` in the factory's zone. */
function epochOf(value: number | string, timeZone: string): number {
  if (typeof value === 'number') return value;
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = parseZonedTime(value, timeZone);
  if (!parsed || parsed.dateOnly) throw badRequest(MSG.invalidInput);
  return parsed.epochMs;
}

/** A device that passed the checks of steps 2–4, with the context it was read in. */
export type CheckedContext = ResultContext & {
  deviceId: number;
  code: string;
  passedFlows: number;
  failedFlows: number;
  everFailed: number;
  resultCount: number;
  repaired: number;
};

/**
 * Steps 2–4 in one read: the terminal on a flow of a running task (an UNSTART
 * one starts with this result), the production code of this task, the previous
 * flow passed. Shared with the check of a code as it is scanned (station-device.ts),
 * so that the station app hears at the scan exactly what the result would be told.
 * `unknownCode` is 400 for a result (a body naming no unit) and 404 for a look-up of the unit.
 */
export async function checkedContext(
  trx: Kysely<Database>,
  dialect: Dialect,
  caller: StationCaller,
  code: string,
  lock: boolean,
  unknownCode: (message: string) => HttpError = badRequest,
): Promise<CheckedContext> {
  if (!servesFlow(caller)) throw conflict(STATION_MSG.notAssigned);
  return checkContext(await findResultContext(trx, dialect, caller.taskId!, caller.flowId!, code, lock), caller, code, unknownCode);
}

/** The checks of checkedContext on a context read (undefined: the terminal is on no flow of a task). */
function checkContext(
  context: ResultContext | undefined,
  caller: StationCaller,
  code: string,
  unknownCode: (message: string) => HttpError,
): CheckedContext {
  if (!servesFlow(caller) || !context) throw conflict(STATION_MSG.notAssigned);
  const status = context.taskStatus as TaskStatus;
  if (status !== 'UNSTART' && status !== 'START') throw conflict(STATION_MSG.taskNotRunning(TASK_STATUS_NAMES[status]));
  if (context.deviceId === null || context.code === null) throw unknownCode(STATION_MSG.codeUnknown(code));
  if (context.deviceTaskId !== context.taskId) throw badRequest(STATION_MSG.codeOfOtherTask(code));
  if (context.previousFlowId !== null && context.previousStatus !== 'TEST_SUCCESS') {
    throw conflict(STATION_MSG.previousFlowFirst(context.previousFlowName!));
  }
  return context as CheckedContext;
}

/**
 * The codes the flow binds, checked against the device: what it must get stored
 * (first seen) now. Whether another device has one is left to the unique index.
 */
function checkScans(device: CheckedContext, body: StationResultInput): Partial<Record<ScanKind, string>> {
  const fresh: Partial<Record<ScanKind, string>> = {};
  for (const what of scanCodesOfFlow(device, device.communicationId)) {
    const kind = SCAN_FIELDS[what];
    if (!kind) continue;
    const value = body[kind];
    if (value === null) throw badRequest(STATION_MSG.scanRequired(what));
    const known = device[kind];
    if (known !== null && known !== value) throw conflict(STATION_MSG.scanMismatch(what, known));
    if (known === null) fresh[kind] = value;
  }
  return fresh;
}

function scanTakenMessage(kind: ScanKind, value: string): string {
  const what = Object.entries(SCAN_FIELDS).find(([, field]) => field === kind)![0];
  return STATION_MSG.scanTaken(what, value);
}

/** Every auto-check item judged against the task's copy (a missing value fails), every manual item by its pass. */
function judge({ items, manualItems }: FlowChecks, body: StationResultInput) {
  const values = new Map<number, unknown>();
  for (const { itemId, value } of body.autoValues) {
    const item = items.find((candidate) => candidate.id === itemId);
    if (!item) throw badRequest(STATION_MSG.unknownItem);
    if (!isScalarValue(value)) throw badRequest(STATION_MSG.valueInvalid(item.name));
    values.set(itemId, value);
  }
  const passes = new Map<number, boolean>();
  for (const { itemId, pass } of body.manualResults) {
    if (!manualItems.some((candidate) => candidate.id === itemId)) throw badRequest(STATION_MSG.unknownItem);
    passes.set(itemId, pass);
  }
  const judged: JudgedItem[] = items.map((item) => {
    const { value, result } = judgeValue(item, values.get(item.id) as string | number | boolean | null | undefined);
    return { itemId: item.id, name: item.name, value, standard: item.standard, result };
  });
  const manual: JudgedManual[] = manualItems.map((item) => ({ itemId: item.id, name: item.name, pass: passes.get(item.id) ?? false }));
  const passed = judged.every((item) => item.result === 1) && manual.every((item) => item.pass);
  return { judged, manual, status: (passed ? 'TEST_SUCCESS' : 'TEST_ERROR') as FlowResultStatus };
}

/**
 * Who sends a result: the token of its station session, whose read (the station
 * guard's, platform/station-guard.ts) is made with the result's first read, in
 * one statement (findSessionAndContext); the caller once admitted by the guard's
 * rules; and whether the session's lastSeenAt is due to be written.
 */
export interface ResultSender {
  tokenHash: string;
  idleMs: number;
  caller: StationCaller | null;
  touch: boolean;
}

/**
 * The station guard refused the sender (401, or 403 without 整机检测): answered
 * as the guard answers, nothing of the result written, never as a retry's
 * stored verdict. `end`: the session to end once the result's transaction is over.
 */
class GuardRefusal extends Error {
  constructor(
    readonly refusal: HttpError,
    readonly end: StationSessionRow | null,
  ) {
    super('the station guard refused a result');
  }
}

/** The guard's rules on the session read with a result; answers the caller and keeps it on the sender. */
function admitSender(sender: ResultSender, session: StationSessionRow | undefined): StationCaller {
  const admission = admitStationSession(session, sender.tokenHash, sender.idleMs, Date.now());
  if ('refusal' in admission) throw new GuardRefusal(admission.refusal, admission.end && session ? session : null);
  // The station plugin's check of the overall check's calls (station.routes.ts), after the guard's as there.
  const refusal = overallCheckRefusal(admission.caller);
  if (refusal) throw new GuardRefusal(refusal, null);
  sender.caller = admission.caller;
  sender.touch = admission.touch;
  return admission.caller;
}

/**
 * The result's read and its checks (checkedContext), with the session's read
 * the first time: one statement, unlocked (PostgreSQL's locked read takes the
 * session on its own first).
 */
async function senderAndContext(trx: Kysely<Database>, dialect: Dialect, sender: ResultSender, code: string, lock: boolean) {
  if (sender.caller) return { caller: sender.caller, at: await checkedContext(trx, dialect, sender.caller, code, lock) };
  if (lock && dialect === 'postgres') {
    const caller = admitSender(sender, await findStationSession({ kysely: trx, dialect }, sender.tokenHash));
    return { caller, at: await checkedContext(trx, dialect, caller, code, lock) };
  }
  const read = await findSessionAndContext(trx, dialect, sender.tokenHash, code);
  const caller = admitSender(sender, read?.session);
  return { caller, at: checkContext(read?.context, caller, code, badRequest) };
}

/**
 * The checks and writes of one result, in the order of the brief (terminal and
 * task, device, flow order, scans, times, values), then the writes, the
 * terminal's counter row last (PostgreSQL: device row, then counter row, then
 * the task row only while UNSTART, the same order in every result, so no
 * deadlock). Whether the clientResultId is stored already is
 * asked only when something fails (submitResult): a first submission, the
 * common case, costs no read for it.
 */
async function judgeAndStore(
  trx: Kysely<Database>,
  db: Db,
  checksOf: FlowChecksOf,
  sender: ResultSender,
  body: StationResultInput,
  timeZone: string,
  lock: boolean,
) {
  const { caller, at } = await senderAndContext(trx, db.dialect, sender, body.productionCode, lock);
  const scans = checkScans(at, body);
  const startTime = epochOf(body.startTime, timeZone);
  const endTime = epochOf(body.endTime, timeZone);
  if (startTime > endTime) throw badRequest(STATION_MSG.timeRule);
  const now = Date.now();
  // A station's clock may run a little ahead of the server's; beyond that the time is wrong, and
  // it would land the unit on a day and a bucket of the future in every figure kept by time.
  if (endTime > now + CLOCK_SKEW_MS) throw badRequest(STATION_MSG.timeInFuture);
  const { judged, manual, status } = judge(await checksOf(trx, at.flowId), body);

  const pass = status === 'TEST_SUCCESS';
  const wasPass = at.latestStatus === 'TEST_SUCCESS';
  const wasFail = at.latestStatus === 'TEST_ERROR';
  const passedFlows = at.passedFlows - (wasPass ? 1 : 0) + (pass ? 1 : 0);
  const failedFlows = at.failedFlows - (wasFail ? 1 : 0) + (pass ? 0 : 1);
  const flowCount = Number(at.flowCount);
  const testStatus: TestStatus | null = failedFlows > 0 ? 'NOT_PASS' : passedFlows === flowCount ? 'PASS' : null;
  const finishDelta = (pass ? 1 : 0) - (wasPass ? 1 : 0);
  const attempt = (at.attempts ?? 0) + 1;
  let resultId: number | null;
  try {
    resultId = await storeResult(trx, db.dialect, {
      clientResultId: body.clientResultId,
      taskId: at.taskId,
      taskFlowId: at.flowId,
      flowSequence: at.flowSequence,
      codeId: at.deviceId,
      terminalId: caller.terminalId,
      accountId: caller.accountId,
      userName: caller.userName,
      status,
      attempt,
      startTime,
      endTime,
      createTime: now,
      autoResults: JSON.stringify(judged),
      manualResults: JSON.stringify(manual),
      scans,
      device: {
        testStatus,
        passedFlows,
        failedFlows,
        everFailed: at.everFailed === 1 || !pass ? 1 : 0,
        resultCount: at.resultCount + 1,
        firstTestTime: at.firstTestTime === null ? endTime : Math.min(at.firstTestTime, endTime),
        lastTestTime: at.lastTestTime === null ? endTime : Math.max(at.lastTestTime, endTime),
        repaired: at.repaired === 1 || wasFail ? 1 : 0,
      },
      counts: countsOf(at, { pass, attempt, testStatus, finishDelta }),
      failures: [
        ...judged.filter((item) => item.result !== 1).map((item) => ({ kind: 'auto' as const, itemId: item.itemId })),
        ...manual.filter((item) => !item.pass).map((item) => ({ kind: 'manual' as const, itemId: item.itemId })),
      ],
      bucketStart: Math.floor(endTime / BUCKET_MS) * BUCKET_MS,
      day: formatTime(endTime, timeZone).slice(0, 10),
      ownerId: at.ownerId,
      produced: at.flowSequence === flowCount ? finishDelta : 0,
      expectedResultCount: at.resultCount,
      previous: { testStatus: at.testStatus, firstTestTime: at.firstTestTime },
    });
  } catch (error) {
    if (error instanceof UniqueClash) throw new StoreRefused(error, at.taskId, at.deviceId, scans);
    throw error;
  }
  // PostgreSQL: another result of the device committed since the read; nothing was written.
  if (resultId === null) return null;
  // PostgreSQL starts the task in the result's own statement (result-writes.ts).
  if (db.dialect === 'sqlite' && at.taskStatus === 'UNSTART') await startTaskOnFirstResult(trx, at.taskId, now);

  const verdict = {
    resultId,
    clientResultId: body.clientResultId,
    productionCode: at.code,
    status,
    items: judged,
    manual,
    deviceStatus: testStatus,
    createTime: formatTime(now, timeZone),
  } satisfies StationVerdict;
  // A unit newly passed the last flow of a task about complete: asked once this result is committed.
  const nearlyDone = Number(at.finishedUnits) + finishDelta >= at.productionCount - FINISH_CHECK_MARGIN;
  return {
    verdict,
    finishCheck: at.flowSequence === flowCount && finishDelta > 0 && nearlyDone ? at.taskId : null,
    event: { kind: 'task' as const, taskId: at.taskId, ownerId: at.ownerId },
  };
}

/** How often a result is read and written without a lock before it takes the device's lock (PostgreSQL). */
const OPTIMISTIC_TRIES = 3;

/** PostgreSQL's deadlock_detected: aborts one statement of a deadlock, which then wrote nothing. */
const isDeadlock = (error: unknown) => (error as { code?: unknown } | null)?.code === '40P01';

/**
 * PostgreSQL: the checks' read, then one statement with every write, no
 * transaction: two round trips, where a transaction takes five. The write
 * happens only if no other result of the device came in between; otherwise
 * (many stations testing one device at once) it is read and tried again, and
 * after a few tries it takes the device's lock in a transaction, which always
 * succeeds. SQLite: in a transaction, shared with the results sent beside it
 * (group-commit.ts).
 */
async function judgeAndStoreOnce({ db, checksOf, inTransaction }: ResultWriter, sender: ResultSender, body: StationResultInput, timeZone: string) {
  if (db.dialect === 'postgres') {
    for (let tries = 0; tries < OPTIMISTIC_TRIES; tries++) {
      try {
        const stored = await judgeAndStore(db.kysely, db, checksOf, sender, body, timeZone, false);
        if (stored) return stored;
      } catch (error) {
        if (!isDeadlock(error)) throw error;
      }
    }
  }
  return inTransaction(async (trx) => {
    const stored = await judgeAndStore(trx, db, checksOf, sender, body, timeZone, true);
    // Under the device's lock (PostgreSQL) or the one writer (SQLite), the device is as read.
    if (!stored) throw new Error('a result under the device lock found the device changed');
    return stored;
  });
}

/** What results are written with: the database, the flows' checks kept in memory, how a result's transaction runs. */
export interface ResultWriter {
  db: Db;
  checksOf: FlowChecksOf;
  /** sharedTransactions: on SQLite, results arriving together share a transaction, each in a savepoint */
  inTransaction: <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;
  /** told of each stored result, after its commit (the boards' live streams) */
  results: ResultEventHub;
}

/**
 * 提交检测结果: judged and stored in one transaction (on SQLite, a savepoint of one shared with the results sent beside it), counters included; the
 * task finishes after it when its last unit passed the last flow. A
 * clientResultId stored already is answered with its stored verdict and nothing
 * is written: found after the transaction failed, whether on a refusal (the
 * task may have finished since) or on the unique index (a copy stored first,
 * also by a submission racing this one).
 */
export async function submitResult(
  { db, checksOf, inTransaction, results }: ResultWriter,
  sender: ResultSender,
  body: StationResultInput,
  timeZone: string,
): Promise<StationVerdict> {
  try {
    const { verdict, finishCheck, event } = await judgeAndStoreOnce({ db, checksOf, inTransaction, results }, sender, body, timeZone);
    results.publish(event);
    // After the commit, so that the result's transaction never holds the task row (every result
    // of the task would queue on it). If the process dies in between, the task stays START with
    // every unit passed until a station retries that result or someone finishes it (docs/decisions.md).
    if (finishCheck !== null) await finishWhenAllPassed(db, finishCheck);
    return verdict;
  } catch (error) {
    if (error instanceof GuardRefusal) {
      if (error.end) await endStationSession(db.kysely, sender.tokenHash, error.end.terminalId, error.end.accountId);
      throw error.refusal;
    }
    if (!(error instanceof HttpError || error instanceof StoreRefused)) throw error;
    // An HttpError or a refused store come after the sender's admission.
    const caller = sender.caller!;
    const stored = await findResultByClientId(db.kysely, db.dialect, caller.terminalId, body.clientResultId);
    if (stored) {
      // The retry of a pass whose first answer was lost may be the one whose process died before
      // the finish check: asking again costs one read and closes that gap whenever a station retries.
      if (stored.status === 'TEST_SUCCESS') await finishWhenAllPassed(db, stored.taskId);
      return storedVerdict(stored, timeZone);
    }
    if (error instanceof StoreRefused) {
      // Not the result: a scanned code another device of the task has (a result racing this one took it).
      const taken = await scanTakenBy(db.kysely, error.taskId, error.deviceId, error.scans);
      if (taken) throw conflict(scanTakenMessage(taken, error.scans[taken]!));
      throw error.clash.violation;
    }
    throw error;
  } finally {
    // As the guard does, outside the result's transaction: a refused result keeps its session alive too.
    if (sender.touch) await touchStationSession(db.kysely, sender.tokenHash, Date.now());
  }
}
