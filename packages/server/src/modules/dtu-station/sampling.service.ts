import { DTU_SUBMISSION_MSG as SM, DTU_TASK_MSG as M, type StationDtuResultAnswer, type StationDtuSampleAnswer, type stationDtuSampleBody, type StationDtuUnit } from '@factory/contracts';
import type { z } from 'zod';
import { canCheckTask, fixBatchPlan, recountBatch, samplingBatchOf } from '../../platform/dtu-batches.js';
import type { Db } from '../../platform/db.js';
import { joinWaitingReports, lockDtuTask } from '../../platform/dtu-report-intake.js';
import { dtuTestingOf, otherPropertiesUnderTest } from '../../platform/dtu-testing.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import {
  type DtuTaskRow,
  findBatchOfTask,
  findSample,
  findTaskOfTerminal,
  findTest,
  findTestById,
  latestSampleOf,
  sampleValuesOf,
} from './dtu-station.repository.js';
import type { Clock, PadCaller, ScanBody } from './dtu-station.service.js';
import { unitView } from './dtu-station-view.js';
import { type ResultBody, storeVerdict, testFailures, unitOf } from './unit-judging.js';

/*
 * Sampling at the station (DESIGN.md §9.5, docs/dtu-submission.md "Sampling at the
 * station"): a sampling terminal (partsRole CHECK, bound by /api/checkTask/bind)
 * tests units of a submitted batch of its task with the same DTU test as production,
 * on a sample record of their own (dtu_test with sampleBatchId = the batch), and
 * records the DTU's other properties judged by people (dtu_sample_value). The
 * production record of the unit is never touched: its counters, claims and batch stay.
 * A sample is tested whatever the task's status: a finished task's last batches
 * still wait for theirs.
 */

type SampleBody = z.output<typeof stationDtuSampleBody>;

/** A batch of the task, by the id the terminal names. */
async function batchOf(tx: Db, task: DtuTaskRow, batchId: number | null | undefined) {
  if (batchId === undefined || batchId === null) throw badRequest(SM.batchRequired);
  const batch = await findBatchOfTask(tx.kysely, task.id, batchId);
  if (!batch) throw notFound(SM.batchUnknown);
  return batch;
}

/**
 * POST scan at a sampling terminal: the unit must be one of the batch's (its
 * production record submitted in it) and the batch not yet judged. The unit's
 * sample in the batch is made, or resumed while it has no result; a judged sample is
 * not sampled again (each sample counts once), nor a task whose firmware changed after
 * a submission. The first sample fixes the batch's plan.
 */
