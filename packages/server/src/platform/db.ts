import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteDialectDatabase } from 'kysely';
import pg from 'pg';
import { directSqlite, namedStatements } from './prepared.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
}

/**
 * Runs `work` in one transaction, handing it the transaction as a Db: the same
 * `{ kysely, dialect }` shape, so a service takes one handle (`tx: Db`) instead
 * of the transaction and the database beside it only to read the dialect.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute((trx) => work({ kysely: trx, dialect: db.dialect }));
}

// PostgreSQL returns bigint (int8) as strings, counts included; every int8 we keep
// (epoch ms, counts) fits in a double, so parse them once for the whole process.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface OpenDbOptions {
  /** PostgreSQL schema to use (tests give each file its own) */
  searchPath?: string;
  /**
   * Tests only: PostgreSQL answers a commit before its WAL reaches the disk, and
   * SQLite does not sync at all. A test database is thrown away after its file, so
   * durability buys nothing there; the commits of thousands of tests were most of
   * the server suite's time on a slow disk.
   */
  throwaway?: boolean;
}

export function dialectOf(databaseUrl: string): Dialect {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) return 'postgres';
  if (databaseUrl.startsWith('file:')) return 'sqlite';
  throw new Error(`DATABASE_URL must start with file: or postgres://, got "${databaseUrl}"`);
}

/**
 * Kysely sends every query unnamed, which PostgreSQL parses and plans each time;
 * the texts of prepared() (the station result's statements) go as named
 * statements instead, prepared once per connection. Only those: any other text
 * (lists of ids make many) would pile up on the connection.
 */
class NamingClient extends pg.Client {
  // pg's query has many overloads; this one only renames the (text, values) form Kysely uses.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? namedStatements.get(config) : undefined;
    if (name !== undefined && Array.isArray(values) && callback === undefined) return super.query({ name, text: config, values });
    return super.query(config, values, callback);
  }
}

function pgSessionOptions(options: OpenDbOptions): string | undefined {
  const settings = [
    ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
    ...(options.throwaway ? ['-c synchronous_commit=off'] : []),
  ];
  return settings.length > 0 ? settings.join(' ') : undefined;
}

export function openDb(databaseUrl: string, options: OpenDbOptions = {}): Db {
  const dialect = dialectOf(databaseUrl);
  if (dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      Client: NamingClient,
      ...(pgSessionOptions(options) ? { options: pgSessionOptions(options) } : {}),
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
  sqlite.pragma(options.throwaway ? 'synchronous = OFF' : 'synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  // prepared() runs its statements on the database itself while no transaction is open (prepared.ts).
  directSqlite.set(kysely, { prepare: (sql) => statements.prepare(sql) as never, inTransaction: () => sqlite.inTransaction });
  return { dialect, kysely };
}

// Past this many distinct statements (lists of ids make many texts) the cache starts afresh.
const STATEMENT_CACHE_LIMIT = 1000;

/**
 * Kysely prepares every query anew, and SQLite's parsing and planning were a fifth
 * of the CPU of a station result. Statements are kept by their text instead. One
 * connection serves one query at a time (Kysely's mutex, streams included), so a
 * kept statement is never in use twice.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
