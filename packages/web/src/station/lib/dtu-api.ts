import { type CallInput, DTU_STATION_ENDPOINTS as PAD, type StationDtuAssignment } from './contracts';
import { stationCall } from './station-api';

/*
 * The parts-check calls of a PAD (PAD APP → 配件检测, DESIGN.md §9.4): its DTU task, a unit's scan, live state and
 * result; a sampling terminal also sends each sample's other (manual) checks.
 */

export type DtuAssignment = NonNullable<StationDtuAssignment>;
export type DtuIdentity = DtuAssignment['dtu']['identity'];
export type DtuResultBody = CallInput<typeof PAD.stationDtuResult>;
export type DtuSampleBody = CallInput<typeof PAD.stationDtuSample>;
/** A batch a sampling terminal samples, as the assignment lists it. */
export type DtuSamplingBatch = DtuAssignment['batches'][number];
export type DtuOtherProp = DtuAssignment['otherProps'][number];

/** A unit named by the DTU's identity: its IMEI, or its MAC for WIFI and bluetooth DTUs. */
export const unitOf = (identity: DtuIdentity, code: string) => (identity === 'IMEI' ? { imei: code } : { mac: code });

/** The unit's code in a body, whichever field names it. */
export const codeOfBody = (body: { imei?: string | null; mac?: string | null }) => body.imei ?? body.mac ?? '';

export const fetchDtuAssignment = (token: string) => stationCall(PAD.stationDtuAssignment, token);

/**
 * The unit put on the fixture: started, resumed or (where duplicates are allowed) started over.
 * A sampling terminal names the batch it samples; a production PAD sends no batchId at all.
 */
export const scanDtuUnit = (token: string, identity: DtuIdentity, code: string, batchId?: number) =>
  stationCall(PAD.stationDtuScan, token, batchId === undefined ? unitOf(identity, code) : { ...unitOf(identity, code), batchId });

/** The unit as it stands: each item's latest value and verdict. */
export const fetchDtuUnit = (token: string, identity: DtuIdentity, code: string) => stationCall(PAD.stationDtuUnit, token, unitOf(identity, code));

export const submitDtuResult = (token: string, body: DtuResultBody) => stationCall(PAD.stationDtuResult, token, body);

/** A sample's other checks, each with its measured value (sent again, a property's result is replaced). */
export const submitDtuSample = (token: string, body: DtuSampleBody) => stationCall(PAD.stationDtuSample, token, body);
