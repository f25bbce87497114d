import type { Kysely } from 'kysely';
import type { Database } from '../src/platform/schema.js';
import { createTenant, uniqueCode } from './product-center-factories.js';

/*
 * The product factories (createProduct, createProperty, createFlow, uniqueCode …)
 * live in product-center-factories.ts; this file re-exports them for the property
 * and flow tests and adds what only those need.
 */
export * from './product-center-factories.js';

/** Another tenant: a root account (no parent, no role) besides the admin's, owning products for scope tests. */
export function createOtherTenant(db: Kysely<Database>): Promise<number> {
  return createTenant(db, uniqueCode('tenant'), 'not-a-hash', null);
}
