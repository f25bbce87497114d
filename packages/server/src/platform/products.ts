import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductTable } from './schema.js';
import type { Tenancy } from './tenancy.js';

// A product as the product module lists it and a task plans against it (the firmware
// module checks it exists too).

/** A product row with the names of its references and the counts of its flows and properties. */
export type ProductRow = Selectable<ProductTable> & {
  productTypeName: string;
  communicationName: string;
  dataFormatName: string;
  flowCount: number;
  propertyCount: number;
};

export function productsInScope(db: Kysely<Database>, tenancy: Tenancy) {
  let query = db
    .selectFrom('product')
    .innerJoin('product_type', 'product_type.id', 'product.productTypeId')
    .innerJoin('communication_type', 'communication_type.id', 'product.communicationId')
    .innerJoin('data_format', 'data_format.id', 'product.dataFormatId');
  if (tenancy.ownerId !== null) query = query.where('product.ownerId', '=', tenancy.ownerId);
  return query;
}

export function withColumns(query: ReturnType<typeof productsInScope>) {
  return query.select((eb) => [
    'product.id',
    'product.productTypeId',
    'product_type.name as productTypeName',
    'product.number',
    'product.code',
    'product.connectInternet',
    'product.communicationId',
    'communication_type.name as communicationName',
    'product.dataFormatId',
    'data_format.name as dataFormatName',
    'product.description',
    'product.inspectionLevel',
    'product.aql',
    'product.publishStatus',
    'product.ownerId',
    'product.createTime',
    'product.publishTime',
    eb
      .selectFrom('product_flow')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('product_flow.productId', '=', 'product.id')
      .$asScalar()
      .as('flowCount'),
    eb
      .selectFrom('product_property')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('product_property.productId', '=', 'product.id')
      .$asScalar()
      .as('propertyCount'),
  ]);
}

export function normalise(row: Omit<ProductRow, 'flowCount' | 'propertyCount'> & { flowCount: unknown; propertyCount: unknown }): ProductRow {
  return {
    ...row,
    createTime: Number(row.createTime),
    publishTime: row.publishTime === null ? null : Number(row.publishTime),
    aql: Number(row.aql),
    flowCount: Number(row.flowCount ?? 0),
    propertyCount: Number(row.propertyCount ?? 0),
  };
}

/**
 * One product of the tenant, or undefined (another tenant's product is as unknown
 * as a missing one). `lock` takes the row `for update` (PostgreSQL only: SQLite
 * runs one writing transaction at a time anyway), so status checks and the writes
 * that depend on them can not interleave with another call on the same product.
 */
export async function findProduct(
  db: Kysely<Database>,
  tenancy: Tenancy,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ProductRow | undefined> {
  if (options.lock) await db.selectFrom('product').select('id').where('id', '=', id).forUpdate().execute();
  const row = await withColumns(productsInScope(db, tenancy)).where('product.id', '=', id).executeTakeFirst();
  return row ? normalise(row) : undefined;
}
