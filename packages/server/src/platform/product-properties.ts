import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductPropertyTable } from './schema.js';

// A product's properties as the property module lists them and the flow module checks
// flow items against them.

/** A property row (enumerates as stored: JSON text of { "0": label, ... }) with the names of its data type and unit. */
export type PropertyRow = Omit<Selectable<ProductPropertyTable>, 'updateTime'> & { dataTypeName: string; unitName: string | null };

export function propertiesWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('product_property')
    .innerJoin('data_type', 'data_type.id', 'product_property.dataTypeId')
    .leftJoin('unit', 'unit.id', 'product_property.unitId')
    .select([
      'product_property.id',
      'product_property.productId',
      'product_property.name',
      'product_property.code',
      'product_property.dataTypeId',
      'data_type.name as dataTypeName',
      'product_property.min',
      'product_property.max',
      'product_property.unitId',
      'unit.name as unitName',
      'product_property.length',
      'product_property.enumerates',
      'product_property.trueValue',
      'product_property.falseValue',
      'product_property.description',
      'product_property.valueDescription',
      'product_property.createTime',
    ]);
}

export function allProperties(db: Kysely<Database>, productId: number): Promise<PropertyRow[]> {
  return propertiesWithNames(db).where('product_property.productId', '=', productId).orderBy('product_property.id').execute();
}

/** The stored enum map back as an object (null when absent or unreadable). */
export function parseEnumerates(text: string | null): Record<string, string> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([key, label]) => [key, String(label)]));
  } catch {
    return null;
  }
}
