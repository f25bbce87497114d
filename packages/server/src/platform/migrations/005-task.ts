import type { Kysely } from 'kysely';
import type { Dialect } from '../db.js';
import { withId } from './id-column.js';

/**
 * Production-line tasks (issue 5): the task, its lines, a snapshot of the
 * product's flows with their check items, and the production codes.
 *
 * A task copies what it produces by: the product's model and code, each flow with
 * its auto-check items (property definition and standard value) and manual items.
 * A later change of the product, or its deletion, never changes a task, and the
 * station API (issue 6) judges results against the snapshot alone.
 */
export function taskMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('task'), dialect)
        .addColumn('ownerId', 'integer', (c) => c.notNull().references('account.id'))
        .addColumn('creatorId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        .addColumn('productTypeId', 'integer', (c) => c.notNull().references('product_type.id'))
        /** the product at planning; no foreign key: the product may be deleted after the task finished */
        .addColumn('productId', 'integer', (c) => c.notNull())
        .addColumn('productNumber', 'varchar(32)', (c) => c.notNull())
        .addColumn('productCode', 'varchar(32)', (c) => c.notNull())
        /** decides whether stations scan MAC or IMEI */
        .addColumn('communicationId', 'varchar(32)', (c) => c.notNull())
        .addColumn('productionCount', 'integer', (c) => c.notNull())
        .addColumn('finishNumber', 'integer', (c) => c.notNull().defaultTo(0))
        /** NEW, UNSTART, START, STOP or FINISH */
        .addColumn('status', 'varchar(8)', (c) => c.notNull())
        .addColumn('expireTime', 'bigint')
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .addColumn('updateTime', 'bigint', (c) => c.notNull())
        .addColumn('startTime', 'bigint')
        .addColumn('finishTime', 'bigint')
        .execute();
      await db.schema.createIndex('task_owner_time').on('task').columns(['ownerId', 'createTime']).execute();
      await db.schema.createIndex('task_product_status').on('task').columns(['productId', 'status']).execute();

      await db.schema
        .createTable('task_line')
        .addColumn('taskId', 'integer', (c) => c.notNull().references('task.id').onDelete('cascade'))
        /** no foreign key: a line may be deleted once no unfinished task holds it */
        .addColumn('lineId', 'integer', (c) => c.notNull())
        /** name and code at planning, shown when the line is gone */
        .addColumn('lineName', 'varchar(32)', (c) => c.notNull())
        .addColumn('lineNum', 'varchar(32)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('task_line_pk', ['taskId', 'lineId'])
        .execute();
      await db.schema.createIndex('task_line_line').on('task_line').column('lineId').execute();

      await withId(db.schema.createTable('task_flow'), dialect)
        .addColumn('taskId', 'integer', (c) => c.notNull().references('task.id').onDelete('cascade'))
        /** the product flow it was copied from (no foreign key, see productId) */
        .addColumn('sourceFlowId', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('bindMac', 'integer', (c) => c.notNull())
        .addColumn('flowType', 'varchar(16)', (c) => c.notNull())
        .addColumn('pdfFileId', 'integer', (c) => c.references('stored_file.id'))
        /** counters kept up to date as station results arrive (issue 6) */
        .addColumn('finishNumber', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('totalCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failCount', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('task_flow_order').on('task_flow').columns(['taskId', 'sequence']).unique().execute();

      await withId(db.schema.createTable('task_flow_item'), dialect)
        .addColumn('taskFlowId', 'integer', (c) => c.notNull().references('task_flow.id').onDelete('cascade'))
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('propertyId', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('code', 'varchar(32)', (c) => c.notNull())
        .addColumn('dataTypeId', 'varchar(16)', (c) => c.notNull())
        .addColumn('unitName', 'varchar(32)')
        .addColumn('min', 'double precision')
        .addColumn('max', 'double precision')
        .addColumn('length', 'integer')
        /** JSON text of { "0": label, ... } */
        .addColumn('enumerates', 'text')
        .addColumn('trueValue', 'varchar(32)')
        .addColumn('falseValue', 'varchar(32)')
        .addColumn('intervalNumber', 'integer', (c) => c.notNull())
        .addColumn('normalValue', 'varchar(64)', (c) => c.notNull())
        .addColumn('normalValueMax', 'varchar(64)', (c) => c.notNull())
        .addColumn('normalStr', 'varchar(512)', (c) => c.notNull())
        .addColumn('normalBoolean', 'integer')
        /** JSON array of enum keys */
        .addColumn('normalEnums', 'varchar(512)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('task_flow_item_flow').on('task_flow_item').columns(['taskFlowId', 'sequence']).execute();

      await withId(db.schema.createTable('task_flow_manual_item'), dialect)
        .addColumn('taskFlowId', 'integer', (c) => c.notNull().references('task_flow.id').onDelete('cascade'))
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('manualValue', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('task_flow_manual_item_flow').on('task_flow_manual_item').columns(['taskFlowId', 'sequence']).execute();

      await withId(db.schema.createTable('production_code'), dialect)
        .addColumn('taskId', 'integer', (c) => c.notNull().references('task.id').onDelete('cascade'))
        /** 1..productionCount within the task: the label order */
        .addColumn('sequence', 'integer', (c) => c.notNull())
        /** unique across the whole database (PRODUCTION_CODE) */
        .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('production_code_task').on('production_code').columns(['taskId', 'sequence']).unique().execute();
    },
  };
}
