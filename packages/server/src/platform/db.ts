import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
}

// PostgreSQL returns bigint (int8) as strings, counts included; every int8 we keep
// (epoch ms, counts) fits in a double, so parse them once for the whole process.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface OpenDbOptions {
  /** PostgreSQL schema to use (tests give each file its own) */
  searchPath?: string;
}

export function dialectOf(databaseUrl: string): Dialect {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) return 'postgres';
  if (databaseUrl.startsWith('file:')) return 'sqlite';
  throw new Error(`DATABASE_URL must start with file: or postgres://, got "${databaseUrl}"`);
}

export function openDb(databaseUrl: string, options: OpenDbOptions = {}): Db {
  const dialect = dialectOf(databaseUrl);
  if (dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    return { dialect, kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) };
  }
  const file = databaseUrl.slice('file:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // WAL with NORMAL keeps every committed transaction across a process crash; only
  // an OS crash could lose the last few, which a factory server accepts for speed.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return { dialect, kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }) };
}
