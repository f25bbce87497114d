import type { TaskStatus } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { createProductionCodes } from '../../src/platform/production-codes.js';
import type { Database } from '../../src/platform/schema.js';
import { adminIdOf } from './accounts.js';
import { createLine } from './lines.js';
import { createPublishedProduct } from './products.js';

export interface TaskOptions {
  productId?: number;
  lineIds?: number[];
  productionCount?: number;
  status?: TaskStatus;
  ownerId?: number;
}

/**
 * A task written straight to the tables with its lines and production codes but
 * no flows: for tests of what only reads the task and its codes (exports, QR).
 * Tests of planning go through the API, which copies the flows.
 */
export async function insertTask(db: Kysely<Database>, options: TaskOptions = {}): Promise<number> {
  const productId = options.productId ?? (await createPublishedProduct(db, { flows: 1 })).productId;
  const product = await db.selectFrom('product').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
  const adminId = await adminIdOf(db);
  const lineIds = options.lineIds ?? [await createLine(db)];
  const now = Date.now();
  const count = options.productionCount ?? 3;
  const task = await db
    .insertInto('task')
    .values({
      ownerId: options.ownerId ?? adminId,
      creatorId: adminId,
      productTypeId: product.productTypeId,
      productId,
      productNumber: product.number,
      productCode: product.code,
      communicationId: product.communicationId,
      productionCount: count,
      status: options.status ?? 'NEW',
      expireTime: null,
      createTime: now,
      updateTime: now,
      startTime: null,
      finishTime: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lines = await db.selectFrom('production_line').select(['id', 'lineName', 'lineNum']).where('id', 'in', lineIds).execute();
  await db
    .insertInto('task_line')
    .values(lines.map((line, index) => ({ taskId: task.id, lineId: line.id, lineName: line.lineName, lineNum: line.lineNum, sequence: index + 1 })))
    .execute();
  await createProductionCodes(db, task.id, 1, count, now);
  return task.id;
}
