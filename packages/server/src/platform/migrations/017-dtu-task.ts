import type { Kysely } from 'kysely';
import type { Dialect } from '../db.js';
import { withId } from './id-column.js';

/**
 * Issue 17: DTU tasks and DTU testing (DESIGN.md §9.3, §9.4). A task tests units of
 * one DTU model on a line; its PADs are terminals in parts-check status (3) whose
 * `partsRole` says how they serve it. Each unit under test is a dtu_test row with
 * its values (dtu_test_value); values that must be unique (the unit's IMEI/MAC, a
 * property marked unique) are claimed in dtu_unique_value, whose unique index is
 * what refuses a duplicate even when two PADs post at once. Every raw report is
 * kept in dtu_report (the check log), append-only.
 */
export function dtuTaskMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('dtu_task'), dialect)
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        .addColumn('creatorId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        .addColumn('dtuId', 'integer', (c) => c.notNull().references('dtu.id'))
        /** the task's name (a rework task: the accessory model) */
        .addColumn('fittingType', 'varchar(18)', (c) => c.notNull())
        .addColumn('reworkTask', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('productLineId', 'integer', (c) => c.notNull().references('production_line.id'))
        /** 目标客户: the line that will use the DTUs */
        .addColumn('aimLineId', 'integer', (c) => c.notNull().references('production_line.id'))
        .addColumn('expireTime', 'bigint')
        .addColumn('productionNumber', 'integer', (c) => c.notNull())
        /** units whose latest result passed */
        .addColumn('finishNumber', 'integer', (c) => c.notNull().defaultTo(0))
        /** units with a result */
        .addColumn('testedNumber', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(8)', (c) => c.notNull())
        .addColumn('duplicateEnable', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('needExcel', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('excelFileId', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
        .addColumn('testFirmwareVersion', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        /** set when the firmware version changes after a submission (no sampling then, issue 18) */
        .addColumn('firmwareChangeTime', 'bigint')
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .addColumn('updateTime', 'bigint', (c) => c.notNull())
        .addColumn('startTime', 'bigint')
        .addColumn('finishTime', 'bigint')
        /** deleted tasks leave the lists; their records and check log stay */
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('dtu_task_dtu').on('dtu_task').columns(['dtuId', 'reworkTask', 'deleted', 'id']).execute();

      // How a parts-check terminal (status 3, taskId = the DTU task) serves it: PAD, SERIAL, or CHECK (sampling, issue 18).
      await db.schema.alterTable('terminal').addColumn('partsRole', 'varchar(8)').execute();

      await withId(db.schema.createTable('dtu_task_excel_row'), dialect)
        .addColumn('taskId', 'integer', (c) => c.notNull().references('dtu_task.id').onDelete('cascade'))
        .addColumn('rowNo', 'integer', (c) => c.notNull())
        .addColumn('major', 'integer', (c) => c.notNull())
        .addColumn('minor', 'integer', (c) => c.notNull())
        /** the unit it was delivered to */
        .addColumn('testId', 'integer')
        .execute();
      await db.schema.createIndex('dtu_task_excel_row_no').on('dtu_task_excel_row').columns(['taskId', 'rowNo']).unique().execute();
      await db.schema.createIndex('dtu_task_excel_row_free').on('dtu_task_excel_row').columns(['taskId', 'testId', 'rowNo']).execute();

      await withId(db.schema.createTable('dtu_test'), dialect)
        .addColumn('taskId', 'integer', (c) => c.notNull().references('dtu_task.id'))
        .addColumn('dtuId', 'integer', (c) => c.notNull())
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        /** the IMEI or MAC the unit was scanned by (upper case): one record per unit per task */
        .addColumn('unitCode', 'varchar(64)', (c) => c.notNull())
        .addColumn('imei', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('mac', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('terminalId', 'integer')
        .addColumn('testerId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        .addColumn('startTime', 'bigint', (c) => c.notNull())
        .addColumn('checkTime', 'bigint')
        /** null while under test, then PASS or NOT_PASS */
        .addColumn('testStatus', 'varchar(8)')
        .addColumn('manageStatus', 'varchar(8)', (c) => c.notNull().defaultTo('UNSUBMIT'))
        .addColumn('submitBatchId', 'integer')
        .addColumn('clientResultId', 'varchar(64)')
        /** 1 once a report of its own came over MQTT during its test */
        .addColumn('serverVerified', 'integer', (c) => c.notNull().defaultTo(0))
        /** JSON: the key tests as confirmed [{code, pass}] */
        .addColumn('keyResults', 'text')
        /** JSON: names of the failed items */
        .addColumn('failures', 'text')
        .execute();
      await db.schema.createIndex('dtu_test_unit').on('dtu_test').columns(['taskId', 'unitCode']).unique().execute();
      await db.schema.createIndex('dtu_test_task').on('dtu_test').columns(['taskId', 'id']).execute();
      await db.schema.createIndex('dtu_test_code').on('dtu_test').columns(['unitCode', 'startTime']).execute();
      await db.schema.createIndex('dtu_test_result').on('dtu_test').columns(['taskId', 'clientResultId']).unique().execute();
      // 按MAC/IMEI查找 (dtuTask/find) matches the unit's other identity too: a THREE_2_ONE unit by its Bluetooth MAC.
      await db.schema.createIndex('dtu_test_imei').on('dtu_test').columns(['imei', 'startTime']).execute();
      await db.schema.createIndex('dtu_test_mac').on('dtu_test').columns(['mac', 'startTime']).execute();

      await withId(db.schema.createTable('dtu_test_value'), dialect)
        .addColumn('testId', 'integer', (c) => c.notNull().references('dtu_test.id').onDelete('cascade'))
        /** AUTO or SERIAL (a test property), BASE (any other reported value) */
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('propertyId', 'integer')
        .addColumn('code', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'varchar(256)')
        /** 1 pass, 0 fail, null not judged (BASE) */
        .addColumn('pass', 'integer')
        .addColumn('reportTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dtu_test_value_code').on('dtu_test_value').columns(['testId', 'kind', 'code']).unique().execute();

      await withId(db.schema.createTable('dtu_unique_value'), dialect)
        .addColumn('dtuId', 'integer', (c) => c.notNull())
        /** the property code, or UNIT for the unit's own IMEI/MAC */
        .addColumn('code', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'varchar(256)', (c) => c.notNull())
        .addColumn('testId', 'integer', (c) => c.notNull().references('dtu_test.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('dtu_unique_value_key').on('dtu_unique_value').columns(['dtuId', 'code', 'value']).unique().execute();
      await db.schema.createIndex('dtu_unique_value_test').on('dtu_unique_value').column('testId').execute();

      await withId(db.schema.createTable('dtu_report'), dialect)
        /** the IMEI or MAC of the topic (or the station's body), upper case */
        .addColumn('unitCode', 'varchar(64)', (c) => c.notNull())
        .addColumn('receiveTime', 'bigint', (c) => c.notNull())
        /** MQTT or STATION */
        .addColumn('source', 'varchar(8)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        /** filled once the report joins a unit's test (at once, or when the unit is scanned within ten minutes) */
        .addColumn('dtuId', 'integer')
        .addColumn('taskId', 'integer')
        .addColumn('testId', 'integer')
        .addColumn('terminalId', 'integer')
        .execute();
      await db.schema.createIndex('dtu_report_unit').on('dtu_report').columns(['unitCode', 'receiveTime']).execute();
      await db.schema.createIndex('dtu_report_dtu').on('dtu_report').columns(['dtuId', 'id']).execute();
      await db.schema.createIndex('dtu_report_task').on('dtu_report').columns(['taskId', 'id']).execute();
    },
  };
}
