import { type Answer, STOCK_STATION_ENDPOINTS as PDA } from '@factory/contracts';
import { StationClient } from './station-client.js';

export type StockInAnswer = Answer<typeof PDA.stationStockIn>;
export type CloseBatchAnswer = Answer<typeof PDA.stationCloseBatch>;
export type SpotCheckAnswer = Answer<typeof PDA.stationSpotCheckResult>;
export type StockOutAnswer = Answer<typeof PDA.stationStockOut>;
export type PdaBatch = Answer<typeof PDA.stationSpotCheckBatch>;
export type PdaBatchRow = Answer<typeof PDA.stationSpotCheckBatches>[number];

/** One spot check as the inspector records it: 不合格 carries its defect note. */
export interface SpotCheckInput {
  batchNo: string;
  code: string;
  pass: boolean;
  defect: string | null;
}

/**
 * What the warehouse needs of a PDA (docs/api.md "Finished goods"). Every write takes
 * the clientId the warehouse made once for that scan; a refusal throws StationRefusal
 * with the server's status and message. The warehouse's tests fake this.
 */
export interface PdaApi {
  stockIn(code: string, clientId: string): Promise<StockInAnswer>;
  closeBatch(batchNo: string, clientId: string): Promise<CloseBatchAnswer>;
  spotCheck(check: SpotCheckInput, clientId: string): Promise<SpotCheckAnswer>;
  stockOut(code: string, clientId: string): Promise<StockOutAnswer>;
  /** a batch with its plan, progress and checked units */
  batch(batchNo: string): Promise<PdaBatch>;
  /** closed batches still 待抽检 (oldest first), then the latest decided */
  batchesToCheck(): Promise<PdaBatchRow[]>;
}

/**
 * A PDA (手持机) speaking the station API: it signs in like a PAD (terminal, user with
 * a PDA APP menu) and shares the station client's HTTP, backoff and sign-in-again
 * code. A write sent again after a network error, a timeout or a 5xx carries the same
 * body, so the same clientId: the server applies that scan once and answers a repeat
 * as the first time.
 */
export class PdaClient extends StationClient implements PdaApi {
  stockIn(code: string, clientId: string): Promise<StockInAnswer> {
    return this.call(PDA.stationStockIn, { code, clientId });
  }

  closeBatch(batchNo: string, clientId: string): Promise<CloseBatchAnswer> {
    return this.call(PDA.stationCloseBatch, { batchNo, clientId });
  }

  spotCheck(check: SpotCheckInput, clientId: string): Promise<SpotCheckAnswer> {
    return this.call(PDA.stationSpotCheckResult, { ...check, clientId });
  }

  stockOut(code: string, clientId: string): Promise<StockOutAnswer> {
    return this.call(PDA.stationStockOut, { code, clientId });
  }

  batch(batchNo: string): Promise<PdaBatch> {
    return this.call(PDA.stationSpotCheckBatch, { batchNo });
  }

  batchesToCheck(): Promise<PdaBatchRow[]> {
    return this.call(PDA.stationSpotCheckBatches);
  }

  /** The PDA modes the signed-in user holds, and the terminal's line. */
  modes(): Promise<Answer<typeof PDA.stationStockModes>> {
    return this.call(PDA.stationStockModes);
  }
}
