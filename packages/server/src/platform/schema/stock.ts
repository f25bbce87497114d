import type { Generated } from 'kysely';

/* Finished goods: stock batches, the units in them and every movement (migration 014). */

export interface StockBatchTable {
  id: Generated<number>;
  ownerId: number;
  batchNo: string;
  productId: number;
  productNumber: string;
  lineId: number;
  lineName: string;
  /** STOCK_BATCH_STATUSES */
  status: string;
  count: Generated<number>;
  createTime: number;
  stockDay: string;
  stockUserName: string;
  closeTime: number | null;
  inspectionLevel: string | null;
  aql: number | null;
  lotSize: number | null;
  codeLetter: string | null;
  sampleSize: number | null;
  acceptNumber: number | null;
  rejectNumber: number | null;
  /** INSPECTION_SEVERITIES: the table its plan was drawn from (migration 015) */
  severity: Generated<string>;
  checkedCount: Generated<number>;
  defectCount: Generated<number>;
  recheckCount: Generated<number>;
  /** BATCH_VERDICTS */
  verdict: Generated<string>;
  decidedTime: number | null;
  checkTime: number | null;
  checkUserName: string | null;
  outCount: Generated<number>;
}

export interface StockUnitTable {
  id: Generated<number>;
  batchId: number;
  codeId: number;
  ownerId: number;
  productId: number;
  inTime: number;
  inUserName: string;
  inTerminalId: number | null;
  checkPass: number | null;
  defect: string | null;
  checkTime: number | null;
  checkUserName: string | null;
  outTime: number | null;
  outDay: string | null;
  outUserName: string | null;
  outTerminalId: number | null;
}

export interface StockMovementTable {
  id: Generated<number>;
  ownerId: number;
  /** STOCK_MOVEMENT_KINDS */
  kind: string;
  batchId: number;
  codeId: number | null;
  checkPass: number | null;
  terminalId: number | null;
  accountId: number | null;
  userName: string;
  clientId: string | null;
  createTime: number;
}
