import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db.js';

/**
 * Scope of station data (issue 12, findings 7 and 13).
 *
 * A result's clientResultId is unique per terminal, not across terminals: the id
 * is the station's own, and a retry is answered with the stored verdict only for
 * the terminal that stored it. Unique everywhere, another terminal sending the
 * id was answered that terminal's verdict.
 *
 * The dashboard's day rows (daily_output) are kept per task as well, so that a
 * user tied to some lines reads the days of the tasks it sees, still from the
 * rollup. Rows stored before this migration belong to no known task (taskId 0):
 * they stay in the account's figures, and no line's.
 */
export function scopeStationMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      if (dialect === 'postgres') {
        await db.schema.alterTable('flow_result').dropConstraint('flow_result_clientResultId_key').execute();
        await db.schema.alterTable('daily_output').addColumn('taskId', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('daily_output').alterColumn('taskId', (c) => c.dropDefault()).execute();
        await db.schema.alterTable('daily_output').dropConstraint('daily_output_pk').execute();
        await db.schema.alterTable('daily_output').addPrimaryKeyConstraint('daily_output_pk', ['ownerId', 'day', 'taskId', 'shard']).execute();
        await uniquePerTerminal(db);
        return;
      }
      // SQLite can drop neither a column's unique constraint nor a primary key: both tables are
      // made anew and copied, in one transaction (SQLite's migrations run outside one).
      await db.transaction().execute(async (trx) => {
        await rebuildFlowResultWithoutUnique(trx);
        await uniquePerTerminal(trx);
        await rebuildDailyOutputWithTask(trx);
      });
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function uniquePerTerminal(db: Kysely<any>): Promise<void> {
  // Terminal first: a retry's lookup names both. A result of a deleted terminal (null) clashes with none.
  await db.schema.createIndex('flow_result_terminal_client').on('flow_result').columns(['terminalId', 'clientResultId']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function rebuildFlowResultWithoutUnique(db: Kysely<any>): Promise<void> {
  // The table's own text (with whatever columns later migrations added), less the unique
  // constraint: SQLite's documented way to change a table it cannot alter.
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'flow_result'`.execute(db);
  const unique = '"clientResultId" varchar(64) not null unique';
  const text = table.rows[0]?.sql ?? '';
  if (!text.includes(unique)) throw new Error(`flow_result is not as migration 006 made it: ${text}`);
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'flow_result' and sql is not null`.execute(db);
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'flow_result'`.execute(db);

  await sql.raw(text.replace(unique, '"clientResultId" varchar(64) not null').replace(/^CREATE TABLE "flow_result"/i, 'create table "flow_result_next"')).execute(db);
  await sql`insert into flow_result_next select * from flow_result`.execute(db);
  await db.schema.dropTable('flow_result').execute();
  await db.schema.alterTable('flow_result_next').renameTo('flow_result').execute();
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
  // Copying sets the id sequence to the highest id kept; ids of results deleted since are not given again.
  const seq = sequence.rows[0]?.seq;
  if (seq !== undefined) await sql`update sqlite_sequence set seq = ${seq} where name = 'flow_result' and seq < ${seq}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function rebuildDailyOutputWithTask(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('daily_output_next')
    .addColumn('ownerId', 'integer', (c) => c.notNull())
    /** YYYY-MM-DD in the factory's time zone */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    /** the task whose results the row counts (0: stored before rows had a task) */
    .addColumn('taskId', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('produced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('onePassUnits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failedUnits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_output_pk', ['ownerId', 'day', 'taskId', 'shard'])
    .execute();
  await sql`insert into daily_output_next ("ownerId", "day", "taskId", "shard", "produced", "tested", "onePassUnits", "failedUnits")
    select "ownerId", "day", 0, "shard", "produced", "tested", "onePassUnits", "failedUnits" from daily_output`.execute(db);
  await db.schema.dropTable('daily_output').execute();
  await db.schema.alterTable('daily_output_next').renameTo('daily_output').execute();
  await db.schema.createIndex('daily_output_day').on('daily_output').column('day').execute();
}
