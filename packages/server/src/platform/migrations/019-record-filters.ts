import type { Kysely } from 'kysely';

/**
 * Issue 19: the records list filtered by test status (合格 / 不合格) read every
 * tested device of the task along (taskId, firstTestTime, id) and checked its
 * status row by row, to count them and to find a page. This index holds a
 * task's devices of one status in the list's order (newest first test first,
 * the id breaking ties), so a status page, its keyset cursor, a first-test date
 * range within a status and the capped count are each one index range.
 *
 * The unfiltered list and the date range keep production_code_first_test
 * (migration 013); SN, MAC and IMEI searches keep their (taskId, column)
 * indexes (migration 006). testStatus changes with a unit's verdict (a few
 * times per unit, not with every result), so the index costs little at ingest.
 */
export function recordFiltersMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex('production_code_status').on('production_code').columns(['taskId', 'testStatus', 'firstTestTime', 'id']).execute();
    },
  };
}
