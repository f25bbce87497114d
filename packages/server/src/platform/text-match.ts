import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * `column` contains `text`, ignoring case on both dialects (SQLite's LIKE ignores
 * ASCII case, PostgreSQL's does not) and taking % and _ literally: line names and
 * codes may contain underscores. Shared by every list with a search box.
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
