import { type Answer, type BodyIn, DTU_STATION_ENDPOINTS as PAD } from '@factory/contracts';
import { StationClient } from './station-client.js';

export type DtuAssignment = Answer<typeof PAD.stationDtuAssignment>;
export type DtuUnitView = Answer<typeof PAD.stationDtuUnit>;
export type DtuResultAnswer = Answer<typeof PAD.stationDtuResult>;
/** A unit named by its IMEI or its MAC, as the station's bodies name it. */
export type UnitRef = { imei: string } | { mac: string };
export type DtuResultBody = BodyIn<typeof PAD.stationDtuResult>;
export type DtuSampleBody = BodyIn<typeof PAD.stationDtuSample>;
export type DtuSampleAnswer = Answer<typeof PAD.stationDtuSample>;

/**
 * What a test bench needs of a PAD in 配件检测 mode (docs/api.md, DESIGN.md §9.4). A
 * refusal throws StationRefusal with the server's status and message; the bench's
 * tests fake this.
 */
export interface DtuPadApi {
  readonly terminalCode: string;
  dtuAssignment(): Promise<DtuAssignment>;
  /** a sampling terminal names the batch the unit is sampled in; a production PAD names none */
  scan(unit: UnitRef, batchId?: number): Promise<DtuUnitView>;
  unit(unit: UnitRef): Promise<DtuUnitView>;
  /** values read over the unit's serial link; the unit as it stands, or null when it is not under test */
  report(unit: UnitRef, content: Record<string, string | number | boolean>): Promise<DtuUnitView | null>;
  result(body: DtuResultBody): Promise<DtuResultAnswer>;
}

/** A sampling terminal (mode SAMPLING, docs/dtu-submission.md): a PAD that also records the other checks of a sample. */
export interface SamplingPadApi extends DtuPadApi {
  sample(body: DtuSampleBody): Promise<DtuSampleAnswer>;
}

/**
 * A PAD in parts-check mode speaking the station API: it signs in like any PAD (a user
 * holding PAD APP → 配件检测) and shares the station client's HTTP, backoff and
 * sign-in-again code. A result sent again after a network error, a timeout or a 5xx
 * carries the same clientResultId, which the server stores once.
 */
export class DtuPadClient extends StationClient implements SamplingPadApi {
  dtuAssignment(): Promise<DtuAssignment> {
    return this.call(PAD.stationDtuAssignment);
  }

  scan(unit: UnitRef, batchId?: number): Promise<DtuUnitView> {
    return this.call(PAD.stationDtuScan, batchId === undefined ? unit : { ...unit, batchId });
  }

  unit(unit: UnitRef): Promise<DtuUnitView> {
    return this.call(PAD.stationDtuUnit, unit);
  }

  report(unit: UnitRef, content: Record<string, string | number | boolean>): Promise<DtuUnitView | null> {
    return this.call(PAD.stationDtuReport, { ...unit, content });
  }

  result(body: DtuResultBody): Promise<DtuResultAnswer> {
    return this.call(PAD.stationDtuResult, body);
  }

  sample(body: DtuSampleBody): Promise<DtuSampleAnswer> {
    return this.call(PAD.stationDtuSample, body);
  }
}
