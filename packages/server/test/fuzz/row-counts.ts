import fs from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/platform/schema.js';

/**
 * Tables a refused request rightly changes, each found by reading the code:
 * - operation_log: every mutating call is put on record after it is answered,
 *   refusals included (platform/operation-log.ts, onResponse).
 * - login_failure: a refused sign-in (console or station) records the failure for
 *   the throttle and prunes old ones (platform/login-failures.ts).
 * - captcha: a sign-in consumes its captcha whether right or wrong (checkCaptcha
 *   deletes it), and issuing one prunes the expired (session/captcha.repository.ts).
 * Every other table, and the files on disk, must be as they were after a 4xx.
 */
export const CHANGED_BY_REFUSALS = new Set(['operation_log', 'login_failure', 'captcha']);

export type Counts = Map<string, number>;

/** Row counts of every table of the app's schema (found by introspection, so new tables join), plus files on disk. */
export async function rowCounts(db: Kysely<Database>, filesDir: string, tables: readonly string[]): Promise<Counts> {
  const union = sql.join(
    tables.map((table) => sql`select ${table} as t, count(*) as n from ${sql.table(table)}`),
    sql` union all `,
  );
  const result = await sql<{ t: string; n: number | string }>`${union}`.execute(db);
  const counts: Counts = new Map(result.rows.map((row) => [row.t, Number(row.n)]));
  counts.set('(files on disk)', filesIn(filesDir));
  return counts;
}

/** The app's own tables: on PostgreSQL those of the test's schema only (other test files have theirs beside it). */
export async function tablesOf(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const query =
    dialect === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const { rows } = await query.execute(db);
  return rows
    .map((row) => row.name)
    .filter((name) => !CHANGED_BY_REFUSALS.has(name) && !name.startsWith('kysely_'))
    .sort();
}

function filesIn(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** `table before→after` for each count that differs. */
export function differences(before: Counts, after: Counts): string[] {
  const changed: string[] = [];
  for (const [table, count] of after) {
    const was = before.get(table) ?? 0;
    if (was !== count) changed.push(`${table} ${was}→${count}`);
  }
  return changed;
}
