import { type Kysely, sql } from 'kysely';

/**
 * The file store's lock and the upload quota (issue 12, findings 3 and 9). Both are
 * rows, so several server processes on one PostgreSQL agree (DESIGN.md §10).
 */
export function fileStoreMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      // One row per blob on disk (files.ts). Putting a blob in place and removing it
      // both happen while the writer holds this row, so a removal can never slip in
      // between an upload's rename and the commit of the row that names the blob.
      await db.schema
        .createTable('file_blob')
        .addColumn('sha256', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('createTime', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into file_blob ("sha256", "createTime")
                select "sha256", min("createTime") from stored_file group by "sha256"`.execute(db);

      // Bytes each account stored per clock hour (upload-quota.ts).
      await db.schema
        .createTable('upload_usage')
        .addColumn('accountId', 'integer', (c) => c.notNull().references('account.id').onDelete('cascade'))
        /** epoch ms of the hour's start */
        .addColumn('windowStart', 'bigint', (c) => c.notNull())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('upload_usage_pk', ['accountId', 'windowStart'])
        .execute();
    },
  };
}
