import { MSG } from '@factory/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from './db.js';
import { conflict, notFound } from './errors.js';
import type { Database, ProductTable } from './schema.js';
import type { Tenancy } from './tenancy.js';

/**
 * Products belong to the tenant (the root account of the caller's tree); the
 * platform administrator sees every tenant's (ownerId null), as with lines:
 * the request's scope (`await request.scope()`) is one. Shared: the product's
 * properties, flows and firmware are guarded by the product they belong to.
 */
export type ProductScope = Tenancy;

/** What the guard reads of a product. */
export type GuardedProduct = Pick<Selectable<ProductTable>, 'id' | 'number' | 'code' | 'communicationId' | 'publishStatus' | 'ownerId'>;

/** The product if it is in the caller's scope; 404 otherwise (another tenant's id is as unknown as a missing one). */
export async function requireProduct(db: Kysely<Database>, scope: ProductScope, productId: number): Promise<GuardedProduct> {
  let query = db
    .selectFrom('product')
    .select(['id', 'number', 'code', 'communicationId', 'publishStatus', 'ownerId'])
    .where('id', '=', productId);
  if (scope.ownerId !== null) query = query.where('ownerId', '=', scope.ownerId);
  const product = await query.executeTakeFirst();
  if (!product) throw notFound();
  return product;
}

/**
 * Every write to a product's definition (the product, its properties, flows and
 * firmware) starts here, inside its transaction: the product must be in scope
 * (404) and UNPUBLISH (409 productNotEditable). On PostgreSQL the product row is
 * locked `for update` until the transaction ends, so the writes of one product
 * (flow reorders above all, and a publish racing an edit) run one after the
 * other and each sees the previous one's result. SQLite has one connection and
 * runs transactions one at a time anyway.
 */
export async function requireEditableProduct(tx: Db, scope: ProductScope, productId: number): Promise<GuardedProduct> {
  let query = tx.kysely
    .selectFrom('product')
    .select(['id', 'number', 'code', 'communicationId', 'publishStatus', 'ownerId'])
    .where('id', '=', productId);
  if (scope.ownerId !== null) query = query.where('ownerId', '=', scope.ownerId);
  if (tx.dialect === 'postgres') query = query.forUpdate();
  const product = await query.executeTakeFirst();
  if (!product) throw notFound();
  if (product.publishStatus !== 'UNPUBLISH') throw conflict(MSG.productNotEditable);
  return product;
}
