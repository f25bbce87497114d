import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestSchema, dropTestSchema, testDialects, whileNoSchemaIsDropped } from '../../../test/test-app.js';
import { type Db, type Dialect, openDb } from '../db.js';
import { migrate } from '../migrate.js';
import type { Database } from '../schema.js';
import { platformMigration } from './001-platform.js';
import { administrationMigration } from './002-administration.js';
import { productMigration } from './003-product.js';
import { logModuleIndexMigration } from './004-log-module-index.js';
import { taskMigration } from './005-task.js';
import { stationMigration } from './006-station.js';
import { rollupMigration } from './007-rollups.js';

/** A migration: on PostgreSQL, while no other file drops a schema (the migrator reads every schema's columns). */
const migrating = <T>(dialect: Dialect, work: () => Promise<T>): Promise<T> =>
  dialect === 'postgres' ? whileNoSchemaIsDropped(process.env.TEST_DATABASE_URL!, work) : work();

/** A database migrated up to 007, as one deployed before issue 12 is. */
async function databaseAt007(dialect: Dialect): Promise<{ db: Db; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-migration-'));
  let db: Db;
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = await createTestSchema(url, 'm');
    db = openDb(url, { searchPath: schema });
    dropSchema = () => dropTestSchema(url, schema);
  } else {
    db = openDb(`file:${path.join(dir, 'factory.db')}`);
  }
  const migrations: Record<string, Migration> = {
    '001-platform': platformMigration(dialect),
    '002-administration': administrationMigration(dialect),
    '003-product': productMigration(dialect),
    '004-log-module-index': logModuleIndexMigration(),
    '005-task': taskMigration(dialect),
    '006-station': stationMigration(dialect),
    '007-rollups': rollupMigration(),
  };
  const schema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema : undefined;
  const migrateTo007 = () =>
    new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    }).migrateToLatest();
  const { error } = await migrating(dialect, migrateTo007);
  if (error) throw error;
  return {
    db,
    close: async () => {
      await db.kysely.destroy();
      await dropSchema();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Rows as an earlier version stored them, without the tasks, devices and
 * terminals they name: foreign keys off for these writes (what is tested is that
 * the migration keeps rows, not how they came about). On SQLite the pragma holds
 * for its one connection, so the migration's copy runs with them off as well.
 */
async function withoutForeignKeys(db: Db, write: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  await db.kysely.connection().execute(async (connection) => {
    if (db.dialect === 'postgres') await sql`set session_replication_role = replica`.execute(connection);
    else await sql`pragma foreign_keys = off`.execute(connection);
    try {
      await write(connection);
    } finally {
      if (db.dialect === 'postgres') await sql`set session_replication_role = origin`.execute(connection);
    }
  });
}

const result = (id: number, terminalId: number, clientResultId: string) => ({
  id,
  clientResultId,
  taskId: 7,
  taskFlowId: 8,
  flowSequence: 1,
  codeId: 9,
  terminalId,
  accountId: 10,
  userName: 'w1',
  status: 'TEST_SUCCESS',
  attempt: 1,
  startTime: 1_000,
  endTime: 2_000,
  createTime: 3_000,
  autoResults: '[]',
  manualResults: '[]',
});

describe.each(testDialects())('migration 009 (results unique per terminal, day rows per task) on %s', (dialect) => {
  let close = async () => {};
  afterEach(() => close());

  it('keeps the results and day rows stored before it, and scopes the clientResultId to the terminal', async () => {
    const at007 = await databaseAt007(dialect);
    close = at007.close;
    const { db } = at007;
    await withoutForeignKeys(db, async (trx) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the columns as 007 left them (no taskId in daily_output)
      const old = trx as Kysely<any>;
      await old.insertInto('flow_result').values([result(1, 1, 'a'), result(2, 1, 'b'), result(3, 2, 'c')]).execute();
      await old.deleteFrom('flow_result').where('id', '=', 3).execute();
      await old.insertInto('daily_output').values({ ownerId: 1, day: '2025-01-02', shard: 3, produced: 5, tested: 6, onePassUnits: 4, failedUnits: 1 }).execute();
      // The serial of PostgreSQL moves only with ids it gives: as rows stored by the server, take it past 3.
      if (db.dialect === 'postgres') await sql`select setval(pg_get_serial_sequence('flow_result', 'id'), 3)`.execute(old);
    });

    await migrating(db.dialect, () => migrate(db));

    const kept = await db.kysely.selectFrom('flow_result').selectAll().orderBy('id').execute();
    expect(kept).toEqual([result(1, 1, 'a'), result(2, 1, 'b')]);
    expect(await db.kysely.selectFrom('daily_output').selectAll().execute()).toEqual([
      { ownerId: 1, day: '2025-01-02', taskId: 0, shard: 3, produced: 5, tested: 6, onePassUnits: 4, failedUnits: 1 },
    ]);

    await withoutForeignKeys(db, async (trx) => {
      const { id: _, ...fresh } = result(0, 2, 'a');
      // Another terminal may use the same clientResultId; a new id is past every id ever given.
      const row = await trx.insertInto('flow_result').values(fresh).returning('id').executeTakeFirstOrThrow();
      expect(row.id).toBe(4);
      const again = trx.insertInto('flow_result').values(fresh).execute();
      await expect(again).rejects.toMatchObject({ code: dialect === 'postgres' ? '23505' : 'SQLITE_CONSTRAINT_UNIQUE' });
      // A day row per task: the same account, day and shard for another task is a row of its own.
      await trx.insertInto('daily_output').values({ ownerId: 1, day: '2025-01-02', taskId: 7, shard: 3, produced: 1 }).execute();
    });
    expect(await db.kysely.selectFrom('daily_output').select('taskId').orderBy('taskId').execute()).toEqual([{ taskId: 0 }, { taskId: 7 }]);

    // The indexes of 006 and 007 are there still.
    const indexes =
      dialect === 'postgres'
        ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db.kysely)).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db.kysely)).rows;
    const names = indexes.map((index) => index.name);
    for (const name of ['flow_result_device', 'flow_result_flow_time', 'flow_result_terminal_time', 'flow_result_task_time', 'flow_result_terminal_client', 'daily_output_day']) {
      expect(names).toContain(name);
    }
  });
});
