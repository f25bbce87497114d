import type { Kysely } from 'kysely';
import type { Db } from './db.js';
import type { Database } from './schema.js';

// Device tests of DTU tasks as both their writers read them: the station that
// judges a unit and the console that deletes a record (issue 17).

/** The task's counters from its records: tested = with a result, finished = passed. Answers the finished count. */
export async function recountTask(tx: Db, taskId: number): Promise<number> {
  const row = await tx.kysely
    .selectFrom('dtu_test')
    .select((eb) => [
      eb.fn.count<number>('dtu_test.testStatus').as('tested'),
      eb.fn.sum<number>(eb.case().when('dtu_test.testStatus', '=', 'PASS').then(1).else(0).end()).as('passed'),
    ])
    .where('dtu_test.taskId', '=', taskId)
    .executeTakeFirstOrThrow();
  const finishNumber = Number(row.passed ?? 0);
  await tx.kysely
    .updateTable('dtu_task')
    .set({ testedNumber: Number(row.tested), finishNumber })
    .where('id', '=', taskId)
    .execute();
  return finishNumber;
}

/** Which of the values (`code value`) another test of the DTU model holds. */
export async function claimsHeldElsewhere(
  db: Kysely<Database>,
  dtuId: number,
  testId: number,
  claims: readonly { code: string; value: string }[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await db
    .selectFrom('dtu_unique_value')
    .select(['code', 'value'])
    .where('dtuId', '=', dtuId)
    .where('testId', '<>', testId)
    .where('code', 'in', [...new Set(claims.map((claim) => claim.code))])
    .where('value', 'in', [...new Set(claims.map((claim) => claim.value))])
    .execute();
  return new Set(rows.map((row) => `${row.code} ${row.value}`));
}

/** The Excel row (major/minor) delivered to a unit, if any. */
export function excelRowOf(db: Kysely<Database>, testId: number) {
  return db.selectFrom('dtu_task_excel_row').select(['id', 'major', 'minor']).where('testId', '=', testId).executeTakeFirst();
}
