import {
  type Compilable,
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Dialect } from './db.js';
import type { Database } from './schema.js';

// Kysely instances that only compile (Kysely's documented "compile only" set-up), one per dialect.
const compilers: Record<Dialect, Kysely<Database>> = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

const MARK = '\u0000prepared-';

/**
 * The PostgreSQL texts of the prepared queries, each with a statement name: the
 * pool's client (db.ts) runs these as named statements, so each connection
 * parses and plans them once rather than on every call (half of PostgreSQL's
 * CPU on a station result went to parsing and planning them anew).
 */
export const namedStatements = new Map<string, string>();

/** What the SQLite database of a root Kysely handle offers prepared() to run a statement itself (db.ts). */
export interface DirectSqlite {
  prepare(sql: string): { reader: boolean; all(parameters: readonly unknown[]): unknown[]; run(parameters: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint } };
  inTransaction(): boolean;
}

/**
 * The SQLite database behind each root Kysely handle (registered by openDb; a transaction's handle or one with
 * a plugin is not here, except the group commit's transaction, which holds the connection and registers itself
 * with inTransaction false: its statements run directly inside it, group-commit.ts). Through Kysely, a statement waits its turn on the connection's mutex and passes the
 * executor's promise chain: on a list call of five statements that was a good part of what the product spent
 * beyond the bare twin's SQL (issue 19). better-sqlite3 runs a statement synchronously, so while no
 * transaction is open on the connection, a prepared statement run directly cannot land inside anyone's
 * transaction nor see anything uncommitted; while one is open, it goes through Kysely and waits, as before.
 */
export const directSqlite = new WeakMap<Kysely<Database>, DirectSqlite>();

/** Runs the statement as Kysely's SQLite driver would (same answer shape), or undefined when it must wait its turn. */
function runDirect(direct: DirectSqlite, sql: string, parameters: readonly unknown[]): QueryResult<never> | undefined {
  if (direct.inTransaction()) return undefined;
  const statement = direct.prepare(sql);
  try {
    if (statement.reader) return { rows: statement.all(parameters) as never[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  } catch (error) {
    // The connection is busy with a statement being iterated (a Kysely stream): take the queue instead.
    if (error instanceof TypeError && /busy/i.test(error.message)) return undefined;
    throw error;
  }
}

/** What prepared() runs a PostgreSQL statement on outside a transaction: the root handle's pool (db.ts). */
export interface DirectPostgres {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[]; command: string; rowCount: number | null }>;
}

/**
 * The pool behind each root Kysely handle on PostgreSQL (registered by openDb). A prepared statement outside a
 * transaction goes to the pool as a named statement itself: Kysely's executor (its connection provider, plugins
 * and frozen results) around each of a station result's two statements cost about 4% of the server's thread.
 */
export const directPostgres = new WeakMap<Kysely<Database>, DirectPostgres>();

/** Kysely's answer for a command (PostgresConnection.executeQuery): the rows, and the rows a write touched. */
async function runOnPool<O>(pool: DirectPostgres, name: string, sql: string, values: unknown[]): Promise<QueryResult<O>> {
  const result = await pool.query({ name, text: sql, values });
  const wrote = result.command === 'INSERT' || result.command === 'UPDATE' || result.command === 'DELETE' || result.command === 'MERGE';
  return { ...(wrote ? { numAffectedRows: BigInt(result.rowCount ?? 0) } : {}), rows: result.rows as O[] };
}

interface Plan {
  sql: string;
  /** PostgreSQL: the statement's name on every connection */
  name?: string;
  /** per parameter: the name of the call's value, or a constant of the query */
  slots: ({ name: string } | { value: unknown })[];
}

/**
 * A query built and compiled once per dialect, then run with each call's values
 * in the places of its named parameters: for the few statements of the hottest
 * path (a station result), where building and compiling the query again cost
 * more than running it. `build` gets a marker for each name in `names` and must
 * use it as a value only (a where, a set, an insert), never to decide the
 * query's shape; the dialect may decide it.
 */
export function prepared<P extends Record<string, unknown>, O>(
  names: readonly (keyof P & string)[],
  build: (db: Kysely<Database>, dialect: Dialect, params: P) => Compilable<O>,
) {
  const plans = new Map<Dialect, Plan>();

  function planFor(dialect: Dialect): Plan {
    const known = plans.get(dialect);
    if (known) return known;
    const marks = Object.fromEntries(names.map((name) => [name, `${MARK}${name}`])) as unknown as P;
    const compiled = build(compilers[dialect], dialect, marks).compile();
    if (compiled.sql.includes(MARK)) throw new Error(`a prepared query used a parameter in its text: ${compiled.sql}`);
    const slots = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK) ? { name: value.slice(MARK.length) } : { value },
    );
    if (dialect === 'postgres' && !namedStatements.has(compiled.sql)) namedStatements.set(compiled.sql, `prepared_${namedStatements.size + 1}`);
    const plan = { sql: compiled.sql, slots, name: namedStatements.get(compiled.sql) };
    plans.set(dialect, plan);
    return plan;
  }

  return (db: Kysely<Database>, dialect: Dialect, params: P): Promise<QueryResult<O>> => {
    const plan = planFor(dialect);
    const parameters = plan.slots.map((slot) => ('name' in slot ? params[slot.name] : slot.value));
    const direct = dialect === 'sqlite' ? directSqlite.get(db) : undefined;
    if (direct) {
      try {
        const result = runDirect(direct, plan.sql, parameters);
        if (result) return Promise.resolve(result as QueryResult<O>);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    const pool = dialect === 'postgres' ? directPostgres.get(db) : undefined;
    if (pool) return runOnPool<O>(pool, plan.name!, plan.sql, parameters);
    return db.executeQuery<O>(CompiledQuery.raw(plan.sql, parameters));
  };
}
