import type { FlowResultStatus, StationDevice, TestStatus } from '@factory/contracts';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { StationCaller } from './station-auth.js';
import { checkedContext } from './station-result.js';

/**
 * 扫码校验: the unit of a scanned production code at the terminal's flow, through
 * the checks a result of it meets (checkedContext), so a code the result would
 * refuse is refused at the scan with the same message, before anything else is
 * scanned or typed. Reads only; a passed unit is answered (a retest is allowed),
 * the station app decides what to tell the worker.
 */
export async function deviceAtFlow(db: Db, caller: StationCaller, productionCode: string): Promise<StationDevice> {
  const at = await checkedContext(db.kysely, db.dialect, caller, productionCode, false, notFound);
  return {
    productionCode: at.code,
    latestStatus: at.latestStatus as FlowResultStatus | null,
    attempts: at.attempts ?? 0,
    sn: at.sn,
    mac: at.mac,
    imei: at.imei,
    deviceStatus: at.testStatus as TestStatus | null,
  };
}
