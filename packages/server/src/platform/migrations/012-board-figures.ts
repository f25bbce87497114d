import type { Kysely } from 'kysely';

/**
 * Issue 13: the pace of a flow (realSpeed, the board's 生产节拍) is the span its tests
 * took over their number, read from the five-minute buckets rather than from result
 * history: each bucket now counts every result at its flow and keeps the earliest
 * start and the latest end among them. Buckets written before this have no span
 * (null) and count no tests; they age out of the hour the pace reads.
 */
export function boardFiguresMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      await db.schema.alterTable('task_bucket').addColumn('testCount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('task_bucket').addColumn('firstStart', 'bigint').execute();
      await db.schema.alterTable('task_bucket').addColumn('lastEnd', 'bigint').execute();
    },
  };
}
