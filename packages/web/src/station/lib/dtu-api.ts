import { type CallInput, DTU_STATION_ENDPOINTS as PAD, type StationDtuAssignment } from './contracts';
import { stationCall } from './station-api';

/* The parts-check calls of a PAD (PAD APP → 配件检测, DESIGN.md §9.4): its DTU task, a unit's scan, live state and result. */

export type DtuAssignment = NonNullable<StationDtuAssignment>;
export type DtuIdentity = DtuAssignment['dtu']['identity'];
export type DtuResultBody = CallInput<typeof PAD.stationDtuResult>;

/** A unit named by the DTU's identity: its IMEI, or its MAC for WIFI and bluetooth DTUs. */
export const unitOf = (identity: DtuIdentity, code: string) => (identity === 'IMEI' ? { imei: code } : { mac: code });

/** The unit's code in a body, whichever field names it. */
export const codeOfBody = (body: { imei?: string | null; mac?: string | null }) => body.imei ?? body.mac ?? '';

export const fetchDtuAssignment = (token: string) => stationCall(PAD.stationDtuAssignment, token);

/** The unit put on the fixture: started, resumed or (where duplicates are allowed) started over. */
export const scanDtuUnit = (token: string, identity: DtuIdentity, code: string) => stationCall(PAD.stationDtuScan, token, unitOf(identity, code));

/** The unit as it stands: each item's latest value and verdict. */
export const fetchDtuUnit = (token: string, identity: DtuIdentity, code: string) => stationCall(PAD.stationDtuUnit, token, unitOf(identity, code));

export const submitDtuResult = (token: string, body: DtuResultBody) => stationCall(PAD.stationDtuResult, token, body);
