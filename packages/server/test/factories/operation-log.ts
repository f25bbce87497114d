import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/schema.js';

/** A log entry written directly, for filters that need fixed times. */
export async function insertLogEntry(
  db: Kysely<Database>,
  entry: { accountId: number | null; userName: string; module: string; createTime: number; statusCode?: number },
): Promise<number> {
  const row = await db
    .insertInto('operation_log')
    .values({
      accountId: entry.accountId,
      userName: entry.userName,
      module: entry.module,
      action: '测试操作',
      method: 'POST',
      route: `/api/${entry.module}/test`,
      targetId: null,
      summary: '测试操作',
      statusCode: entry.statusCode ?? 200,
      ip: '127.0.0.1',
      createTime: entry.createTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
