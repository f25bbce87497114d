// Test data of the stock pages (imported by their *.test.tsx only).
import type { OutputRecord, StockBatch, StockRecord, StockRecordDetail } from '@factory/contracts';
import { NO_PLAN } from '../../test/batch-plan-fixtures';

/** A closed batch of 20 units on plan n=5 Ac=0 Re=1, not yet checked. */
export function batchOf(fields: Partial<StockBatch> & Pick<StockBatch, 'id'>): StockBatch {
  return {
    batchId: `PC2026030${fields.id}`,
    productId: 3,
    productNumber: 'HM-100',
    lineName: '总装一线',
    count: 20,
    status: 'CLOSED',
    stockTime: '2026-03-02 09:00:00',
    closeTime: '2026-03-02 11:00:00',
    stockOperator: 'pda_wang',
    checkTime: null,
    operator: null,
    decidedTime: null,
    outCount: 0,
    inspectionLevel: 'II',
    aql: 1,
    lotSize: 20,
    codeLetter: 'C',
    sampleSize: 5,
    acceptNumber: 0,
    rejectNumber: 1,
    severity: 'NORMAL',
    checkedCount: 0,
    defectCount: 0,
    verdict: 'PENDING',
    ...fields,
  };
}

/** A batch still taking units: no plan yet. */
export const openBatchOf = (fields: Partial<StockBatch> & Pick<StockBatch, 'id'>) => batchOf({ status: 'OPEN', closeTime: null, ...NO_PLAN, ...fields });

/** A unit in stock: stocked in on the day of batchOf, neither checked nor shipped. */
const IN_STOCK = {
  imei: null,
  mac: null,
  stockTime: '2026-03-02 09:00:00',
  outTime: null,
  ifCheck: false,
  checkPass: null,
  defect: null,
  operator: null,
  randomCheckTime: null,
} satisfies Partial<StockRecord> & Partial<StockRecordDetail>;

export function unitOf(fields: Partial<StockRecord> & Pick<StockRecord, 'id'>): StockRecord {
  return {
    sn: `SN-${fields.id}`,
    produceCode: `P0${fields.id}`,
    ...IN_STOCK,
    ...fields,
  };
}

export function unitDetailOf(fields: Partial<StockRecordDetail> = {}): StockRecordDetail {
  return {
    produceCode: 'P01',
    sn: 'SN-1',
    productNumber: 'HM-100',
    batchNo: 'PC20260301',
    ...IN_STOCK,
    produceTestItems: [],
    ...fields,
  };
}

export function outputOf(fields: Partial<OutputRecord> & Pick<OutputRecord, 'id'>): OutputRecord {
  return {
    sn: `SN-${fields.id}`,
    produceCode: `P0${fields.id}`,
    productNumber: 'HM-100',
    batchNo: 'PC20260301',
    outPutTime: '2026-03-03 15:00:00',
    operator: 'pda_zhao',
    ...fields,
  };
}

/** The product models of the filters: id → name. */
export const PRODUCT_MODELS = { '3': 'HM-100', '4': 'HM-200' };

