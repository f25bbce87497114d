import {
  BATCH_VERDICT_NAMES,
  type BatchVerdict,
  DEFAULT_AQL,
  DEFAULT_INSPECTION_LEVEL,
  INSPECTION_LEVELS,
  type InspectionLevel,
  type InspectionSeverity,
  isAql,
  nextSeverity,
  samplingPlanOf,
  STOCK_MSG,
  type SpotCheckAnswer,
  type StationBatch,
  type StockInAnswer,
  type StockMovementKind,
  type StockOutAnswer,
} from '@factory/contracts';
import type { Db } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { formatTime } from '../../platform/time.js';
import { type BatchRow, batchesOfDay, findBatchById, findBatchByNo, findOpenBatch } from './batch.repository.js';
import { lockAccountStock } from './stock-lock.js';
import { findStockUnit, insertMovement, type MovementRow, movementByClient, type UnitRow } from './stock-unit.repository.js';
import { stationBatch, stationCheck } from './stock-view.js';
import { findUnitByScan, type ScannedUnit } from './unit-lookup.js';

/*
 * The PDA's writes (DESIGN.md §9.1), each one transaction under the account's
 * stock lock: read the state, refuse with the reason naming the unit, or write
 * the unit, the batch's counters and the movement together. A clientId seen
 * before answers what that scan did, so a scan resent from the offline queue
 * is never applied twice.
 */

/** The PDA and its user, as the stock routes know them. */
export interface PdaCaller {
  terminalId: number;
  accountId: number;
  userName: string;
  ownerId: number;
  /** the PDA's line: its batches are stocked there (null: the unit's task's first line) */
  lineId: number | null;
  lineName: string | null;
}

export interface StockClock {
  now: number;
  timeZone: string;
}

/** What a write did, for the live events of the dashboard (the unit's task) after its commit. */
export interface StockOutcome<T> {
  answer: T;
  taskId: number | null;
}

const dayOf = (at: number, timeZone: string) => formatTime(at, timeZone).slice(0, 10);

async function replayed(tx: Db, caller: PdaCaller, clientId: string | undefined, kind: StockMovementKind): Promise<MovementRow | undefined> {
  if (!clientId) return undefined;
  const movement = await movementByClient(tx.kysely, caller.terminalId, clientId);
  if (movement && movement.kind !== kind) throw conflict(STOCK_MSG.clientIdReused);
  return movement;
}

async function batchOf(tx: Db, id: number): Promise<BatchRow> {
  const batch = await findBatchById(tx.kysely, id);
  if (!batch) throw notFound(STOCK_MSG.batchMissing);
  return batch;
}

async function movement(tx: Db, caller: PdaCaller, kind: StockMovementKind, batchId: number, codeId: number | null, checkPass: boolean | null, clientId: string | undefined, now: number) {
  await insertMovement(tx.kysely, {
    ownerId: caller.ownerId,
    kind,
    batchId,
    codeId,
    checkPass: checkPass === null ? null : checkPass ? 1 : 0,
    terminalId: caller.terminalId,
    accountId: caller.accountId,
    userName: caller.userName,
    clientId: clientId ?? null,
    createTime: now,
  });
}

async function scanned(tx: Db, caller: PdaCaller, code: string): Promise<ScannedUnit> {
  const unit = await findUnitByScan(tx.kysely, caller.ownerId, code);
  if (!unit) throw notFound(STOCK_MSG.unitUnknown(code));
  return unit;
}

const unitOf = (unit: { code: string; sn: string | null; productNumber: string }) => ({
  produceCode: unit.code,
  sn: unit.sn,
  productNumber: unit.productNumber,
});

/** The stock row of a unit a movement names (a movement's unit is never gone: they are deleted together). */
async function stockUnitOf(tx: Db, codeId: number): Promise<UnitRow> {
  const unit = await findStockUnit(tx.kysely, codeId);
  if (!unit) throw notFound(STOCK_MSG.recordMissing);
  return unit;
}

/** A stocked unit as a resent scan is answered: its codes, of its batch's product. */
const stockedUnitOf = (unit: UnitRow, batch: BatchRow) => unitOf({ code: unit.produceCode, sn: unit.sn, productNumber: batch.productNumber });

