import type { Kysely } from 'kysely';
import type { Dialect } from '../db.js';
import { withId } from './id-column.js';

export function platformMigration(dialect: Dialect) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('factory'), dialect)
        .addColumn('factoryName', 'varchar(64)', (c) => c.notNull())
        .addColumn('ownerId', 'integer')
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('production_line'), dialect)
        .addColumn('factoryId', 'integer', (c) => c.notNull().references('factory.id'))
        .addColumn('lineName', 'varchar(32)', (c) => c.notNull())
        .addColumn('lineNum', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('production_line_factory').on('production_line').column('factoryId').execute();

      await withId(db.schema.createTable('menu'), dialect)
        .addColumn('menuKey', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('parentId', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('url', 'varchar(128)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('funCode', 'varchar(32)')
        .execute();
      await db.schema.createIndex('menu_parent').on('menu').column('parentId').execute();

      await withId(db.schema.createTable('account'), dialect)
        .addColumn('userName', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('passwordHash', 'varchar(256)', (c) => c.notNull())
        .addColumn('roleId', 'integer')
        .addColumn('parentId', 'integer', (c) => c.references('account.id'))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('platformAdmin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_parent').on('account').column('parentId').execute();

      await withId(db.schema.createTable('role'), dialect)
        .addColumn('roleName', 'varchar(32)', (c) => c.notNull())
        .addColumn('ownerId', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('role_owner').on('role').column('ownerId').execute();

      await db.schema
        .createTable('role_menu')
        .addColumn('roleId', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addColumn('menuId', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_menu_pk', ['roleId', 'menuId'])
        .execute();

      await db.schema
        .createTable('account_line')
        .addColumn('accountId', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('lineId', 'integer', (c) => c.notNull().references('production_line.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('account_line_pk', ['accountId', 'lineId'])
        .execute();

      await db.schema
        .createTable('session')
        .addColumn('tokenHash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('accountId', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .addColumn('lastSeenAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_account').on('session').column('accountId').execute();

      await db.schema
        .createTable('captcha')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('answer', 'varchar(16)', (c) => c.notNull())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('login_failure'), dialect)
        .addColumn('userName', 'varchar(64)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failure_user').on('login_failure').columns(['userName', 'at']).execute();

      await db.schema
        .createTable('platform_code')
        .addColumn('codeHash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
