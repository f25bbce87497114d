import type { Kysely } from 'kysely';

/** The log page's module filter and its list of modules read operation_log by module. */
export function logModuleIndexMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex('operation_log_module').on('operation_log').columns(['module', 'createTime']).execute();
    },
  };
}
