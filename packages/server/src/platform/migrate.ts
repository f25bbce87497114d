import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './db.js';
import { platformMigration } from './migrations/001-platform.js';
import { administrationMigration } from './migrations/002-administration.js';
import { productMigration } from './migrations/003-product.js';
import { logModuleIndexMigration } from './migrations/004-log-module-index.js';
import { taskMigration } from './migrations/005-task.js';
import { stationMigration } from './migrations/006-station.js';
import { rollupMigration } from './migrations/007-rollups.js';
import { fileStoreMigration } from './migrations/008-file-store.js';
import { scopeStationMigration } from './migrations/009-scope-station.js';
import { streamTicketMigration } from './migrations/010-stream-ticket.js';
import { sessionHardeningMigration } from './migrations/011-session-hardening.js';
import { boardFiguresMigration } from './migrations/012-board-figures.js';
import { recordOrderMigration } from './migrations/013-record-order.js';
import { stockMigration } from './migrations/014-stock.js';
import { stockSeverityMigration } from './migrations/015-stock-severity.js';
import { accessoryCatalogueMigration } from './migrations/016-accessory-catalogue.js';
import { dtuTaskMigration } from './migrations/017-dtu-task.js';
import { dtuSubmissionMigration } from './migrations/018-dtu-submission.js';
import { recordFiltersMigration } from './migrations/019-record-filters.js';

/**
 * Migrations live in code (not discovered on disk) so the compiled server and the
 * tests run the same list; each receives the dialect for the few portable gaps.
 */
class CodeMigrations implements MigrationProvider {
  constructor(private readonly db: Db) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '001-platform': platformMigration(this.db.dialect),
      '002-administration': administrationMigration(this.db.dialect),
      '003-product': productMigration(this.db.dialect),
      '004-log-module-index': logModuleIndexMigration(),
      '005-task': taskMigration(this.db.dialect),
      '006-station': stationMigration(this.db.dialect),
      '007-rollups': rollupMigration(),
      '008-file-store': fileStoreMigration(),
      '009-scope-station': scopeStationMigration(this.db.dialect),
      '010-stream-ticket': streamTicketMigration(),
      '011-session-hardening': sessionHardeningMigration(),
      '012-board-figures': boardFiguresMigration(),
      '013-record-order': recordOrderMigration(),
      '014-stock': stockMigration(this.db.dialect),
      '015-stock-severity': stockSeverityMigration(),
      '016-accessory-catalogue': accessoryCatalogueMigration(this.db.dialect),
      '017-dtu-task': dtuTaskMigration(this.db.dialect),
      '018-dtu-submission': dtuSubmissionMigration(this.db.dialect),
      '019-record-filters': recordFiltersMigration(),
    };
  }
}

export async function migrate(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one;
  // name the connection's own so databases shared by several schemas stay apart.
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider: new CodeMigrations(db),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
