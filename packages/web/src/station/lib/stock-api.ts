import {
  type SpotCheckAnswer,
  type StationBatch,
  STOCK_STATION_ENDPOINTS as STOCK,
  type StockInAnswer,
  type StockOutAnswer,
} from './contracts';
import { stationCall } from './station-api';

/*
 * A PDA's calls (PDA APP → 入库 · 抽检 · 出库), through the station's client: the
 * station token, the contracts' types, refusals as StationError('refused') with the
 * server's message (which names the unit), network failures as StationError('network').
 */

/** The PDA modes the signed-in user holds, and the terminal's line. */
export const fetchStockModes = (token: string) => stationCall(STOCK.stationStockModes, token);

/** The open batches of the terminal's line (one per product), with their counts. */
export const fetchOpenBatches = (token: string) => stationCall(STOCK.stationOpenBatches, token);

/** Closed batches to check: PENDING first, then the recently decided. */
export const fetchSpotCheckBatches = (token: string) => stationCall(STOCK.stationSpotCheckBatches, token);

/** One batch with its checks, by its number or by a unit of it. */
export const fetchSpotCheckBatch = (token: string, query: { batchNo: string } | { code: string }) => stationCall(STOCK.stationSpotCheckBatch, token, query);

/** This terminal's movements of today, newest first. */
export const fetchMovements = (token: string) => stationCall(STOCK.stationMovements, token);

/**
 * The PDA's writes, each with the clientId made when it was scanned: a resend (the
 * offline queue) is answered as the first time and never applied twice.
 */
export interface StockWriteBodies {
  in: { clientId: string; code: string };
  close: { clientId: string; batchNo: string };
  check: { clientId: string; batchNo: string; code: string; pass: boolean; defect: string | null };
  out: { clientId: string; code: string };
}

export interface StockWriteAnswers {
  in: StockInAnswer;
  close: StationBatch;
  check: SpotCheckAnswer;
  out: StockOutAnswer;
}

export type StockWriteKind = keyof StockWriteBodies;

/** One write as made and as queued: what it is and its body. */
export type StockWrite<K extends StockWriteKind = StockWriteKind> = { [P in K]: { kind: P; body: StockWriteBodies[P] } }[K];

const WRITES: { [K in StockWriteKind]: (token: string, body: StockWriteBodies[K]) => Promise<StockWriteAnswers[K]> } = {
  in: (token, body) => stationCall(STOCK.stationStockIn, token, body),
  close: (token, body) => stationCall(STOCK.stationCloseBatch, token, body),
  check: (token, body) => stationCall(STOCK.stationSpotCheckResult, token, body),
  out: (token, body) => stationCall(STOCK.stationStockOut, token, body),
};

export function sendStockWrite<K extends StockWriteKind>(token: string, write: { kind: K; body: StockWriteBodies[K] }): Promise<StockWriteAnswers[K]> {
  return WRITES[write.kind](token, write.body);
}

/** The unit or batch a write is about, as the operator knows it. */
export const subjectOf = (write: StockWrite): string => ('code' in write.body ? write.body.code : write.body.batchNo);
