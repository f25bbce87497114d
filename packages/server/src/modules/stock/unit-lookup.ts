import type { Kysely } from 'kysely';
import type { Database } from '../../platform/schema.js';

/** The codes a PDA may scan to name a unit, besides its production code. */
const SCANNED = ['sn', 'mac', 'imei'] as const;

function unitsWithTask(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('production_code')
    .innerJoin('task', 'task.id', 'production_code.taskId')
    .select([
      'production_code.id as codeId',
      'production_code.code',
      'production_code.sn',
      'production_code.mac',
      'production_code.imei',
      'production_code.testStatus',
      'production_code.lastTestTime',
      'task.id as taskId',
      'task.productId',
      'task.productNumber',
    ])
    .where('task.ownerId', '=', ownerId);
}

export type ScannedUnit = NonNullable<Awaited<ReturnType<typeof findUnitByScan>>>;

/**
 * The unit a PDA scanned, of the terminal's account: by production code (unique),
 * else by SN, MAC or IMEI. Those are unique within a task only (indexed after
 * taskId), so each is probed over the account's tasks; when a code names units of
 * several tasks (a unit rebuilt under a later task), the one that passed and was
 * tested last is the unit in hand.
 */
export async function findUnitByScan(db: Kysely<Database>, ownerId: number, scan: string) {
  const byCode = await unitsWithTask(db, ownerId).where('production_code.code', '=', scan).executeTakeFirst();
  if (byCode) return byCode;
  const tasks = db.selectFrom('task').select('task.id').where('task.ownerId', '=', ownerId);
  const found = [];
  for (const column of SCANNED) {
    found.push(
      ...(await unitsWithTask(db, ownerId)
        .where('production_code.taskId', 'in', tasks)
        .where(`production_code.${column}`, '=', scan)
        .limit(20)
        .execute()),
    );
  }
  found.sort(
    (a, b) =>
      Number(b.testStatus === 'PASS') - Number(a.testStatus === 'PASS') ||
      (b.lastTestTime ?? 0) - (a.lastTestTime ?? 0) ||
      b.codeId - a.codeId,
  );
  return found[0];
}
