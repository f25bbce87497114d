import {
  DTU_SUBMISSION_MSG as SM,
  DTU_TASK_MSG as M,
  DTU_TASK_TRANSITIONS,
  type DtuTaskStatus,
  type DtuTestStatus,
  isDtuTaskStatusIn,
  REPORT_LIMITS,
  type StationDtuAssignment,
  type stationDtuReportBody,
  type StationDtuResultAnswer,
  type stationDtuScanBody,
  type stationDtuUnitQuery,
  type StationDtuUnit,
  THREE_2_ONE,
} from '@factory/contracts';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../platform/db.js';
import { samplingBatchOf } from '../../platform/dtu-batches.js';
import { excelRowOf, recountTask } from '../../platform/dtu-tests.js';
import { joinWaitingReports, lockDtuTask, storeReport } from '../../platform/dtu-report-intake.js';
import { unitCodeOf } from '../../platform/dtu-tasks.js';
import { claimValueOf, dtuTestingOf, UNIT_CLAIM } from '../../platform/dtu-testing.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { isUniqueViolation } from '../../platform/tenancy.js';
import {
  claimHolder,
  deliverExcelRow,
  type DtuTaskRow,
  type DtuTestRow,
  findTaskById,
  findTaskOfTerminal,
  findTest,
  findTestById,
  findTestByResultId,
  latestSampleOf,
  type PartsRole,
  writeClaim,
} from './dtu-station.repository.js';
import { assignmentView, unitView } from './dtu-station-view.js';
import { judgeSampleIn, scanSampleIn } from './sampling.service.js';
import { type ResultBody, storeVerdict, testFailures, unitOf } from './unit-judging.js';

/*
 * The parts-check station (PAD APP → 配件检测, DESIGN.md §9.3, §9.4): a PAD of a
 * DTU task scans a unit, watches its values come in, confirms the key tests and
 * posts the result, which the server judges. Each call is one transaction; a
 * PAD's calls on a task are serialised by the task's row lock (PostgreSQL) or by
 * SQLite's single writer, and the unique indexes are the backstop across tasks.
 */

/** The signed-in PAD and its user. */
export interface PadCaller {
  terminalId: number;
  accountId: number;
}

export interface Clock {
  now: number;
  timeZone: string;
}

/** Told, after the commit, of a task whose units changed (its live stream: the board and progress page). */
export type TaskChanged = (task: { id: number; ownerId: number }) => void;

export type ScanBody = z.output<typeof stationDtuScanBody>;
type UnitQuery = z.output<typeof stationDtuUnitQuery>;
type ReportBody = z.output<typeof stationDtuReportBody>;


/** GET assignment: the terminal's DTU task, null when it serves none. */
export async function dtuAssignment(db: Db, caller: PadCaller, clock: Clock): Promise<StationDtuAssignment> {
  const served = await findTaskOfTerminal(db.kysely, caller.terminalId);
  if (!served) return null;
  const testing = await dtuTestingOf(db.kysely, served.task.dtuId, served.task.testFirmwareVersion);
  return assignmentView(db.kysely, served.task, served.role, testing, clock.timeZone);
}

/** The terminal's task, read again under its lock (the console may have stopped it meanwhile). */
async function lockedTaskOf(tx: Db, caller: PadCaller): Promise<{ task: DtuTaskRow; role: PartsRole }> {
  const served = await findTaskOfTerminal(tx.kysely, caller.terminalId);
  if (!served) throw conflict(M.noTask);
  await lockDtuTask(tx, served.task.id);
  return { task: await findTaskById(tx.kysely, served.task.id), role: served.role };
}

/** Units are tested while the task is UNSTART (the first scan starts it) or START. */
function requireTesting(task: DtuTaskRow): void {
  const status = task.status as DtuTaskStatus;
  if (isDtuTaskStatusIn(status, DTU_TASK_TRANSITIONS.test)) return;
  throw conflict(status === 'FINISH' ? M.taskFinished : M.taskStopped);
}

