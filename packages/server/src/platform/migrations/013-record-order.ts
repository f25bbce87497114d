import type { Kysely } from 'kysely';

/**
 * Issue 13: records are listed newest first test first, the time their list
 * shows (createTime), with the id breaking ties so paging is stable. The index
 * serves that order within a task (and the first-test date filter, and "tested
 * at all" as firstTestTime is not null), so a page reads its rows straight off
 * the index at a million devices instead of sorting a task's devices.
 *
 * It replaces (taskId, lastTestTime), which only the records list read: that
 * column changes with every station result, so its index cost a write per
 * result (and kept PostgreSQL from updating the device row in place), while
 * firstTestTime is written once per device.
 */
export function recordOrderMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex('production_code_first_test').on('production_code').columns(['taskId', 'firstTestTime', 'id']).execute();
      await db.schema.dropIndex('production_code_tested').execute();
    },
  };
}
