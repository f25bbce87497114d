import type { Kysely } from 'kysely';
import type { Db } from './db.js';
import { claimValueOf, type DtuTesting } from './dtu-testing.js';
import type { Database } from './schema.js';

// Device tests of DTU tasks as both their writers read them: the station that
// judges a unit and the console that deletes a record (issue 17).

/** The task's counters from its production records: tested = with a result, finished = passed. Answers the finished count. */
export async function recountTask(tx: Db, taskId: number): Promise<number> {
  const row = await tx.kysely
    .selectFrom('dtu_test')
    .select((eb) => [
      eb.fn.count<number>('dtu_test.testStatus').as('tested'),
      eb.fn.sum<number>(eb.case().when('dtu_test.testStatus', '=', 'PASS').then(1).else(0).end()).as('passed'),
    ])
    .where('dtu_test.taskId', '=', taskId)
    // production records only: samples of submitted batches (issue 18) count for their batch
    .where('dtu_test.sampleBatchId', '=', 0)
    .executeTakeFirstOrThrow();
  const finishNumber = Number(row.passed ?? 0);
  await tx.kysely
    .updateTable('dtu_task')
    .set({ testedNumber: Number(row.tested), finishNumber })
    .where('id', '=', taskId)
    .execute();
  return finishNumber;
}

/**
 * Which of a test's reported values another test of the DTU model holds: the values of its
 * automatic properties marked unique, read in one query. Answers whether a code's value is one.
 */
export async function uniqueValuesHeldElsewhere(
  db: Kysely<Database>,
  testing: DtuTesting,
  test: { dtuId: number; testId: number },
  values: readonly { kind: string; code: string; value: string | null }[],
): Promise<(code: string, value: string | null) => boolean> {
  const uniqueCodes = new Set(testing.auto.filter(({ property }) => property.unique).map(({ property }) => property.code));
  const claims = values
    .filter((row) => row.kind === 'AUTO' && uniqueCodes.has(row.code) && row.value !== null)
    .map((row) => ({ code: row.code, value: claimValueOf(row.value!) }));
  if (claims.length === 0) return () => false;
  const rows = await db
    .selectFrom('dtu_unique_value')
    .select(['code', 'value'])
    .where('dtuId', '=', test.dtuId)
    .where('testId', '<>', test.testId)
    .where('code', 'in', [...new Set(claims.map((claim) => claim.code))])
    .where('value', 'in', [...new Set(claims.map((claim) => claim.value))])
    .execute();
  const held = new Set(rows.map((row) => `${row.code} ${row.value}`));
  return (code, value) => uniqueCodes.has(code) && value !== null && held.has(`${code} ${claimValueOf(value)}`);
}

/** The Excel row (major/minor) delivered to a unit, if any. */
export function excelRowOf(db: Kysely<Database>, testId: number) {
  return db.selectFrom('dtu_task_excel_row').select(['id', 'major', 'minor']).where('testId', '=', testId).executeTakeFirst();
}
