import type { BatchPlan, BatchVerdict, InspectionLevel, InspectionSeverity, StationBatch, StationCheck, StockBatch, StockBatchStatus, StockRecord } from '@factory/contracts';
import { formatTime } from '../../platform/time.js';
import type { BatchRow } from './batch.repository.js';
import type { UnitRow } from './stock-unit.repository.js';

/* Stored rows as the console and the PDA are answered them (times in the factory's zone). */

const timeOrNull = (at: number | null, timeZone: string) => (at === null ? null : formatTime(at, timeZone));

export function planOf(batch: BatchRow): BatchPlan {
  return {
    inspectionLevel: batch.inspectionLevel as InspectionLevel | null,
    aql: batch.aql,
    lotSize: batch.lotSize,
    codeLetter: batch.codeLetter,
    sampleSize: batch.sampleSize,
    acceptNumber: batch.acceptNumber,
    rejectNumber: batch.rejectNumber,
    severity: batch.severity as InspectionSeverity,
    checkedCount: batch.checkedCount,
    defectCount: batch.defectCount,
    verdict: batch.verdict as BatchVerdict,
  };
}

export function consoleBatch(batch: BatchRow, timeZone: string): StockBatch {
  return {
    ...planOf(batch),
    id: batch.id,
    batchId: batch.batchNo,
    productId: batch.productId,
    productNumber: batch.productNumber,
    lineName: batch.lineName,
    count: batch.count,
    status: batch.status as StockBatchStatus,
    stockTime: formatTime(batch.createTime, timeZone),
    closeTime: timeOrNull(batch.closeTime, timeZone),
    stockOperator: batch.stockUserName,
    checkTime: timeOrNull(batch.checkTime, timeZone),
    operator: batch.checkUserName,
    decidedTime: timeOrNull(batch.decidedTime, timeZone),
    outCount: batch.outCount,
  };
}

export function stationBatch(batch: BatchRow, timeZone: string): StationBatch {
  return {
    ...planOf(batch),
    id: batch.id,
    batchNo: batch.batchNo,
    productNumber: batch.productNumber,
    lineName: batch.lineName,
    count: batch.count,
    status: batch.status as StockBatchStatus,
    stockTime: formatTime(batch.createTime, timeZone),
  };
}

const checkPassOf = (value: number | null) => (value === null ? null : value === 1);

export function unitCheck(unit: UnitRow, timeZone: string) {
  return {
    ifCheck: unit.checkPass !== null,
    checkPass: checkPassOf(unit.checkPass),
    defect: unit.defect,
    operator: unit.checkUserName,
    randomCheckTime: timeOrNull(unit.checkTime, timeZone),
  };
}

export function consoleRecord(unit: UnitRow, timeZone: string): StockRecord {
  return {
    id: unit.id,
    sn: unit.sn,
    produceCode: unit.produceCode,
    imei: unit.imei,
    mac: unit.mac,
    stockTime: formatTime(unit.inTime, timeZone),
    outTime: timeOrNull(unit.outTime, timeZone),
    ...unitCheck(unit, timeZone),
  };
}

/** A checked unit as the PDA lists it (only called for checked units). */
export function stationCheck(unit: UnitRow, timeZone: string): StationCheck {
  return {
    produceCode: unit.produceCode,
    sn: unit.sn,
    checkPass: unit.checkPass === 1,
    defect: unit.defect,
    checkTime: formatTime(unit.checkTime ?? unit.inTime, timeZone),
    operator: unit.checkUserName ?? '',
  };
}
