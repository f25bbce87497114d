import type { TaskStatus } from '@factory/contracts';
import type { Kysely } from 'kysely';
import { createProductionCodes } from '../src/modules/production-code/production-code.repository.js';
import type { Database } from '../src/platform/schema.js';
import { createLine } from './line-factories.js';
import { createFlow, createProduct, createProperty, type ProductOptions } from './product-center-factories.js';

export interface PublishedProduct {
  productId: number;
  productTypeId: number;
  number: string;
  /** the product's flows in order */
  flowIds: number[];
}

/**
 * A published product with `flows` flows (2 unless told), each checking one int
 * property (0–100, standard 10–20) and one manual item, the shape tasks copy.
 */
export async function createPublishedProduct(
  db: Kysely<Database>,
  options: ProductOptions & { flows?: number } = {},
): Promise<PublishedProduct> {
  const { flows = 2, ...productOptions } = options;
  const productId = await createProduct(db, { publishStatus: 'PUBLISH', publishTime: Date.now(), ...productOptions });
  const propertyId = await createProperty(db, productId, { dataTypeId: 'int', min: 0, max: 100 });
  const flowIds: number[] = [];
  for (let n = 1; n <= flows; n++) {
    flowIds.push(
      await createFlow(db, productId, {
        name: `流程${n}`,
        items: [{ propertyId, intervalNumber: 1, normalValue: '10', normalValueMax: '20' }],
        manualItems: ['外观完好'],
      }),
    );
  }
  const row = await db.selectFrom('product').select(['productTypeId', 'number']).where('id', '=', productId).executeTakeFirstOrThrow();
  return { productId, productTypeId: row.productTypeId, number: row.number, flowIds };
}

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
  const admin = await db.selectFrom('account').select('id').where('userName', '=', 'admin').executeTakeFirstOrThrow();
  const lineIds = options.lineIds ?? [await createLine(db)];
  const now = Date.now();
  const count = options.productionCount ?? 3;
  const task = await db
    .insertInto('task')
    .values({
      ownerId: options.ownerId ?? admin.id,
      creatorId: admin.id,
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
