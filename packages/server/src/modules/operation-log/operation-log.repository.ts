import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/schema.js';

/** `column` contains `text`, ignoring ASCII case on both dialects, % and _ taken literally. */
function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

export interface LogFilters {
  /** the accounts whose entries may be seen; null for every entry (platform administrator) */
  accountIds: number[] | null;
  userName?: string | undefined;
  module?: string | undefined;
  /** inclusive, epoch ms */
  from?: number | undefined;
  /** exclusive, epoch ms */
  before?: number | undefined;
}

function entriesInScope(db: Kysely<Database>, filters: Pick<LogFilters, 'accountIds'>) {
  let query = db.selectFrom('operation_log');
  if (filters.accountIds !== null) query = query.where('accountId', 'in', filters.accountIds);
  return query;
}

/** A page of log entries, newest first. */
export async function logPage(db: Kysely<Database>, filters: LogFilters, paging: { page: number; pageSize: number }) {
  let query = entriesInScope(db, filters);
  if (filters.userName) query = query.where(containsText('userName', filters.userName));
  if (filters.module) query = query.where('module', '=', filters.module);
  if (filters.from !== undefined) query = query.where('createTime', '>=', filters.from);
  if (filters.before !== undefined) query = query.where('createTime', '<', filters.before);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = query.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc');
  if (paging.pageSize > 0) list = list.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  return { rows: await list.execute(), total: Number(counted.count) };
}

/** The modules that have entries the viewer may see. */
export async function logModules(db: Kysely<Database>, accountIds: number[] | null): Promise<string[]> {
  const rows = await entriesInScope(db, { accountIds }).select('module').distinct().orderBy('module').execute();
  return rows.map((row) => row.module);
}