/** The answer of a check: the batch after it and the unit as checked, read back (a resend reads the same). */
async function checkAnswer(tx: Db, batchId: number, codeId: number, timeZone: string): Promise<SpotCheckAnswer> {
  const unit = await stockUnitOf(tx, codeId);
  return { ...stationBatch(await batchOf(tx, batchId), timeZone), unit: stationCheck(unit, timeZone) };
}

/** The line a batch of this scan is stocked on: the PDA's, else the unit's task's first. */
async function stockLine(tx: Db, caller: PdaCaller, taskId: number): Promise<{ lineId: number; lineName: string }> {
  if (caller.lineId !== null && caller.lineName !== null) return { lineId: caller.lineId, lineName: caller.lineName };
  const line = await tx.kysely
    .selectFrom('task_line')
    .select(['lineId', 'lineName'])
    .where('taskId', '=', taskId)
    .orderBy('sequence')
    .executeTakeFirst();
  if (!line) throw conflict(STOCK_MSG.terminalWithoutLine);
  return line;
}

/** The open batch of the product on the line, opened with the day's next number when there is none. */
async function openBatch(tx: Db, caller: PdaCaller, unit: ScannedUnit, clock: StockClock): Promise<BatchRow> {
  const line = await stockLine(tx, caller, unit.taskId);
  const open = await findOpenBatch(tx.kysely, caller.ownerId, unit.productId, line.lineId);
  if (open) return open;
  const day = dayOf(clock.now, clock.timeZone);
  const sequence = (await batchesOfDay(tx.kysely, caller.ownerId, day)) + 1;
  const batchNo = `RK${day.replaceAll('-', '')}-${String(sequence).padStart(3, '0')}`;
  return tx.kysely
    .insertInto('stock_batch')
    .values({
      ownerId: caller.ownerId,
      batchNo,
      productId: unit.productId,
      productNumber: unit.productNumber,
      lineId: line.lineId,
      lineName: line.lineName,
      status: 'OPEN',
      createTime: clock.now,
      stockDay: day,
      stockUserName: caller.userName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** 入库: a unit whose production record passed enters the open batch of its product, once. */
export async function stockIn(tx: Db, caller: PdaCaller, body: { code: string; clientId?: string | undefined }, clock: StockClock): Promise<StockOutcome<StockInAnswer>> {
  await lockAccountStock(tx, caller.ownerId);
  const earlier = await replayed(tx, caller, body.clientId, 'IN');
  if (earlier) {
    const batch = await batchOf(tx, earlier.batchId);
    const unit = stockedUnitOf(await stockUnitOf(tx, earlier.codeId!), batch);
    return { answer: { stockBatchId: batch.id, batchNo: batch.batchNo, count: batch.count, unit }, taskId: null };
  }

  const unit = await scanned(tx, caller, body.code);
  if (unit.testStatus !== 'PASS') throw conflict(STOCK_MSG.unitNotPassed(body.code));
  const stocked = await findStockUnit(tx.kysely, unit.codeId);
  if (stocked) {
    if (stocked.outTime !== null) throw conflict(STOCK_MSG.unitShipped(body.code));
    throw conflict(STOCK_MSG.unitStocked(body.code, (await batchOf(tx, stocked.batchId)).batchNo));
  }

  const batch = await openBatch(tx, caller, unit, clock);
  await tx.kysely
    .insertInto('stock_unit')
    .values({
      batchId: batch.id,
      codeId: unit.codeId,
      ownerId: caller.ownerId,
      productId: unit.productId,
      inTime: clock.now,
      inUserName: caller.userName,
      inTerminalId: caller.terminalId,
    })
    .execute();
  await tx.kysely.updateTable('stock_batch').set((eb) => ({ count: eb('count', '+', 1) })).where('id', '=', batch.id).execute();
  await movement(tx, caller, 'IN', batch.id, unit.codeId, null, body.clientId, clock.now);
  return { answer: { stockBatchId: batch.id, batchNo: batch.batchNo, count: batch.count + 1, unit: unitOf(unit) }, taskId: unit.taskId };
}

/** The product's inspection level and AQL (their defaults when the product is gone or holds neither). */
async function qualitySettings(tx: Db, productId: number): Promise<{ level: InspectionLevel; aql: number }> {
  const product = await tx.kysely.selectFrom('product').select(['inspectionLevel', 'aql']).where('id', '=', productId).executeTakeFirst();
  const level = (INSPECTION_LEVELS as readonly string[]).includes(product?.inspectionLevel ?? '') ? (product!.inspectionLevel as InspectionLevel) : DEFAULT_INSPECTION_LEVEL;
  const aql = product && isAql(Number(product.aql)) ? Number(product.aql) : DEFAULT_AQL;
  return { level, aql };
}

/**
 * Normal or tightened inspection for the product's next batch (GB/T 2828.1 §9.3):
 * from the verdicts of its batches decided so far, in the order they were closed.
 * A batch still being checked has no say yet.
 */
async function severityFor(tx: Db, ownerId: number, productId: number): Promise<InspectionSeverity> {
  const decided = await tx.kysely
    .selectFrom('stock_batch')
    .select('verdict')
    .where('ownerId', '=', ownerId)
    .where('productId', '=', productId)
    .where('status', '=', 'CLOSED')
    .where('verdict', '<>', 'PENDING')
    .orderBy('closeTime')
    .orderBy('id')
    .execute();
  return nextSeverity(decided.map((batch) => batch.verdict as 'ACCEPT' | 'REJECT'));
}

/** 结束入库: the batch takes no more units and its GB/T 2828.1 plan is fixed from its size. */
export async function closeBatch(tx: Db, caller: PdaCaller, body: { batchNo: string; clientId?: string | undefined }, clock: StockClock): Promise<StockOutcome<StationBatch>> {
  await lockAccountStock(tx, caller.ownerId);
  const earlier = await replayed(tx, caller, body.clientId, 'CLOSE');
  if (earlier) return { answer: stationBatch(await batchOf(tx, earlier.batchId), clock.timeZone), taskId: null };

  const batch = await findBatchByNo(tx.kysely, caller.ownerId, body.batchNo);
  if (!batch) throw notFound(STOCK_MSG.batchUnknown(body.batchNo));
  if (batch.status !== 'OPEN') throw conflict(STOCK_MSG.batchNotOpen(body.batchNo));
  if (batch.count === 0) throw conflict(STOCK_MSG.batchEmpty(body.batchNo));
  const { level, aql } = await qualitySettings(tx, batch.productId);
  const severity = await severityFor(tx, caller.ownerId, batch.productId);
  const plan = samplingPlanOf(batch.count, level, aql, severity);
  await tx.kysely
    .updateTable('stock_batch')
    .set({
      status: 'CLOSED',
      closeTime: clock.now,
      inspectionLevel: level,
      aql,
      lotSize: plan.lotSize,
      codeLetter: plan.codeLetter,
      sampleSize: plan.sampleSize,
      acceptNumber: plan.acceptNumber,
      rejectNumber: plan.rejectNumber,
      severity,
    })
    .where('id', '=', batch.id)
    .execute();
  await movement(tx, caller, 'CLOSE', batch.id, null, null, body.clientId, clock.now);
  return { answer: stationBatch(await batchOf(tx, batch.id), clock.timeZone), taskId: null };
}

/**
 * The verdict of a batch after a check (DESIGN.md §9.1): REJECT as soon as the
 * defects reach Re, ACCEPT once n units are checked with no more than Ac defects.
 */
export function verdictOf(checked: number, defects: number, plan: { sampleSize: number; rejectNumber: number }): BatchVerdict {
  if (defects >= plan.rejectNumber) return 'REJECT';
  if (checked >= plan.sampleSize) return 'ACCEPT';
  return 'PENDING';
}

/** 抽检: a unit of a closed, undecided batch passes or fails; a unit checked again has its result replaced. */
export async function spotCheck(
  tx: Db,
  caller: PdaCaller,
  body: { batchNo: string; code: string; pass: boolean; defect: string | null; clientId?: string | undefined },
  clock: StockClock,
): Promise<StockOutcome<SpotCheckAnswer>> {
  await lockAccountStock(tx, caller.ownerId);
  const earlier = await replayed(tx, caller, body.clientId, 'CHECK');
  if (earlier) return { answer: await checkAnswer(tx, earlier.batchId, earlier.codeId!, clock.timeZone), taskId: null };

  const batch = await findBatchByNo(tx.kysely, caller.ownerId, body.batchNo);
  if (!batch) throw notFound(STOCK_MSG.batchUnknown(body.batchNo));
  if (batch.status === 'OPEN') throw conflict(STOCK_MSG.batchStillOpen(body.batchNo));
  if (batch.verdict !== 'PENDING') throw conflict(STOCK_MSG.batchDecided(body.batchNo, BATCH_VERDICT_NAMES[batch.verdict as BatchVerdict]));
  const scan = await scanned(tx, caller, body.code);
  const unit = await findStockUnit(tx.kysely, scan.codeId);
  if (!unit || unit.batchId !== batch.id) throw conflict(STOCK_MSG.unitNotInBatch(body.code, body.batchNo));

  const recheck = unit.checkPass !== null;
  const checked = batch.checkedCount + (recheck ? 0 : 1);
  const defects = batch.defectCount + (body.pass ? 0 : 1) - (unit.checkPass === 0 ? 1 : 0);
  const verdict = verdictOf(checked, defects, { sampleSize: batch.sampleSize!, rejectNumber: batch.rejectNumber! });
  await tx.kysely
    .updateTable('stock_unit')
    .set({ checkPass: body.pass ? 1 : 0, defect: body.pass ? null : body.defect, checkTime: clock.now, checkUserName: caller.userName })
    .where('id', '=', unit.id)
    .execute();
  await tx.kysely
    .updateTable('stock_batch')
    .set((eb) => ({
      checkedCount: checked,
      defectCount: defects,
      recheckCount: eb('recheckCount', '+', recheck ? 1 : 0),
      verdict,
      decidedTime: verdict === 'PENDING' ? null : clock.now,
      checkTime: clock.now,
      checkUserName: caller.userName,
    }))
    .where('id', '=', batch.id)
    .execute();
  await movement(tx, caller, 'CHECK', batch.id, unit.codeId, body.pass, body.clientId, clock.now);
  return { answer: await checkAnswer(tx, batch.id, unit.codeId, clock.timeZone), taskId: unit.taskId };
}

/** 出库: a unit in stock of an accepted batch leaves it, once. */
export async function stockOut(tx: Db, caller: PdaCaller, body: { code: string; clientId?: string | undefined }, clock: StockClock): Promise<StockOutcome<StockOutAnswer>> {
  await lockAccountStock(tx, caller.ownerId);
  const earlier = await replayed(tx, caller, body.clientId, 'OUT');
  if (earlier) {
    const batch = await batchOf(tx, earlier.batchId);
    const unit = await stockUnitOf(tx, earlier.codeId!);
    return { answer: { batchNo: batch.batchNo, unit: stockedUnitOf(unit, batch), outTime: formatTime(unit.outTime ?? earlier.createTime, clock.timeZone) }, taskId: null };
  }

  const scan = await scanned(tx, caller, body.code);
  const unit = await findStockUnit(tx.kysely, scan.codeId);
  if (!unit) throw conflict(STOCK_MSG.unitNotStocked(body.code));
  if (unit.outTime !== null) throw conflict(STOCK_MSG.unitShipped(body.code));
  const batch = await batchOf(tx, unit.batchId);
  if (batch.status === 'OPEN') throw conflict(STOCK_MSG.unitBatchOpen(body.code, batch.batchNo));
  if (batch.verdict === 'REJECT') throw conflict(STOCK_MSG.unitBatchRejected(body.code, batch.batchNo));
  if (batch.verdict !== 'ACCEPT') throw conflict(STOCK_MSG.unitBatchPending(body.code, batch.batchNo));

  await tx.kysely
    .updateTable('stock_unit')
    .set({ outTime: clock.now, outDay: dayOf(clock.now, clock.timeZone), outUserName: caller.userName, outTerminalId: caller.terminalId })
    .where('id', '=', unit.id)
    .execute();
  await tx.kysely.updateTable('stock_batch').set((eb) => ({ outCount: eb('outCount', '+', 1) })).where('id', '=', batch.id).execute();
  await movement(tx, caller, 'OUT', batch.id, unit.codeId, null, body.clientId, clock.now);
  return {
    answer: { batchNo: batch.batchNo, unit: unitOf(scan), outTime: formatTime(clock.now, clock.timeZone) },
    taskId: scan.taskId,
  };
}
