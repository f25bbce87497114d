import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteDialectDatabase } from 'kysely';
import pg from 'pg';
import { directPostgres, directSqlite, namedStatements } from './prepared.js';
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

/** A statement of prepared() as its pool sends it (prepared.ts runOnPool): its name, text and values, nothing else. */
const isNamedStatement = (config: unknown): config is { name: string; text: string; values: unknown[] } => {
  if (typeof config !== 'object' || config === null) return false;
  const { name, text, values } = config as Record<string, unknown>;
  return typeof name === 'string' && typeof text === 'string' && Array.isArray(values) && Object.keys(config).length === 3;
};

/**
 * Kysely sends every query unnamed, which PostgreSQL parses and plans each time;
 * the texts of prepared() (the station result's statements) go as named
 * statements instead, prepared once per connection. Only those: any other text
 * (lists of ids make many) would pile up on the connection.
 *
 * Such a statement is handed to pg as a Query built from its text: given a config
 * object, pg copies it through its property descriptors first, which was 2.8% of
 * the server's thread on a station result (two statements each).
 */
class NamingClient extends pg.Client {
  // pg's query has many overloads; this one takes the (text, values) form Kysely uses and prepared()'s named config.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    let named: { name: string; text: string; values: unknown[] } | undefined;
    if (typeof config === 'string') {
      const name = namedStatements.get(config);
      if (name !== undefined && Array.isArray(values) && callback === undefined) named = { name, text: config, values };
    } else if (isNamedStatement(config) && values === undefined) {
      named = config;
    }
    if (!named) return super.query(config, values, callback);
    // pg's types leave out the name and callback its Query keeps.
    const query = new pg.Query(named.text, named.values) as pg.Query & { name?: string; callback?: (error: Error | null, result: unknown) => void };
    query.name = named.name;
    if (typeof callback === 'function') {
      query.callback = callback;
      super.query(query);
      return undefined;
    }
    return new Promise((resolve, reject) => {
      query.callback = (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result));
      super.query(query);
    });
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
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // prepared() runs its statements on the pool itself outside a transaction (prepared.ts).
    directPostgres.set(kysely, pool as never);
    return { dialect, kysely };
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
