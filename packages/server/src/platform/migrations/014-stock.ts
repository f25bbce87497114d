import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db.js';
import { withId } from './id-column.js';

/**
 * Issue 15: finished goods (DESIGN.md §9.1). Each product gets its GB/T 2828.1
 * inspection level and AQL; units whose production record passed are stocked in
 * batches at a PDA (stock_batch, stock_unit), each closed batch keeps its sampling
 * plan and the counters its verdict and the dashboard read, and every scan is a
 * stock_movement row (who, when, terminal, and the handheld's clientId that makes
 * a resent scan count once).
 */
export function stockMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('product').addColumn('inspectionLevel', 'varchar(4)', (c) => c.notNull().defaultTo('II')).execute();
      await db.schema.alterTable('product').addColumn('aql', 'double precision', (c) => c.notNull().defaultTo(1)).execute();

      await withId(db.schema.createTable('stock_batch'), dialect)
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        /** shown and scanned: RK + the day + a sequence of the day (per account) */
        .addColumn('batchNo', 'varchar(32)', (c) => c.notNull())
        .addColumn('productId', 'integer', (c) => c.notNull())
        .addColumn('productNumber', 'varchar(64)', (c) => c.notNull())
        /** the PDA's line, or the unit's task's first line when the PDA has none; the name kept as it was */
        .addColumn('lineId', 'integer', (c) => c.notNull())
        .addColumn('lineName', 'varchar(64)', (c) => c.notNull())
        /** OPEN while it takes units, CLOSED once its plan is fixed */
        .addColumn('status', 'varchar(8)', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        /** YYYY-MM-DD of createTime in the factory's zone: the list's date filter */
        .addColumn('stockDay', 'varchar(10)', (c) => c.notNull())
        .addColumn('stockUserName', 'varchar(128)', (c) => c.notNull())
        .addColumn('closeTime', 'bigint')
        .addColumn('inspectionLevel', 'varchar(4)')
        .addColumn('aql', 'double precision')
        .addColumn('lotSize', 'integer')
        .addColumn('codeLetter', 'varchar(2)')
        .addColumn('sampleSize', 'integer')
        .addColumn('acceptNumber', 'integer')
        .addColumn('rejectNumber', 'integer')
        .addColumn('checkedCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('defectCount', 'integer', (c) => c.notNull().defaultTo(0))
        /** checks of a unit already checked (its result replaced) */
        .addColumn('recheckCount', 'integer', (c) => c.notNull().defaultTo(0))
        /** PENDING, ACCEPT or REJECT */
        .addColumn('verdict', 'varchar(8)', (c) => c.notNull().defaultTo('PENDING'))
        .addColumn('decidedTime', 'bigint')
        .addColumn('checkTime', 'bigint')
        .addColumn('checkUserName', 'varchar(128)')
        .addColumn('outCount', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('stock_batch_no').on('stock_batch').columns(['ownerId', 'batchNo']).unique().execute();
      await db.schema.createIndex('stock_batch_day').on('stock_batch').columns(['ownerId', 'stockDay', 'id']).execute();
      // One open batch per product and line: two PDAs scanning the same product fill one batch.
      await db.schema
        .createIndex('stock_batch_open')
        .on('stock_batch')
        .columns(['ownerId', 'productId', 'lineId'])
        .unique()
        .where(sql.ref('status'), '=', 'OPEN')
        .execute();

      await withId(db.schema.createTable('stock_unit'), dialect)
        .addColumn('batchId', 'integer', (c) => c.notNull().references('stock_batch.id').onDelete('cascade'))
        /** a unit enters stock once: the index refuses a second row whatever the race */
        .addColumn('codeId', 'integer', (c) => c.notNull().unique().references('production_code.id').onDelete('cascade'))
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        .addColumn('productId', 'integer', (c) => c.notNull())
        .addColumn('inTime', 'bigint', (c) => c.notNull())
        .addColumn('inUserName', 'varchar(128)', (c) => c.notNull())
        .addColumn('inTerminalId', 'integer', (c) => c.references('terminal.id').onDelete('set null'))
        /** 1 合格, 0 不合格, null not checked */
        .addColumn('checkPass', 'integer')
        .addColumn('defect', 'varchar(200)')
        .addColumn('checkTime', 'bigint')
        .addColumn('checkUserName', 'varchar(128)')
        .addColumn('outTime', 'bigint')
        /** YYYY-MM-DD of outTime in the factory's zone: the outbound list's date filter */
        .addColumn('outDay', 'varchar(10)')
        .addColumn('outUserName', 'varchar(128)')
        .addColumn('outTerminalId', 'integer', (c) => c.references('terminal.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('stock_unit_batch').on('stock_unit').columns(['batchId', 'id']).execute();
      await db.schema.createIndex('stock_unit_out').on('stock_unit').columns(['ownerId', 'outDay', 'outTime']).execute();

      await withId(db.schema.createTable('stock_movement'), dialect)
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        /** IN, CLOSE, CHECK or OUT */
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('batchId', 'integer', (c) => c.notNull().references('stock_batch.id').onDelete('cascade'))
        /** the unit; null for a batch's close */
        .addColumn('codeId', 'integer', (c) => c.references('production_code.id').onDelete('cascade'))
        .addColumn('checkPass', 'integer')
        .addColumn('terminalId', 'integer', (c) => c.references('terminal.id').onDelete('set null'))
        .addColumn('accountId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        .addColumn('userName', 'varchar(128)', (c) => c.notNull())
        .addColumn('clientId', 'varchar(64)')
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      // A resent scan (same handheld, same clientId) finds its first answer here; NULLs never clash.
      await db.schema.createIndex('stock_movement_client').on('stock_movement').columns(['terminalId', 'clientId']).unique().execute();
      await db.schema.createIndex('stock_movement_terminal').on('stock_movement').columns(['terminalId', 'createTime']).execute();
      await db.schema.createIndex('stock_movement_unit').on('stock_movement').columns(['codeId']).execute();
    },
  };
}
