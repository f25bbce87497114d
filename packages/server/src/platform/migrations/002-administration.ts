import type { Kysely } from 'kysely';
import type { Dialect } from '../db.js';
import { withId } from './id-column.js';

/** Terminals, their categories, stored files, documents and the operation log (issue 3). */
export function administrationMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      // Line codes are unique within a factory (issue 3).
      await db.schema.createIndex('production_line_code').on('production_line').columns(['factoryId', 'lineNum']).unique().execute();

      await withId(db.schema.createTable('terminal_category'), dialect)
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('terminalType', 'varchar(8)', (c) => c.notNull())
        /** 21.5, 15 or 11.5 (inch) for PADs: picks the card's picture */
        .addColumn('screenInch', 'varchar(8)')
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('terminal'), dialect)
        .addColumn('terminalCode', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('terminalName', 'varchar(32)', (c) => c.notNull())
        .addColumn('terminalType', 'varchar(8)', (c) => c.notNull())
        .addColumn('categoryId', 'integer', (c) => c.references('terminal_category.id'))
        .addColumn('lineId', 'integer', (c) => c.references('production_line.id'))
        /** 0 unused, 1 used (PDA), 2 overall check, 3 parts check, 4 idle */
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        /** the task and flow the terminal serves (filled by task planning, issue 5) */
        .addColumn('taskId', 'integer')
        .addColumn('flowId', 'integer')
        /** the user signed in at the terminal (filled by the station app, issue 6) */
        .addColumn('workerId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        .addColumn('ownerId', 'integer', (c) => c.notNull().references('account.id'))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('terminal_line').on('terminal').column('lineId').execute();
      await db.schema.createIndex('terminal_type_status').on('terminal').columns(['terminalType', 'status']).execute();

      await withId(db.schema.createTable('stored_file'), dialect)
        /** the random key of its public URL (/api/file/<fileKey>) */
        .addColumn('fileKey', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('contentType', 'varchar(128)', (c) => c.notNull())
        .addColumn('originName', 'varchar(255)', (c) => c.notNull())
        .addColumn('uploaderId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stored_file_sha').on('stored_file').column('sha256').execute();

      await withId(db.schema.createTable('document'), dialect)
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('fileId', 'integer', (c) => c.notNull().references('stored_file.id'))
        .addColumn('originName', 'varchar(255)', (c) => c.notNull())
        .addColumn('uploaderId', 'integer', (c) => c.references('account.id').onDelete('set null'))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('document_type').on('document').columns(['type', 'createTime']).execute();

      await withId(db.schema.createTable('operation_log'), dialect)
        .addColumn('accountId', 'integer')
        .addColumn('userName', 'varchar(128)', (c) => c.notNull())
        .addColumn('module', 'varchar(32)', (c) => c.notNull())
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('method', 'varchar(8)', (c) => c.notNull())
        .addColumn('route', 'varchar(128)', (c) => c.notNull())
        .addColumn('targetId', 'varchar(64)')
        .addColumn('summary', 'varchar(512)', (c) => c.notNull())
        .addColumn('statusCode', 'integer', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('operation_log_time').on('operation_log').column('createTime').execute();
      await db.schema.createIndex('operation_log_account').on('operation_log').columns(['accountId', 'createTime']).execute();
    },
  };
}
