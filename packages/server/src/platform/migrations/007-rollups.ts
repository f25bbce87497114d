import type { Kysely } from 'kysely';

/**
 * Records, boards and dashboard (issue 7): the counters every station result
 * adds to in its own write, so that no board or dashboard call reads result
 * history (DESIGN.md §5, §7; the figures are defined in docs/metrics.md). Rows
 * are split by terminal (or a shard of it), like flow_counter, so stations do
 * not queue on one another's row. Results stored before this migration are not
 * counted in the new columns and tables (there were no deployments yet).
 */
export function rollupMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      /** 1 once the device was retested at a flow where its latest result had failed (返修) */
      await db.schema.alterTable('production_code').addColumn('repaired', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      // Unit-level events, counted in the row of the flow and terminal where they happened; the task's figure is the
      // sum over its flows. A unit is "decided" once: when it first fails (failedUnits) or when it reaches PASS
      // never having failed (onePassUnits).
      for (const column of ['testedUnits', 'repairUnits', 'onePassUnits', 'failedUnits', 'firstCount', 'firstPassCount']) {
        await db.schema.alterTable('flow_counter').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
      }

      // Failed check items (problem distribution): one row per flow, terminal and item.
      await db.schema
        .createTable('item_failure')
        .addColumn('taskFlowId', 'integer', (c) => c.notNull().references('task_flow.id').onDelete('cascade'))
        .addColumn('terminalId', 'integer', (c) => c.notNull())
        /** auto (task_flow_item) or manual (task_flow_manual_item) */
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('itemId', 'integer', (c) => c.notNull())
        .addColumn('failCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('item_failure_pk', ['taskFlowId', 'terminalId', 'kind', 'itemId'])
        .execute();

      // Each flow's first attempts and units finished per five minutes: the one-pass curve and the pace of the last hour.
      await db.schema
        .createTable('task_bucket')
        .addColumn('taskFlowId', 'integer', (c) => c.notNull().references('task_flow.id').onDelete('cascade'))
        /** epoch ms of the bucket's start, a multiple of five minutes */
        .addColumn('bucketStart', 'bigint', (c) => c.notNull())
        .addColumn('terminalId', 'integer', (c) => c.notNull())
        /** units finished at the task's last flow (0 at the others) */
        .addColumn('produced', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('firstCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('firstPassCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('task_bucket_pk', ['taskFlowId', 'bucketStart', 'terminalId'])
        .execute();

      // An account's units per factory day (the dashboard): sixteen shards a day, by terminal.
      await db.schema
        .createTable('daily_output')
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        /** YYYY-MM-DD in the factory's time zone */
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('produced', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('onePassUnits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failedUnits', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('daily_output_pk', ['ownerId', 'day', 'shard'])
        .execute();
      // The platform administrator's dashboard reads every account's days: by day, not a scan of every account.
      await db.schema.createIndex('daily_output_day').on('daily_output').column('day').execute();
    },
  };
}
