import {
  CompiledQuery,
  createQueryId,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  sql,
} from 'kysely';
import type { Database } from '../src/platform/schema.js';

/** One statement a watched Kysely instance ran: its text and values as the database got them. */
export interface CapturedStatement {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * Keeps every statement run through a Kysely instance (`capture.watch(db)`), for tests that look at what
 * ran: the queries built with Kysely (seen as a plugin, compiled by the unwatched instance) and the
 * prepared ones (platform/prepared.ts), which reach `db.executeQuery` already compiled and so never pass
 * a plugin.
 */
export class QueryCapture implements KyselyPlugin {
  readonly statements: CapturedStatement[] = [];
  #compile: ((node: RootOperationNode) => CompiledQuery) | null = null;

  watch(db: Kysely<Database>): Kysely<Database> {
    const executor = db.getExecutor();
    this.#compile = (node) => executor.compileQuery(node, createQueryId());
    const watched = db.withPlugin(this);
    return new Proxy(watched, {
      get: (target, property) => {
        if (property === 'executeQuery') {
          return (query: CompiledQuery, queryId?: ReturnType<typeof createQueryId>) => {
            // Only the already compiled (prepared) ones: a built query given here passes transformQuery.
            if ('sql' in query) this.statements.push({ sql: query.sql, parameters: query.parameters });
            return target.executeQuery(query, queryId);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const compiled = this.#compile?.(node);
    if (compiled) this.statements.push({ sql: compiled.sql, parameters: compiled.parameters });
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }

  /** The selects with an ORDER BY: the reads of records in list order (a page, or one export batch each). */
  orderedSelects(): CapturedStatement[] {
    return this.statements.filter((statement) => /^\s*(select|with)\b/i.test(statement.sql) && /\border by\b/i.test(statement.sql));
  }

  clear(): void {
    this.statements.length = 0;
  }
}

/**
 * The plan of a captured statement: SQLite's query plan, or PostgreSQL's told to avoid scans and sorts
 * (on a handful of rows both are cheapest; a plan with neither exists only where an index serves).
 */
export async function planOfStatement(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', statement: CapturedStatement): Promise<string> {
  if (dialect === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]));
    return result.rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_sort = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]));
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
