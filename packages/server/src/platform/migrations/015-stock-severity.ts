import type { Kysely } from 'kysely';

/**
 * Issue 15, beyond it: GB/T 2828.1's switching between normal and tightened
 * inspection. A batch keeps the severity its plan was drawn from; the next
 * batch's severity follows from the verdicts of the product's earlier batches.
 */
export function stockSeverityMigration() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('stock_batch').addColumn('severity', 'varchar(10)', (c) => c.notNull().defaultTo('NORMAL')).execute();
      // The product's batches in the order they were closed: the history the switching rules read.
      await db.schema.createIndex('stock_batch_product').on('stock_batch').columns(['ownerId', 'productId', 'closeTime']).execute();
    },
  };
}
