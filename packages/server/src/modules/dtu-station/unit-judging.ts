import { DTU_TASK_MSG as M, type DtuTestStatus, type stationDtuResultBody, type UnitIdentity } from '@factory/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { unitCodeOf } from '../../platform/dtu-tasks.js';
import { type DtuTesting, SERVER_VERIFY } from '../../platform/dtu-testing.js';
import { badRequest } from '../../platform/errors.js';
import { type DtuTestRow, valuesOfTest } from './dtu-station.repository.js';

/* Judging a unit at the station, production and sample alike (DESIGN.md §9.6). */

export type ResultBody = z.output<typeof stationDtuResultBody>;

/**
 * The unit a body names, by the DTU's identity (IMEI or MAC); the other field,
 * when given too, is kept beside it (a THREE_2_ONE unit's Bluetooth MAC).
 */
export function unitOf(identity: UnitIdentity, body: { imei: string | null; mac: string | null }) {
  const own = identity === 'IMEI' ? body.imei : body.mac;
  const other = identity === 'IMEI' ? body.mac : body.imei;
  const code = unitCodeOf((own ?? other)!);
  const otherCode = own !== null && other !== null ? unitCodeOf(other) : '';
  return identity === 'IMEI' ? { code, imei: code, mac: otherCode } : { code, imei: otherCode, mac: code };
}

/**
 * What fails of a unit's DTU test (DESIGN.md §9.6), production or sample alike: every
 * tested automatic and serial property needs a passing latest value (SERVER_VERIFY is
 * stored as the record's value here), every key test a passing confirmation. Answers
 * the names of what failed and the record's values by `kind code`.
 */
export async function testFailures(tx: Db, test: DtuTestRow, testing: DtuTesting, body: ResultBody, now: number) {
  if (body.keyResults.some(({ code }) => !testing.keyTests.some((key) => key.code === code))) throw badRequest(M.keyResultsUnknown);
  const values = new Map((await valuesOfTest(tx.kysely, test.id)).map((row) => [`${row.kind} ${row.code}`, row]));
  const failures: string[] = [];
  const verified = test.serverVerified === 1;
  for (const { property } of testing.auto) {
    if (property.code === SERVER_VERIFY) {
      await storeServerVerify(tx, test.id, property, verified, now);
      if (!verified) failures.push(property.name);
    } else if (values.get(`AUTO ${property.code}`)?.pass !== 1) failures.push(property.name);
  }
  for (const { property } of testing.serial) {
    if (values.get(`SERIAL ${property.code}`)?.pass !== 1) failures.push(property.name);
  }
  for (const key of testing.keyTests) {
    const confirmed = body.keyResults.filter(({ code }) => code === key.code);
    if (confirmed.length === 0 || confirmed.some(({ pass }) => !pass)) failures.push(key.name);
  }
  return { failures, values };
}

/** Stores a unit's verdict on its record (PASS when nothing failed), with the result id that makes a resend answer it. */
export async function storeVerdict(
  tx: Db,
  testId: number,
  judged: { terminalId: number; accountId: number; body: ResultBody; failures: readonly string[]; now: number },
): Promise<DtuTestStatus> {
  const testStatus: DtuTestStatus = judged.failures.length === 0 ? 'PASS' : 'NOT_PASS';
  await tx.kysely
    .updateTable('dtu_test')
    .set({
      checkTime: judged.now,
      testStatus,
      clientResultId: judged.body.clientResultId,
      keyResults: JSON.stringify(judged.body.keyResults),
      failures: JSON.stringify(judged.failures),
      terminalId: judged.terminalId,
      testerId: judged.accountId,
    })
    .where('id', '=', testId)
    .execute();
  return testStatus;
}

/** Server verification as a value of the record, so its detail shows it as the other items. */
async function storeServerVerify(tx: Db, testId: number, property: DtuTesting['auto'][number]['property'], verified: boolean, now: number) {
  await tx.kysely
    .insertInto('dtu_test_value')
    .values({ testId, kind: 'AUTO', propertyId: property.id, code: property.code, name: property.name, value: String(verified), pass: verified ? 1 : 0, reportTime: now })
    .onConflict((conflict) =>
      conflict.columns(['testId', 'kind', 'code']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), pass: eb.ref('excluded.pass'), reportTime: eb.ref('excluded.reportTime') })),
    )
    .execute();
}
