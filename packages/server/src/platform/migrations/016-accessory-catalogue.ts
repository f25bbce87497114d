import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db.js';
import { withId } from './id-column.js';

/**
 * Issue 16: the accessory catalogue (DESIGN.md §9.2). Parts (fitting) and
 * communication modules own DTU models; each DTU has serial, automatic and other
 * test properties. Images and files are stored_file rows (the file store), named
 * here by id so the store knows what still uses a blob. Parts, modules and DTUs
 * are never deleted, only taken out of the lists (status −1): DTU tasks and their
 * records (issue 17) keep pointing at them.
 */
export function accessoryCatalogueMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('fitting'), dialect)
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        .addColumn('fittingType', 'integer', (c) => c.notNull())
        .addColumn('partDesc', 'varchar(100)', (c) => c.notNull())
        .addColumn('imageFileId', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
        /** 1 listed, −1 deleted (kept for its DTUs' history) */
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('fitting_owner').on('fitting').columns(['ownerId', 'status', 'id']).execute();

      await withId(db.schema.createTable('communication_module'), dialect)
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        .addColumn('modelType', 'varchar(18)', (c) => c.notNull())
        .addColumn('communicationType', 'varchar(16)', (c) => c.notNull())
        .addColumn('standardVoltage', 'varchar(16)', (c) => c.notNull())
        .addColumn('productCompany', 'varchar(64)', (c) => c.notNull())
        .addColumn('imageFileId', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      // A module model names one module of the account while it is listed.
      await db.schema
        .createIndex('communication_module_model')
        .on('communication_module')
        .columns(['ownerId', 'modelType'])
        .unique()
        .where(sql.ref('status'), '=', 1)
        .execute();

      await withId(db.schema.createTable('dtu'), dialect)
        .addColumn('ownerId', 'integer', (c) => c.notNull())
        /** the part it belongs to (parts screen), or null */
        .addColumn('fittingId', 'integer', (c) => c.references('fitting.id'))
        /** the module it belongs to (module screen), or null */
        .addColumn('communicationPartId', 'integer', (c) => c.references('communication_module.id'))
        .addColumn('dtuType', 'varchar(32)', (c) => c.notNull())
        .addColumn('modelType', 'varchar(18)', (c) => c.notNull())
        .addColumn('productCompany', 'varchar(64)', (c) => c.notNull())
        .addColumn('standardVoltage', 'varchar(16)', (c) => c.notNull())
        .addColumn('bandRate', 'integer')
        .addColumn('connectInternet', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('communicationType', 'varchar(16)')
        .addColumn('communicationTypeDesc', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('testFirmwareVersion', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('testFirmwareFileId', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
        .addColumn('productFileId', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
        .addColumn('bomListFileId', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
        .addColumn('otherRequestFileId', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
        .addColumn('frontImageFileId', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
        .addColumn('backImageFileId', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
        /** 1 enabled, −1 archived */
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .addColumn('archiveTime', 'bigint')
        .execute();
      await db.schema.createIndex('dtu_fitting').on('dtu').columns(['fittingId', 'status', 'id']).execute();
      await db.schema.createIndex('dtu_module').on('dtu').columns(['communicationPartId', 'status', 'id']).execute();
      // A DTU model names one enabled DTU of the account: tasks, pages and reports find it by that name.
      await db.schema
        .createIndex('dtu_type_enabled')
        .on('dtu')
        .columns(['ownerId', 'dtuType'])
        .unique()
        .where(sql.ref('status'), '=', 1)
        .execute();

      const property = (name: string) =>
        withId(db.schema.createTable(name), dialect)
          .addColumn('dtuId', 'integer', (c) => c.notNull().references('dtu.id').onDelete('cascade'))
          /** 0 not tested, 1 tested */
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('createTime', 'bigint', (c) => c.notNull());

      await property('dtu_serial_property')
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('code', 'varchar(64)', (c) => c.notNull())
        .addColumn('verifyRule', 'varchar(8)', (c) => c.notNull())
        .addColumn('aimValue', 'varchar(64)')
        .addColumn('minValue', 'varchar(64)')
        .addColumn('maxValue', 'varchar(64)')
        .execute();
      await db.schema.createIndex('dtu_serial_property_code').on('dtu_serial_property').columns(['dtuId', 'code']).unique().execute();

      await property('dtu_auto_property')
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('code', 'varchar(32)', (c) => c.notNull())
        .addColumn('dataType', 'varchar(8)', (c) => c.notNull())
        .addColumn('verifyRule', 'varchar(8)')
        .addColumn('aimValue', 'varchar(64)')
        .addColumn('minValue', 'varchar(64)')
        .addColumn('maxValue', 'varchar(64)')
        /** 1: no standard, and no two units may report the same value */
        .addColumn('uniqueValue', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('trueValue', 'varchar(32)')
        .addColumn('falseValue', 'varchar(32)')
        .addColumn('aimBooleanValue', 'integer')
        /** JSON text of index → label */
        .addColumn('enumMap', 'text')
        .addColumn('aimEnumMap', 'text')
        .addColumn('description', 'varchar(100)')
        .execute();
      await db.schema.createIndex('dtu_auto_property_code').on('dtu_auto_property').columns(['dtuId', 'code']).unique().execute();

      await property('dtu_other_property')
        .addColumn('category', 'varchar(64)', (c) => c.notNull())
        .addColumn('property', 'varchar(64)', (c) => c.notNull())
        .addColumn('checkTool', 'varchar(64)', (c) => c.notNull())
        .addColumn('checkStandard', 'varchar(255)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dtu_other_property_dtu').on('dtu_other_property').columns(['dtuId', 'id']).execute();
    },
  };
}
