import type { Kysely } from 'kysely';
import { hashPassword } from '../src/platform/password.js';
import type { Database } from '../src/platform/schema.js';

/** A user below `parentId` (createUser always puts users under the admin). */
export async function createSubUser(
  db: Kysely<Database>,
  userName: string,
  password: string,
  parentId: number,
  roleId: number | null,
): Promise<number> {
  const row = await db
    .insertInto('account')
    .values({
      userName,
      passwordHash: await hashPassword(password),
      roleId,
      parentId,
      status: 1,
      platformAdmin: 0,
      mustChangePassword: 0,
      createTime: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

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
