import { type Compilable, type Expression, type Kysely, PostgresAdapter, type QueryResult, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from './db.js';
import { prepared } from './prepared.js';
import type { Database } from './schema.js';
import type { TaskScope } from './task-scope.js';

// What the console's list calls need of prepared() (issue 19): building and compiling their Kysely queries
// anew on every request was about a quarter of a list call's CPU. Here: the dialect of a Kysely handle
// (the repositories take only the handle), lists of values as one parameter, one prepared query per shape
// of a query (a scope, a filter present or not), and the task scope written with parameters.

const dialects = new WeakMap<Kysely<Database>, Dialect>();

/** The dialect of a Kysely handle (a transaction's too), read from its adapter once per handle. */
export function dialectOfKysely(db: Kysely<Database>): Dialect {
  let dialect = dialects.get(db);
  if (dialect === undefined) {
    dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    dialects.set(db, dialect);
  }
  return dialect;
}

/**
 * `expression` is one of the values of the list parameter `list` (its value from listValue): PostgreSQL's
 * `= any($1)` with an array, SQLite's `in` over json_each of a JSON array. One statement text for any
 * number of values, where `in (?, ?, …)` makes a text (and a plan, and a cached statement) per length;
 * both read the column's index once a value.
 */
export function inList(dialect: Dialect, expression: Expression<unknown>, list: unknown): Expression<SqlBool> {
  return dialect === 'postgres' ? sql<SqlBool>`${expression} = any(${list})` : sql<SqlBool>`${expression} in (select value from json_each(${list}))`;
}

/** The value of a list parameter of inList: the array itself for pg, its JSON for SQLite. */
export function listValue(dialect: Dialect, values: readonly (number | string)[]): unknown {
  return dialect === 'postgres' ? values : JSON.stringify(values);
}

type Run<P, O> = (db: Kysely<Database>, dialect: Dialect, params: P) => Promise<QueryResult<O>>;

/**
 * prepared() for a query whose shape has a few forms (a filter present or not, a kind of scope): one
 * prepared query per form, made on first use and kept, keyed by a short name the caller gives the form.
 */
export function preparedForms<K extends string, P extends Record<string, unknown>, O>(
  names: readonly (keyof P & string)[],
  build: (form: K, db: Kysely<Database>, dialect: Dialect, params: P) => Compilable<O>,
): (form: K) => Run<P, O> {
  const forms = new Map<K, Run<P, O>>();
  return (form) => {
    let run = forms.get(form);
    if (run === undefined) {
      run = prepared<P, O>(names, (db, dialect, params) => build(form, db, dialect, params));
      forms.set(form, run);
    }
    return run;
  };
}

/** The form of a task scope: every tenant or one, every line of it, none, or some. */
export type ScopeForm = `${'all' | 'owner'}-${'lines' | 'none' | 'some'}`;
/** The scope's values as parameters of a prepared query (inList's form for the lines). */
export interface ScopeParams {
  ownerId: number | null;
  lineIds: unknown;
  [name: string]: unknown;
}
export const SCOPE_NAMES = ['ownerId', 'lineIds'] as const;

export function scopeForm(scope: TaskScope): ScopeForm {
  const lines = scope.lineIds === null ? 'lines' : scope.lineIds.length === 0 ? 'none' : 'some';
  return `${scope.ownerId === null ? 'all' : 'owner'}-${lines}`;
}

export function scopeParams(dialect: Dialect, scope: TaskScope): ScopeParams {
  return { ownerId: scope.ownerId, lineIds: scope.lineIds === null ? null : listValue(dialect, scope.lineIds) };
}

/** task-scope.ts whereInScope with the scope's values as parameters of a prepared query of its form. */
export function whereInScopeForm<O>(
  query: SelectQueryBuilder<Database, 'task', O>,
  dialect: Dialect,
  form: ScopeForm,
  params: ScopeParams,
): SelectQueryBuilder<Database, 'task', O> {
  let scoped = query;
  if (form.startsWith('owner')) scoped = scoped.where('task.ownerId', '=', params.ownerId as number);
  if (form.endsWith('-none')) return scoped.where((eb) => eb.val(1), '=', 0);
  if (form.endsWith('-some')) {
    scoped = scoped.where((eb) =>
      eb.exists(
        eb
          .selectFrom('task_line')
          .select('task_line.taskId')
          .whereRef('task_line.taskId', '=', 'task.id')
          .where((sub) => inList(dialect, sub.ref('task_line.lineId'), params.lineIds)),
      ),
    );
  }
  return scoped;
}