/**
 * POST scan: the unit put on the fixture. The first scan of a task starts it. A
 * unit with an open record here resumes it; one with a result is tested again only
 * where duplicates are allowed (its record starts over in place), as is a unit
 * another test of the model holds. A task with data delivery gives it its Excel
 * row. Reports of the unit from the last ten minutes join it.
 */
export async function scanUnit(db: Db, caller: PadCaller, body: ScanBody, clock: Clock, changed: TaskChanged): Promise<StationDtuUnit> {
  const attempt = async () => {
    const { unit, task } = await inTransaction(db, (tx) => scanIn(tx, caller, body, clock));
    changed(task);
    return unit;
  };
  try {
    return await attempt();
  } catch (error) {
    // Two scans of one unit at once (another task's PAD on PostgreSQL): the second sees the first's rows now.
    if (!isUniqueViolation(error)) throw error;
    try {
      return await attempt();
    } catch (again) {
      if (isUniqueViolation(again)) throw conflict(M.duplicateUnit(unitCodeOf((body.imei ?? body.mac)!)));
      throw again;
    }
  }
}

async function scanIn(tx: Db, caller: PadCaller, body: ScanBody, clock: Clock): Promise<{ unit: StationDtuUnit; task: DtuTaskRow }> {
  const { task, role } = await lockedTaskOf(tx, caller);
  if (role === 'CHECK') return scanSampleIn(tx, caller, task, body, clock);
  if (body.batchId !== undefined && body.batchId !== null) throw conflict(SM.samplingOnly);
  requireTesting(task);
  const testing = await dtuTestingOf(tx.kysely, task.dtuId, task.testFirmwareVersion);
  const unit = unitOf(testing.identity, body);
  const duplicatesAllowed = task.duplicateEnable === 1;
  const { now } = clock;

  if (task.status === 'UNSTART') {
    await tx.kysely.updateTable('dtu_task').set({ status: 'START', startTime: now, updateTime: now }).where('id', '=', task.id).where('status', '=', 'UNSTART').execute();
  }
  const holder = await claimHolder(tx.kysely, task.dtuId, UNIT_CLAIM, unit.code);
  let test = await findTest(tx.kysely, task.id, unit.code);
  const heldElsewhere = holder !== undefined && holder !== test?.id;
  if (test && test.testStatus === null) {
    // Resumed (another PAD of the task may go on with it): the record stays, its tester is who scans now.
    await tx.kysely
      .updateTable('dtu_test')
      .set({ terminalId: caller.terminalId, testerId: caller.accountId, ...otherIdentity(test, unit) })
      .where('id', '=', test.id)
      .execute();
  } else if (test) {
    // A submitted unit's record is in its batch (and maybe its report): it is not tested over.
    if (test.manageStatus === 'SUBMIT') throw conflict(SM.submittedNoRetest(unit.code));
    if (!duplicatesAllowed) throw conflict(M.duplicateUnit(unit.code));
    await startOver(tx, test, caller, unit, now);
    await recountTask(tx, task.id);
  } else {
    if (heldElsewhere && !duplicatesAllowed) throw conflict(M.duplicateUnit(unit.code));
    const inserted = await tx.kysely
      .insertInto('dtu_test')
      .values({
        taskId: task.id,
        dtuId: task.dtuId,
        ownerId: task.ownerId,
        unitCode: unit.code,
        imei: unit.imei,
        mac: unit.mac,
        terminalId: caller.terminalId,
        testerId: caller.accountId,
        startTime: now,
        checkTime: null,
        testStatus: null,
        manageStatus: 'UNSUBMIT',
        submitBatchId: null,
        clientResultId: null,
        keyResults: null,
        failures: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    test = await findTestById(tx.kysely, inserted.id);
  }
  // A record resumed in a task without duplicates leaves a claim another task took where they are allowed.
  if (!heldElsewhere || duplicatesAllowed) await writeClaim(tx, { dtuId: task.dtuId, code: UNIT_CLAIM, value: unit.code, testId: test.id }, holder);

  if (task.needExcel === 1 && testing.communicationType === THREE_2_ONE && !(await excelRowOf(tx.kysely, test.id))) {
    if (!(await deliverExcelRow(tx, task.id, test.id))) throw conflict(M.excelUsedUp);
  }
  await joinWaitingReports(tx, { id: test.id, taskId: task.id, dtuId: task.dtuId, unitCode: unit.code }, now);
  return { unit: await unitView(tx.kysely, test.id, testing, clock.timeZone), task };
}

/** The other identity a scan names, where the record has none yet. */
function otherIdentity(test: DtuTestRow, unit: { imei: string; mac: string }): { imei?: string; mac?: string } {
  if (unit.imei && !test.imei) return { imei: unit.imei };
  if (unit.mac && !test.mac) return { mac: unit.mac };
  return {};
}

/**
 * A retest where duplicates are allowed: the unit's record starts over in place
 * (values, verdict, submission cleared), its unique values are claimed again at
 * its next result; its Excel row stays with it.
 */
async function startOver(tx: Db, test: DtuTestRow, caller: PadCaller, unit: { imei: string; mac: string }, now: number): Promise<void> {
  await tx.kysely.deleteFrom('dtu_test_value').where('testId', '=', test.id).execute();
  await tx.kysely.deleteFrom('dtu_unique_value').where('testId', '=', test.id).where('code', '<>', UNIT_CLAIM).execute();
  await tx.kysely
    .updateTable('dtu_test')
    .set({
      terminalId: caller.terminalId,
      testerId: caller.accountId,
      startTime: now,
      checkTime: null,
      testStatus: null,
      manageStatus: 'UNSUBMIT',
      submitBatchId: null,
      clientResultId: null,
      serverVerified: 0,
      keyResults: null,
      failures: null,
      ...otherIdentity(test, unit),
    })
    .where('id', '=', test.id)
    .execute();
}

/** GET unit: a unit of the terminal's task as it stands (404 when it was never scanned here). */
export async function unitNow(db: Db, caller: PadCaller, body: UnitQuery, clock: Clock): Promise<StationDtuUnit> {
  const served = await findTaskOfTerminal(db.kysely, caller.terminalId);
  if (!served) throw conflict(M.noTask);
  const testing = await dtuTestingOf(db.kysely, served.task.dtuId, served.task.testFirmwareVersion);
  const code = unitOf(testing.identity, body).code;
  const test = served.role === 'CHECK' ? await latestSampleOf(db.kysely, served.task.id, code) : await findTest(db.kysely, served.task.id, code);
  if (!test) throw notFound(M.notUnderTest);
  return unitView(db.kysely, test.id, testing, clock.timeZone);
}

/**
 * POST report: values the station read over the unit's link. Kept in the check
 * log like any report and applied to the unit when it is under test in this
 * terminal's task; the unit as it now stands, or null when it is not under test
 * (the report waits ten minutes for its scan).
 */
export async function postReport(db: Db, caller: PadCaller, body: ReportBody, clock: Clock, changed: TaskChanged): Promise<StationDtuUnit | null> {
  const text = JSON.stringify(body.content);
  // What MQTT would keep truncated and not apply, a station is told of.
  if (Buffer.byteLength(text, 'utf8') > REPORT_LIMITS.bytesMax) throw badRequest(M.reportRule);
  const { unit, task } = await inTransaction(db, async (tx) => {
    const served = await findTaskOfTerminal(tx.kysely, caller.terminalId);
    if (!served) throw conflict(M.noTask);
    const testing = await dtuTestingOf(tx.kysely, served.task.dtuId, served.task.testFirmwareVersion);
    const stored = await storeReport(tx, {
      unitCode: unitOf(testing.identity, body).code,
      source: 'STATION',
      payload: text,
      receiveTime: clock.now,
      terminalId: caller.terminalId,
      taskId: served.task.id,
    });
    return { unit: stored.testId === null ? null : await unitView(tx.kysely, stored.testId, testing, clock.timeZone), task: stored.task };
  });
  if (task) changed(task);
  return unit;
}

/**
 * POST result: the server judges the unit (DESIGN.md §9.6) and stores it once per
 * clientResultId. Every tested automatic and serial property needs a passing
 * latest value (SERVER_VERIFY: a report of its own over MQTT), every key test a
 * confirmation; what fails is named in `failures`. The unit's unique values are
 * claimed (refused when another unit holds one and the task allows no
 * duplicates); then the record and the task's counters.
 */
export async function submitDtuResult(
  db: Db,
  caller: PadCaller,
  body: ResultBody,
  clock: Clock,
  changed: TaskChanged,
): Promise<StationDtuResultAnswer> {
  const refused = { claim: null as null | { name: string; value: string } };
  try {
    const { answer, task } = await inTransaction(db, (tx) => judgeIn(tx, caller, body, clock, refused));
    if (!answer.replayed) changed(task);
    return answer;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same result posted twice at once: the second answers what the first stored.
    const replay = await inTransaction(db, async (tx) => {
      const served = await findTaskOfTerminal(tx.kysely, caller.terminalId);
      const stored = served && (await findTestByResultId(tx.kysely, served.task.id, body.clientResultId));
      return served && stored ? replayedIn(tx, stored, served.task, clock) : null;
    });
    if (replay) return replay;
    if (refused.claim) throw conflict(M.duplicateValue(refused.claim.name, refused.claim.value));
    throw error;
  }
}

/** The stored answer of a result posted again (a sample's with its batch as it now stands). */
async function replayedIn(tx: Db, test: DtuTestRow, task: DtuTaskRow, clock: Clock): Promise<StationDtuResultAnswer> {
  const answer = replayed(test, task);
  if (test.sampleBatchId === 0) return answer;
  return { ...answer, batch: await samplingBatchOf(tx.kysely, test.sampleBatchId, task, clock.timeZone) };
}

function replayed(test: DtuTestRow, task: DtuTaskRow): StationDtuResultAnswer {
  return {
    testId: test.id,
    testStatus: test.testStatus as DtuTestStatus,
    failures: parseList(test.failures),
    finishNumber: task.finishNumber,
    replayed: true,
    batch: null,
  };
}

function parseList(text: string | null): string[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

async function judgeIn(
  tx: Db,
  caller: PadCaller,
  body: ResultBody,
  clock: Clock,
  refused: { claim: null | { name: string; value: string } },
): Promise<{ answer: StationDtuResultAnswer; task: DtuTaskRow }> {
  const { task, role } = await lockedTaskOf(tx, caller);
  const stored = await findTestByResultId(tx.kysely, task.id, body.clientResultId);
  if (stored) return { answer: await replayedIn(tx, stored, task, clock), task };
  if (role === 'CHECK') return judgeSampleIn(tx, caller, task, body, clock);
  requireTesting(task);
  const testing = await dtuTestingOf(tx.kysely, task.dtuId, task.testFirmwareVersion);
  const unit = unitOf(testing.identity, body);
  const test = await findTest(tx.kysely, task.id, unit.code);
  if (!test || test.testStatus !== null) throw conflict(M.notUnderTest);
  const { failures, values } = await testFailures(tx, test, testing, body, clock.now);

  const duplicatesAllowed = task.duplicateEnable === 1;
  for (const { property } of testing.auto) {
    const reported = property.unique ? values.get(`AUTO ${property.code}`)?.value : null;
    if (!reported) continue;
    const claim = { dtuId: task.dtuId, code: property.code, value: claimValueOf(reported), testId: test.id };
    const holder = await claimHolder(tx.kysely, task.dtuId, claim.code, claim.value);
    if (holder !== undefined && holder !== test.id && !duplicatesAllowed) throw conflict(M.duplicateValue(property.name, reported));
    refused.claim = { name: property.name, value: reported };
    await writeClaim(tx, claim, holder);
    refused.claim = null;
  }

  const testStatus = await storeVerdict(tx, test.id, { ...caller, body, failures, now: clock.now });
  const finishNumber = await recountTask(tx, task.id);
  return { answer: { testId: test.id, testStatus, failures, finishNumber, replayed: false, batch: null }, task };
}