export async function scanSampleIn(tx: Db, caller: PadCaller, task: DtuTaskRow, body: ScanBody, clock: Clock): Promise<{ unit: StationDtuUnit; task: DtuTaskRow }> {
  const batch = await batchOf(tx, task, body.batchId);
  const testing = await dtuTestingOf(tx.kysely, task.dtuId, task.testFirmwareVersion);
  const unit = unitOf(testing.identity, body);
  // terminals bound before the firmware changed sample no more (the binding is refused since)
  if (!canCheckTask(task)) throw conflict(SM.firmwareChanged);
  if (batch.verdict !== 'PENDING') throw conflict(SM.batchJudged);
  const production = await findTest(tx.kysely, task.id, unit.code);
  if (!production || production.submitBatchId !== batch.id) throw conflict(SM.notInBatch(unit.code));
  let sample = await findSample(tx.kysely, task.id, batch.id, unit.code);
  if (sample && sample.testStatus !== null) throw conflict(SM.sampledAlready(unit.code));
  const { now } = clock;
  if (sample) {
    await tx.kysely.updateTable('dtu_test').set({ terminalId: caller.terminalId, testerId: caller.accountId }).where('id', '=', sample.id).execute();
  } else {
    const inserted = await tx.kysely
      .insertInto('dtu_test')
      .values({
        taskId: task.id,
        dtuId: task.dtuId,
        ownerId: task.ownerId,
        unitCode: unit.code,
        // the unit's identities as production knew them
        imei: production.imei,
        mac: production.mac,
        terminalId: caller.terminalId,
        testerId: caller.accountId,
        startTime: now,
        checkTime: null,
        testStatus: null,
        manageStatus: 'UNSUBMIT',
        submitBatchId: null,
        sampleBatchId: batch.id,
        clientResultId: null,
        keyResults: null,
        failures: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sample = await findTestById(tx.kysely, inserted.id);
    await fixBatchPlan(tx, batch.id, task);
  }
  await joinWaitingReports(tx, { id: sample.id, taskId: task.id, dtuId: task.dtuId, unitCode: unit.code }, now);
  return { unit: await unitView(tx.kysely, sample.id, testing, clock.timeZone), task };
}

/**
 * POST result at a sampling terminal: the unit's open sample is judged as production
 * judges (the DTU test) and, beyond it, every other property of the DTU must have been
 * judged 合格 (POST sample); what fails of them is named among the failures. No unique
 * value is claimed (the production record holds the unit's). Then the batch is counted
 * again: a defective sample is one NOT_PASS. A sample's result is taken even when the
 * batch was judged meanwhile (a terminal's queued result must not be lost).
 */
export async function judgeSampleIn(
  tx: Db,
  caller: PadCaller,
  task: DtuTaskRow,
  body: ResultBody,
  clock: Clock,
): Promise<{ answer: StationDtuResultAnswer; task: DtuTaskRow }> {
  const testing = await dtuTestingOf(tx.kysely, task.dtuId, task.testFirmwareVersion);
  const unit = unitOf(testing.identity, body);
  const sample = await latestSampleOf(tx.kysely, task.id, unit.code, { open: true });
  if (!sample) throw conflict(M.notUnderTest);
  const { failures } = await testFailures(tx, sample, testing, body, clock.now);
  const judged = new Map((await sampleValuesOf(tx.kysely, sample.id)).map((value) => [value.propertyId, value.pass === 1]));
  for (const other of await otherPropertiesUnderTest(tx.kysely, task.dtuId)) {
    if (judged.get(other.id) !== true) failures.push(other.property);
  }
  const testStatus = await storeVerdict(tx, sample.id, { ...caller, body, failures, now: clock.now });
  await recountBatch(tx, sample.sampleBatchId);
  const batch = await samplingBatchOf(tx.kysely, sample.sampleBatchId, task, clock.timeZone);
  return { answer: { testId: sample.id, testStatus, failures, finishNumber: task.finishNumber, replayed: false, batch }, task };
}

/**
 * POST sample: the other properties judged on the unit's open sample in the batch,
 * each with its measured value; a property sent again is replaced. Only the
 * DTU's other properties under test are taken (400 otherwise), and only while the
 * sample has no result. One transaction under the task's lock.
 */
export async function recordSampleValues(tx: Db, caller: PadCaller, body: SampleBody, clock: Clock): Promise<StationDtuSampleAnswer & { task: DtuTaskRow }> {
  const served = await findTaskOfTerminal(tx.kysely, caller.terminalId);
  if (!served) throw conflict(M.noTask);
  if (served.role !== 'CHECK') throw conflict(SM.samplingOnly);
  await lockDtuTask(tx, served.task.id);
  const task = served.task;
  const batch = await batchOf(tx, task, body.batchId);
  const testing = await dtuTestingOf(tx.kysely, task.dtuId, task.testFirmwareVersion);
  const unit = unitOf(testing.identity, body);
  const sample = await findSample(tx.kysely, task.id, batch.id, unit.code);
  if (!sample) throw conflict(SM.notSampled);
  if (sample.testStatus !== null) throw conflict(SM.sampledAlready(unit.code));
  const others = new Map((await otherPropertiesUnderTest(tx.kysely, task.dtuId)).map((other) => [other.id, other]));
  // One row per property (the last sent wins): a statement may not upsert one row twice.
  const results = new Map(body.otherResults.map((result) => [result.propertyId, result]));
  const rows = [...results.values()].map(({ propertyId, actValue, pass }) => {
    const other = others.get(propertyId);
    if (!other) throw badRequest(SM.otherResultUnknown);
    const { category, property, checkTool, checkStandard } = other;
    return { testId: sample.id, propertyId, category, property, checkTool, checkStandard, actValue, pass: pass ? 1 : 0, recordTime: clock.now, testerId: caller.accountId };
  });
  await tx.kysely
    .insertInto('dtu_sample_value')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['testId', 'propertyId']).doUpdateSet((eb) => ({
        category: eb.ref('excluded.category'),
        property: eb.ref('excluded.property'),
        checkTool: eb.ref('excluded.checkTool'),
        checkStandard: eb.ref('excluded.checkStandard'),
        actValue: eb.ref('excluded.actValue'),
        pass: eb.ref('excluded.pass'),
        recordTime: eb.ref('excluded.recordTime'),
        testerId: eb.ref('excluded.testerId'),
      })),
    )
    .execute();
  await tx.kysely.updateTable('dtu_test').set({ terminalId: caller.terminalId, testerId: caller.accountId }).where('id', '=', sample.id).execute();
  return {
    unit: await unitView(tx.kysely, sample.id, testing, clock.timeZone),
    batch: await samplingBatchOf(tx.kysely, batch.id, task, clock.timeZone),
    task,
  };
}
