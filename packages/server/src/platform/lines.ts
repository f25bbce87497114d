import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { Tenancy } from './tenancy.js';

// The production lines of a tenant, as the line module lists them and the terminal module checks them.

export interface LineRow {
  id: number;
  factoryId: number;
  factoryName: string;
  lineName: string;
  lineNum: string;
  status: number;
  createTime: number;
}

export function linesInScope(db: Kysely<Database>, tenancy: Tenancy) {
  let query = db.selectFrom('production_line').innerJoin('factory', 'factory.id', 'production_line.factoryId');
  if (tenancy.ownerId !== null) query = query.where('factory.ownerId', '=', tenancy.ownerId);
  return query;
}

export const lineColumns = [
  'production_line.id',
  'production_line.factoryId',
  'factory.factoryName',
  'production_line.lineName',
  'production_line.lineNum',
  'production_line.status',
  'production_line.createTime',
] as const;

/** One line of the tenant, or undefined (another tenant's line is as unknown as a missing one). */
export function findLine(db: Kysely<Database>, tenancy: Tenancy, id: number): Promise<LineRow | undefined> {
  return linesInScope(db, tenancy).select(lineColumns).where('production_line.id', '=', id).executeTakeFirst();
}
