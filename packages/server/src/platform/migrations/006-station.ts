import type { Kysely } from 'kysely';
import type { Dialect } from '../db.js';
import { withId } from './id-column.js';

/**
 * Stations (issue 6): their sessions, every result a station reports, and the
 * state of each device that the records, boards and dashboards read instead of
 * scanning history (DESIGN.md §5, §7).
 */
export function stationMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('station_session')
        /** sha-256 of the station token */
        .addColumn('tokenHash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('terminalId', 'integer', (c) => c.notNull().references('terminal.id').onDelete('cascade'))
        .addColumn('accountId', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .addColumn('lastSeenAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('station_session_terminal').on('station_session').column('terminalId').execute();

      // What a device is, beyond its code: what stations scanned and where its tests stand.
      await db.schema.alterTable('production_code').addColumn('sn', 'varchar(64)').execute();
      await db.schema.alterTable('production_code').addColumn('mac', 'varchar(64)').execute();
      await db.schema.alterTable('production_code').addColumn('imei', 'varchar(64)').execute();
      /** PASS, NOT_PASS, or null while flows remain untested */
      await db.schema.alterTable('production_code').addColumn('testStatus', 'varchar(8)').execute();
      /** flows whose latest result passed / failed */
      await db.schema.alterTable('production_code').addColumn('passedFlows', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('production_code').addColumn('failedFlows', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      /** 1 once any result of the device failed: it can no longer pass at the first attempt (one-pass rate) */
      await db.schema.alterTable('production_code').addColumn('everFailed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('production_code').addColumn('resultCount', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('production_code').addColumn('firstTestTime', 'bigint').execute();
      await db.schema.alterTable('production_code').addColumn('lastTestTime', 'bigint').execute();
      // Within a task a MAC, SN or IMEI names one device (NULLs never clash in either dialect).
      await db.schema.createIndex('production_code_mac').on('production_code').columns(['taskId', 'mac']).unique().execute();
      await db.schema.createIndex('production_code_sn').on('production_code').columns(['taskId', 'sn']).unique().execute();
      await db.schema.createIndex('production_code_imei').on('production_code').columns(['taskId', 'imei']).unique().execute();
      await db.schema.createIndex('production_code_tested').on('production_code').columns(['taskId', 'lastTestTime']).execute();

      await withId(db.schema.createTable('flow_result'), dialect)
        .addColumn('clientResultId', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('taskId', 'integer', (c) => c.notNull().references('task.id').onDelete('cascade'))
        .addColumn('taskFlowId', 'integer', (c) => c.notNull().references('task_flow.id').onDelete('cascade'))
        .addColumn('flowSequence', 'integer', (c) => c.notNull())
        .addColumn('codeId', 'integer', (c) => c.notNull().references('production_code.id').onDelete('cascade'))
        .addColumn('terminalId', 'integer', (c) => c.references('terminal.id').onDelete('set null'))
        .addColumn('accountId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        /** the tester's name at the time (accounts can be deleted) */
        .addColumn('userName', 'varchar(128)', (c) => c.notNull())
        /** TEST_SUCCESS or TEST_ERROR */
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        /** 1 for the device's first result at this flow, 2 for the first retest … */
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('startTime', 'bigint', (c) => c.notNull())
        .addColumn('endTime', 'bigint', (c) => c.notNull())
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        /** JSON: [{itemId, name, value, standard, result}] with the standard used, copied */
        .addColumn('autoResults', 'text', (c) => c.notNull())
        /** JSON: [{itemId, name, pass}] */
        .addColumn('manualResults', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('flow_result_device').on('flow_result').columns(['codeId', 'taskFlowId', 'id']).execute();
      await db.schema.createIndex('flow_result_flow_time').on('flow_result').columns(['taskFlowId', 'endTime']).execute();
      await db.schema.createIndex('flow_result_terminal_time').on('flow_result').columns(['terminalId', 'createTime']).execute();
      await db.schema.createIndex('flow_result_task_time').on('flow_result').columns(['taskId', 'createTime']).execute();

      // The latest result of each device at each flow: what flow order, records and counters read.
      await db.schema
        .createTable('device_flow')
        .addColumn('codeId', 'integer', (c) => c.notNull().references('production_code.id').onDelete('cascade'))
        .addColumn('taskFlowId', 'integer', (c) => c.notNull().references('task_flow.id').onDelete('cascade'))
        .addColumn('latestResultId', 'integer', (c) => c.notNull())
        .addColumn('latestStatus', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('device_flow_pk', ['codeId', 'taskFlowId'])
        .execute();

      // The counters of a flow, one row per terminal at it: every result updates its own terminal's
      // row, so stations at one flow never wait on each other's row lock until commit (the one row of
      // task_flow held every result at a flow to one commit at a time on PostgreSQL, DESIGN.md §7).
      // A flow's counters are the sum of its rows, the task's finished units that of its last flow.
      await db.schema
        .createTable('flow_counter')
        .addColumn('taskFlowId', 'integer', (c) => c.notNull().references('task_flow.id').onDelete('cascade'))
        /** no foreign key: a terminal deleted later must not take its counts with it */
        .addColumn('terminalId', 'integer', (c) => c.notNull())
        .addColumn('totalCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failCount', 'integer', (c) => c.notNull().defaultTo(0))
        /** devices whose latest result at the flow passed, counted where that result was submitted */
        .addColumn('finishNumber', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('flow_counter_pk', ['taskFlowId', 'terminalId'])
        .execute();
      // Issue 5 kept these as single rows nothing wrote yet; flow_counter replaces them.
      for (const column of ['finishNumber', 'totalCount', 'failCount']) {
        await db.schema.alterTable('task_flow').dropColumn(column).execute();
      }
      await db.schema.alterTable('task').dropColumn('finishNumber').execute();
    },
  };
}
