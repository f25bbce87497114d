import type { Kysely } from 'kysely';

/**
 * Issue 12: captcha answers are stored hashed (64 hex characters, where the column held
 * the 4-letter answer). Captchas live five minutes, so the table is recreated, not altered
 * (SQLite cannot change a column's type in place). Failed sign-ins keep the caller's
 * address, for the per-address limit beside the per-name one.
 */
export function sessionHardeningMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('captcha').execute();
      await db.schema
        .createTable('captcha')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('answer', 'varchar(64)', (c) => c.notNull())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('login_failure').addColumn('address', 'varchar(64)').execute();
      await db.schema.createIndex('login_failure_address').on('login_failure').columns(['address', 'at']).execute();
    },
  };
}
