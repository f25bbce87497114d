import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/schema.js';
import { adminIdOf } from './accounts.js';
import { unique } from './unique.js';

/** The id of a seeded terminal category by name (21.5寸平板, 15寸平板, 11.5寸平板, 手持机). */
export async function categoryIdOf(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('terminal_category').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export interface TerminalOptions {
  terminalCode?: string;
  terminalName?: string;
  terminalType?: 'PAD' | 'PDA';
  /** a category name; PADs default to 21.5寸平板, PDAs to 手持机 */
  category?: string;
  lineId?: number | null;
  status?: number;
  taskId?: number | null;
  flowId?: number | null;
  workerId?: number | null;
  ownerId?: number;
}

/**
 * A terminal written straight to the database, so tests can set up states that
 * only later issues reach through the API (a PAD on a task, a signed-in worker).
 */
export async function createTerminal(db: Kysely<Database>, options: TerminalOptions = {}): Promise<number> {
  const terminalType = options.terminalType ?? 'PAD';
  const lineId = options.lineId ?? null;
  const row = await db
    .insertInto('terminal')
    .values({
      terminalCode: options.terminalCode ?? unique('T'),
      terminalName: options.terminalName ?? unique('终端'),
      terminalType,
      categoryId: await categoryIdOf(db, options.category ?? (terminalType === 'PAD' ? '21.5寸平板' : '手持机')),
      lineId,
      status: options.status ?? (lineId === null ? 0 : 4),
      taskId: options.taskId ?? null,
      flowId: options.flowId ?? null,
      workerId: options.workerId ?? null,
      ownerId: options.ownerId ?? (await adminIdOf(db)),
      createTime: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
